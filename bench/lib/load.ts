// One bounded autocannon run against one URL, with a warm-up first (JIT, pool connections,
// PostgreSQL's caches); the figures come from the measured run only.
import autocannon, { type Result } from "autocannon";
import { processCpuMs } from "./machine-load";

export type LoadOptions = {
  connections: number;
  /** Seconds measured. */
  duration: number;
  /** Seconds of warm-up, not measured. */
  warmup: number;
  headers?: Record<string, string>;
};

export type LoadFigures = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Errors, timeouts and answers other than 2xx: any of them spoils the figures. */
  failures: number;
  /** CPU time of the server process (`serverPid`) per request measured, in ms (null: unknown). */
  serverCpuMsPerRequest: number | null;
};

export async function measure(
  url: string,
  options: LoadOptions,
  serverPid?: number,
): Promise<LoadFigures> {
  const base = {
    url,
    connections: options.connections,
    timeout: 10,
    headers: options.headers,
  };
  if (options.warmup > 0) await autocannon({ ...base, duration: options.warmup });
  const cpuBefore = serverPid ? processCpuMs(serverPid) : null;
  const result: Result = await autocannon({ ...base, duration: options.duration });
  const cpuAfter = serverPid ? processCpuMs(serverPid) : null;
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
    serverCpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null && result.requests.total > 0
        ? (cpuAfter - cpuBefore) / result.requests.total
        : null,
  };
}
