// Kept pages answered before the app (docs/decisions/043). A visitor without a session asking
// for a page the server keeps (lib/page-cache.ts) gets the same bytes and headers as every such
// visitor: running the app's middleware and router to find them cost more CPU than writing
// them (bench/RESULTS.md §15), as Discourse's anonymous cache answers ahead of Rails. Everything
// here comes from the rule's one home: the host rule, the security headers, the request id,
// the session cookie test, the theme, gzip, the request's log line and its metrics. Any other request, and any request
// this cannot answer exactly as the app would, goes to the app.
import type { IncomingMessage, ServerResponse } from "node:http";
import { acceptsGzip } from "./content-encoding";
import type { Logger } from "./logger";
import type { Metrics } from "./metrics";
import type { PageCache } from "./page-cache";
import { logRequest, REQUEST_ID_HEADER, requestIdFrom } from "./request-log";
import { knownHostHeader } from "./security";
import { cookiesHaveSession } from "./session-cookie";
import { chosenTheme, keptPageBody, mayAnswerFromCache } from "./spa";

export type KeptPagesFirstOptions = {
  cache: PageCache;
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

/** Answers `request` from the kept pages and returns true, or returns false and does nothing. */
export type KeptPagesFirst = (request: IncomingMessage, response: ServerResponse) => boolean;

function oneValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

export function keptPagesFirst(options: KeptPagesFirstOptions): KeptPagesFirst {
  const siteHost = new URL(options.siteUrl).host;
  const common = Object.fromEntries(options.securityHeaders);
  return (request, response) => {
    const { url, headers } = request;
    // Only what the app would answer from the cache itself: a GET for a host it answers,
    // without a session cookie, by the address the app keeps the page under (its path and
    // query as the URL parser writes them).
    if (request.method !== "GET" || url === undefined || options.draining()) return false;
    if (!knownHostHeader(headers.host, siteHost)) return false;
    const cookies = oneValue(headers.cookie);
    if (cookiesHaveSession(cookies)) return false;
    const page = options.cache.get(url);
    if (!page || !mayAnswerFromCache(page)) return false;

    const started = performance.now();
    const requestId = requestIdFrom(oneValue(headers[REQUEST_ID_HEADER]));
    const kept = keptPageBody(
      page,
      chosenTheme(cookies),
      acceptsGzip(oneValue(headers["accept-encoding"])),
    );
    response.writeHead(page.status, {
      [REQUEST_ID_HEADER]: requestId,
      ...common,
      vary: "accept-encoding, Cookie",
      ...kept.headers,
      "content-length": String(
        typeof kept.body === "string" ? Buffer.byteLength(kept.body) : kept.body.byteLength,
      ),
    });
    response.end(kept.body);

    const path = url.split("?", 1)[0] ?? url;
    if (options.logger.isLevelEnabled("info")) {
      const ip = options.clientIp(request);
      logRequest(options.logger.child({ reqId: requestId }), "GET", path, page.status, started, ip);
    }
    options.metrics?.request("GET", "*", page.status, (performance.now() - started) / 1000);
    return true;
  };
}
