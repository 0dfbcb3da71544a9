// The part of autocannon 9's API the benchmarks use (the package ships no types).
declare module "autocannon" {
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    /** Requests a second across all connections (one worker); latency counts from when each was due. */
    overallRate?: number;
    headers?: Record<string, string>;
    /**
     * Cycled through by each connection, instead of `url`'s path; `setupRequest` makes each
     * request afresh from the one given (method, path, headers).
     */
    requests?: Array<
      | { method?: string; path: string }
      | { setupRequest: (request: Record<string, unknown>) => Record<string, unknown> }
    >;
  };
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    start: Date;
    finish: Date;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
