// One size limit for every request body, checked before anything reads it: a declared length
// over the limit is refused from the headers alone; a chunked body is counted as it arrives and
// refused at the first byte past the limit. Without it, c.req.json() buffered whatever came
// (a 300 MB body to /api/contact took the server from 366 MB to 1.15 GB).
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { errorBody } from "./http-error";

/** Every JSON form of the site fits many times over (the longest field is 10,000 characters). */
export const REQUEST_BODY_MAX_BYTES = 64 * 1024;

/**
 * Refuses bodies over `maxBytes` with 413 in the API\'s error shape (docs/architecture.md "API"). `ownLimits` names the routes
 * ("PUT /api/profiles/me/avatar") that check a larger limit of their own, after their sign-in
 * and rate-limit checks.
 */
export function requestBodyLimit(
  options: { maxBytes?: number; ownLimits?: readonly string[] } = {},
): MiddlewareHandler {
  const maxBytes = options.maxBytes ?? REQUEST_BODY_MAX_BYTES;
  const message = `The request is too large (at most ${Math.floor(maxBytes / 1024)} KB)`;
  const ownLimits = new Set(options.ownLimits ?? []);
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json(errorBody(413, message), 413),
  });
  return (c, next) => {
    // A GET or HEAD request has no body to read (@hono/node-server gives its Request none),
    // and asking for one (`c.req.raw.body`, as hono's bodyLimit does first) makes the server
    // build a whole web Request, AbortSignal included: about a tenth of a small GET's CPU in
    // the load run (bench/RESULTS.md).
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    return ownLimits.has(`${c.req.method} ${c.req.path}`) ? next() : limit(c, next);
  };
}
