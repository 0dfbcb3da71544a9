// One bounded autocannon run against one URL, with a warm-up first (JIT, pool connections,
// PostgreSQL's caches); the figures come from the measured run only.
import autocannon, { type Result } from "autocannon";

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
};

export async function measure(url: string, options: LoadOptions): Promise<LoadFigures> {
  const base = {
    url,
    connections: options.connections,
    timeout: 10,
    headers: options.headers,
  };
  if (options.warmup > 0) await autocannon({ ...base, duration: options.warmup });
  const result: Result = await autocannon({ ...base, duration: options.duration });
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}
