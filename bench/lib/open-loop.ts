// An open-loop load: requests arrive at random as people's clicks do (a Poisson process at
// `rate` a second), whether or not earlier ones have been answered, over at most `connections`
// kept-alive connections (a request that finds them all busy waits its turn). Each latency is
// counted from when the request arrived, so waiting for a connection counts (no coordinated
// omission). autocannon's `overallRate` is not this: it sends each connection's share of the
// second back to back at the start of every second, so every second begins with a burst of
// `connections` requests at once, and its correction then records made-up latencies every 1 ms.
import http from "node:http";
import type { Random } from "./seeded-random";

export type OpenLoopRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
};

export type OpenLoopResult = {
  /** Milliseconds from each request's arrival to the end of its response, answered or not. */
  latencies: number[];
  /** Requests answered with a status other than 2xx, or not answered. */
  failures: number;
  /** Seconds from the first arrival to the last response. */
  seconds: number;
};

export async function openLoop(options: {
  url: string;
  connections: number;
  /** Requests a second, on average. */
  rate: number;
  seconds: number;
  random: Random;
  nextRequest: () => OpenLoopRequest;
}): Promise<OpenLoopResult> {
  const { url, connections, rate, seconds, random, nextRequest } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let failures = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  let arrival = started;
  try {
    for (;;) {
      // Exponential gaps: arrivals independent of each other, `rate` a second on average.
      arrival += (-Math.log(1 - random.next()) / rate) * 1000;
      if (arrival >= end) break;
      const wait = arrival - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const arrivedAt = arrival;
      inFlight.push(
        send(url, agent, nextRequest()).then((ok) => {
          latencies.push(performance.now() - arrivedAt);
          if (!ok) failures += 1;
        }),
      );
    }
    await Promise.all(inFlight);
  } finally {
    agent.destroy();
  }
  return { latencies, failures, seconds: (performance.now() - started) / 1000 };
}

function send(url: string, agent: http.Agent, request: OpenLoopRequest): Promise<boolean> {
  return new Promise((resolve) => {
    const outgoing = http.request(
      new URL(request.path, url),
      { method: request.method, headers: request.headers, agent, timeout: 10_000 },
      (response) => {
        response.resume();
        response.on("end", () => resolve((response.statusCode ?? 0) < 300));
        response.on("error", () => resolve(false));
      },
    );
    outgoing.on("timeout", () => outgoing.destroy());
    outgoing.on("error", () => resolve(false));
    outgoing.end();
  });
}
