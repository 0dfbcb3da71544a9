// Operators' view of a running instance: GET /metrics in Prometheus's text format (prom-client),
// off unless METRICS_TOKEN is set, and then only for a scraper that sends it as a bearer token
// (the figures name routes and queue sizes; nothing about members). One registry per app, not
// prom-client's global one, so that test apps and a second instance in one process keep their
// own figures. Each instance reports its own requests and streams; the queue depth is the
// database's, the same from every instance.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Env, Hono, MiddlewareHandler } from "hono";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { PoolStats } from "@/server/db/client";

export type MetricsSources = {
  /** The PostgreSQL pool's use; absent on PGlite (one connection, no pool). */
  poolStats?: () => PoolStats;
  /** Live-update streams open on this instance. */
  openStreams: () => number;
  /** Jobs waiting, by queue. */
  waitingJobs: () => Promise<Map<string, number>>;
};

export type Metrics = {
  registry: Registry;
  /** Counts a message the mail queue handed to the transport, or one it failed to. */
  mail(outcome: "sent" | "failed"): void;
  /** Counts an answered request and its time. */
  request(method: string, route: string, status: number, seconds: number): void;
};

/** Seconds; from a cached page (a few ms) to a slow search or upload. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(sources: MetricsSources, options: { process: boolean }): Metrics {
  const registry = new Registry();
  // The process's CPU, memory, event-loop delay and handles: only in a server that is scraped
  // (their event-loop monitor is a timer of its own).
  if (options.process) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by method, route and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request (to its headers, for a stream), by method and route.",
    labelNames: ["method", "route"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const mails = new Counter({
    name: "mail_messages_total",
    help: "Mail the queue handed to the transport (sent) or failed to (failed; retried later).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  for (const outcome of ["sent", "failed"]) mails.labels(outcome).inc(0);
  new Gauge({
    name: "live_streams_open",
    help: "Live-update streams (server-sent events) open on this instance.",
    registers: [registry],
    collect() {
      this.set(sources.openStreams());
    },
  });
  new Gauge({
    name: "jobs_waiting",
    help: "Background jobs waiting to run (due or waiting for a retry), by queue.",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      for (const [queue, waiting] of await sources.waitingJobs()) this.labels(queue).set(waiting);
    },
  });
  const { poolStats } = sources;
  if (poolStats) {
    new Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL pool connections by state (busy, idle), and its size (max).",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.labels("busy").set(stats.total - stats.idle);
        this.labels("idle").set(stats.idle);
        this.labels("max").set(stats.max);
      },
    });
    new Gauge({
      name: "db_pool_waiting",
      help: "Queries waiting for a free PostgreSQL pool connection.",
      registers: [registry],
      collect() {
        this.set(poolStats().waiting);
      },
    });
  }
  return {
    registry,
    mail(outcome) {
      mails.labels(outcome).inc();
    },
    request(method, route, status, seconds) {
      requests.labels(method, route, String(status)).inc();
      requestSeconds.labels(method, route).observe(seconds);
    },
  };
}

/**
 * Counts each request under its route's pattern (`/api/discussions/:id`), never its path: the
 * label set stays bounded whatever paths clients send. Pages and files are the SPA's `*`.
 */
export function requestMetrics(metrics: Metrics): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    metrics.request(c.req.method, c.req.routePath, c.res.status, seconds);
  };
}

function sameToken(given: string, expected: string): boolean {
  // Digests first: equal lengths for timingSafeEqual, and no early exit on a length mismatch.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** GET /metrics for a scraper holding `token`; 401 for anyone else. */
export function addMetricsRoute<E extends Env>(
  app: Hono<E>,
  metrics: Metrics,
  token: string,
): void {
  app.get("/metrics", async (c) => {
    const header = c.req.header("authorization") ?? "";
    const given = /^Bearer (.+)$/i.exec(header)?.[1] ?? "";
    if (!sameToken(given, token)) {
      c.header("www-authenticate", 'Bearer realm="metrics"');
      return c.text("Unauthorized", 401);
    }
    c.header("cache-control", "no-store");
    c.header("content-type", metrics.registry.contentType);
    return c.body(await metrics.registry.metrics());
  });
}
