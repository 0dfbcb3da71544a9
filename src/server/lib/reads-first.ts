// The public JSON reads answered before the app (docs/decisions/045). A visitor without a session
// asking for the forum's list, one discussion, a page of its replies, the members directory or a
// profile gets the answer the app's route would give, from the same function, without Hono, the
// middleware chain and the web Request and Response each request builds: on a small answer they
// cost about a fifth of the request's CPU (bench/RESULTS.md §16). The SQL is the app's own.
//
// Everything about the answer comes from the rule's one home, as for kept pages (decision 043):
// the host rule, the session cookie test, the security headers, the request id, gzip, the log
// line and the metrics. A request this cannot answer exactly as the app would (a missing record,
// a query the app refuses, an error) goes to the app, which answers it in full: these are reads,
// so asking the database again changes nothing.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Params } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";
import { getQueryParams } from "hono/utils/url";
import { compressJson } from "./compress";
import { acceptsGzip, COMPRESS_THRESHOLD_BYTES } from "./content-encoding";
import type { Logger } from "./logger";
import type { Metrics } from "./metrics";
import { logRequest, REQUEST_ID_HEADER, requestIdFrom } from "./request-log";
import { knownHostHeader } from "./security";
import { cookiesHaveSession } from "./session-cookie";

/** The app's answer to a read, for a visitor without a session. */
export type ReadAnswer = {
  body: unknown;
  /** The route's own Cache-Control, where it sets one. */
  cacheControl?: string;
};

export type AnonymousRead = {
  /** The app's route giving the same answer ("/api/discussions/:id"): its path, and its name in the metrics. */
  route: string;
  /**
   * The answer for the route's parameters and query (as Hono reads them: one value, or a list
   * for a repeated name), or null to leave the request to the app.
   */
  answer(
    params: Record<string, string>,
    query: Record<string, string | string[]>,
  ): Promise<ReadAnswer | null>;
};

export type ReadsFirstOptions = {
  reads: readonly AnonymousRead[];
  siteUrl: string;
  /** lib/security.ts's headers, as every answer of the app carries them. */
  securityHeaders: readonly [string, string][];
  logger: Logger;
  clientIp: (request: IncomingMessage) => string;
  /** Counts the request as the app's metrics middleware would, when the app counts. */
  metrics?: Metrics;
  /** While the server drains (lib/connection-drain.ts), the app answers, with Connection: close. */
  draining: () => boolean;
};

/**
 * Takes `request` and returns true when it is one of the reads, answering it, or handing it to
 * `toApp` when it turns out to be one the app must answer; returns false and does nothing else.
 */
export type ReadsFirst = (
  request: IncomingMessage,
  response: ServerResponse,
  toApp: () => void,
) => boolean;

function oneValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

/** Hono's reading of the query string: a list for a repeated name (hono/validator). */
function queryOf(url: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  const params = getQueryParams(url) as Record<string, string[]>;
  for (const [name, values] of Object.entries(params)) {
    query[name] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

export function readsFirst(options: ReadsFirstOptions): ReadsFirst {
  const router = new TrieRouter<AnonymousRead>();
  for (const read of options.reads) router.add("GET", read.route, read);
  const siteHost = new URL(options.siteUrl).host;
  const common = Object.fromEntries(options.securityHeaders);

  async function answer(
    read: AnonymousRead,
    params: Record<string, string>,
    request: IncomingMessage,
    response: ServerResponse,
    url: string,
    path: string,
  ): Promise<boolean> {
    const started = performance.now();
    const found = await read.answer(params, queryOf(url));
    if (!found) return false;
    const requestId = requestIdFrom(oneValue(request.headers[REQUEST_ID_HEADER]));
    const text = JSON.stringify(found.body);
    const bytes = Buffer.byteLength(text);
    const gzip =
      bytes >= COMPRESS_THRESHOLD_BYTES && acceptsGzip(oneValue(request.headers["accept-encoding"]))
        ? await compressJson(text)
        : null;
    if (response.headersSent || request.destroyed) return true;
    response.writeHead(200, {
      [REQUEST_ID_HEADER]: requestId,
      ...common,
      vary: "accept-encoding",
      ...(found.cacheControl ? { "cache-control": found.cacheControl } : {}),
      "content-type": "application/json",
      ...(gzip ? { "content-encoding": "gzip" } : {}),
      "content-length": String(gzip ? gzip.byteLength : bytes),
    });
    response.end(gzip ?? text);
    if (options.logger.isLevelEnabled("info")) {
      const ip = options.clientIp(request);
      logRequest(options.logger.child({ reqId: requestId }), "GET", path, 200, started, ip);
    }
    options.metrics?.request("GET", read.route, 200, (performance.now() - started) / 1000);
    return true;
  }

  return (request, response, toApp) => {
    const { url, headers } = request;
    if (request.method !== "GET" || url === undefined || options.draining()) return false;
    if (!knownHostHeader(headers.host, siteHost)) return false;
    if (cookiesHaveSession(oneValue(headers.cookie))) return false;
    const path = url.split("?", 1)[0] ?? url;
    // Hono's own router, as the app's routes match: a path one of them would not take (a
    // trailing slash, an encoded letter) is not taken here either and goes to the app.
    const [read, params] = (router.match("GET", path)[0][0] ?? []) as [AnonymousRead?, Params?];
    if (!read || !params) return false;
    answer(read, params, request, response, url, path).then(
      (answered) => {
        if (!answered) toApp();
      },
      () => {
        // The app meets the same error and answers it as it answers every error.
        if (!response.headersSent) toApp();
      },
    );
    return true;
  };
}
