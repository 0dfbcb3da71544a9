// The HTTP server as production runs it, in the order of docs/architecture.md "Request path":
// node's listener, the anonymous cache, @hono/node-server, the early-response close and the
// drain around the app. main.ts and the tests that need a socket both build it here, so a test
// takes the same path, and the same headers, as production.
import type { IncomingMessage, RequestListener, ServerOptions } from "node:http";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import { createApp } from "./app";
import type { AppDeps, AppEnv } from "./context";
import { type AnonymousCache, clearOnChanges, createAnonymousCache } from "./lib/anonymous-cache";
import { type ConnectionDrain, connectionDrain } from "./lib/connection-drain";
import { closeAfterEarlyResponses } from "./lib/early-response-close";
import { DISCUSSIONS_CHANNEL, parseDiscussionChange } from "./lib/live-discussions";
import type { StaticFile } from "./lib/static-files";

/** Responses are replayed for 5 s at most, and never past a change this instance learns of. */
export const ANONYMOUS_CACHE_TTL_MS = 5_000;
const ANONYMOUS_CACHE_MAX_BYTES = 64 * 1024 * 1024;
const ANONYMOUS_CACHE_MAX_ENTRIES = 2_000;
/**
 * How long an idle keep-alive connection stays open. Node's 5 s default is shorter than a
 * reverse proxy keeps its idle upstream connections (Caddy 2 min, nginx's `keepalive_timeout`
 * 60 s), so a proxy, or any pooling client, could send a request down a connection the server
 * was closing that same moment and get a reset (a 502 to the visitor). Longer than the proxy's,
 * the proxy always closes first.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 125_000;

export type SiteServerOptions = {
  port: number;
  hostname: string;
  /** The built client; absent in tests that need no pages. */
  staticFiles?: Map<string, StaticFile>;
  uploads?: Hono<AppEnv>;
  /** The request's client address from node's request, as deps.clientIp finds it. */
  clientIp: (request: IncomingMessage) => string;
  /** The anonymous cache (decision 059): off, every request goes through the app (ANONYMOUS_CACHE). */
  anonymousCache: boolean;
  /** Overrides for tests: a longer or shorter life. */
  anonymousCacheTtlMs?: number;
};

export type SiteServer = {
  server: Server;
  address: AddressInfo;
  app: ReturnType<typeof createApp>;
  drain: ConnectionDrain;
  cache: AnonymousCache | null;
};

export async function startSiteServer(
  deps: AppDeps,
  options: SiteServerOptions,
): Promise<SiteServer> {
  const app = createApp(deps, { staticFiles: options.staticFiles, uploads: options.uploads });
  const drain = connectionDrain();
  let cache: AnonymousCache | null = null;
  if (options.anonymousCache) {
    cache = createAnonymousCache({
      siteUrl: deps.env.siteUrl,
      ttlMs: options.anonymousCacheTtlMs ?? ANONYMOUS_CACHE_TTL_MS,
      maxBytes: ANONYMOUS_CACHE_MAX_BYTES,
      maxEntries: ANONYMOUS_CACHE_MAX_ENTRIES,
      logger: deps.logger,
      clientIp: options.clientIp,
      // Counted only where the app counts (app.ts): a scraped server.
      metrics: deps.env.metricsToken ? deps.metrics : undefined,
      drain,
    });
    // Another instance's change to a discussion or reply reaches this one by its live event; a
    // reaction's leaves stored responses to their TTL (docs/decisions/075).
    clearOnChanges(
      cache,
      deps.live,
      DISCUSSIONS_CHANNEL,
      deps.logger,
      (payload) => parseDiscussionChange(payload)?.type === "reacted",
    );
  }
  const withCache = cache;
  let server: Server | undefined;
  const address = await new Promise<AddressInfo>((resolve) => {
    server = serve(
      {
        // A response made before the body arrived closes the connection, and says so (decision 050).
        fetch: closeAfterEarlyResponses(drain.wrap(app.fetch)),
        port: options.port,
        hostname: options.hostname,
        createServer: ((serverOptions: ServerOptions, listener: RequestListener) =>
          createServer(
            serverOptions,
            withCache ? withCache.listener(listener) : listener,
          )) as typeof createServer,
      },
      resolve,
    ) as Server;
  });
  if (!server) throw new Error("the server did not start");
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return { server, address, app, drain, cache };
}
