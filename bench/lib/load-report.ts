// What bench:load reports (BENCH_JSON), as bench/growth.ts reads it back.
import type { LoadFigures } from "./load";
import type { LoadAverage } from "./machine-load";

export type RunFigures = {
  /** The app's own path: the anonymous cache off. */
  ours: LoadFigures;
  bare: LoadFigures;
  /** The app as `npm start` runs it, a visitor's request answered from the anonymous cache. */
  cached?: LoadFigures;
  ratio: number;
  /** Cores' worth of CPU used by processes outside the run (null: unknown). */
  othersCores: number | null;
};

export type EndpointResult = {
  name: string;
  path: string;
  shape: string;
  /** Asked with a member's session: held to a p99 target, not to a ratio. */
  signedIn?: boolean;
  statements: number;
  /** Targets of its own (issue 44's searches), else the general ones. */
  targets?: { p50Ms?: number; p99Ms: number; ratio: number };
  bytes: string;
  runs: RunFigures[];
  median: {
    ratio: number;
    ratioMin: number;
    ratioMax: number;
    requestsPerSecond: number;
    p50: number;
    p99: number;
    ceilingRequestsPerSecond: number;
    ceilingP99: number;
    /** CPU time of the app's process per request (ms; null: unknown); the ceiling's beside. */
    cpuMsPerRequest: number | null;
    ceilingCpuMsPerRequest: number | null;
    /** From the anonymous cache (null: a member's request, which it never answers). */
    cachedRequestsPerSecond?: number | null;
    cachedP99?: number | null;
  };
  othersCoresMax: number | null;
};

export type LoadReport = {
  startedAt: string;
  machine: {
    cores: number;
    cpu: string;
    node: string;
    loadAtStart: LoadAverage;
    /** Cores' worth of CPU other processes used in the 2 s before the run (null: unknown). */
    othersCoresAtStart: number | null;
    loadAtEnd: LoadAverage;
  };
  data: { discussions: number; replies: number; members: number };
  options: {
    connections: number;
    duration: number;
    warmup: number;
    headers?: Record<string, string>;
    runs: number;
  };
  endpoints: EndpointResult[];
};
