// Every request gets an id: echoed in the X-Request-Id header, on the request's own log line
// (method, path, status, time, client address) and on every line logged through
// c.var.deps.logger while it runs, so that a user's report ("it failed, request id ...") or a
// proxy's log finds the server's lines.
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "@/server/context";
import type { Logger } from "./logger";
import { requestHeader, setResponseHeader } from "./response-headers";

export const REQUEST_ID_HEADER = "x-request-id";

/**
 * An id a proxy or load balancer already gave the request is kept, so one id follows it through
 * both logs; but only a short one of plain characters: the header is the sender's choice, and
 * it goes into our logs and back into a response header.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdFrom(header: string | undefined): string {
  return header !== undefined && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * Sets c.var.deps (with the request's logger), c.var.clientIp and c.var.requestId, and the id's
 * header on the answer; after the answer is made, writes the request's line at `info`. For a stream (the
 * live updates) the time is until its headers. The path is logged without its query string:
 * links carry tokens there (confirmation, unsubscribe).
 */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(requestHeader(c, REQUEST_ID_HEADER));
    const clientIp = deps.clientIp(c.req.raw, c.env);
    const logger = deps.logger.child({ reqId: requestId });
    c.set("deps", { ...deps, logger });
    c.set("clientIp", clientIp);
    c.set("requestId", requestId);
    setResponseHeader(c, REQUEST_ID_HEADER, requestId);
    await next();
    logRequest(logger, c.req.method, c.req.path, c.res.status, started, clientIp);
  };
}

/** The request's own line, through its logger (which carries its id), `started` to now. */
export function logRequest(
  logger: Logger,
  method: string,
  path: string,
  status: number,
  started: number,
  ip: string,
): void {
  const ms = Math.round((performance.now() - started) * 10) / 10;
  logger.info({ method, path, status, ms, ip }, "request");
}
