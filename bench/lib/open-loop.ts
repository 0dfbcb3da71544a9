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
  /**
   * Milliseconds each request was sent after its arrival because this process was late (its
   * timer fired late, or it was busy), in the order of `latencies`: part of each latency, and
   * not the server's doing.
   * On a machine the load shares with the server, it shows what the load's own CPU costs.
   */
  lateness: number[];
  /** Milliseconds from the run's start to each request's arrival, and its method, in that order. */
  arrivals: Array<{ at: number; method: string }>;
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
  const lateness: number[] = [];
  const arrivals: OpenLoopResult["arrivals"] = [];
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
      const late = Math.max(0, performance.now() - arrivedAt);
      const request = nextRequest();
      inFlight.push(
        send(url, agent, request).then((ok) => {
          latencies.push(performance.now() - arrivedAt);
          lateness.push(late);
          arrivals.push({ at: arrivedAt - started, method: request.method });
          if (!ok) failures += 1;
        }),
      );
    }
    await Promise.all(inFlight);
  } finally {
    agent.destroy();
  }
  return {
    latencies,
    lateness,
    arrivals,
    failures,
    seconds: (performance.now() - started) / 1000,
  };
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
