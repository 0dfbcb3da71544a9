// Headers every response carries, whichever route makes it: the security headers, the request
// id, Vary. Under @hono/node-server they go straight onto node's response before the route runs,
// which costs less than a web Headers per response (docs/decisions/038, bench/RESULTS.md §12).
// Without node (app.request() in API tests) they wait per request and responseHeaders() sets
// them; tests that need production's path build the server with site-server.ts.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context, MiddlewareHandler } from "hono";

/** What @hono/node-server puts in c.env: the request and the response it writes. */
type NodeBindings = { incoming?: IncomingMessage; outgoing?: ServerResponse };

function nodeOf(c: Context): NodeBindings {
  const bindings = c.env as NodeBindings | undefined;
  return bindings && typeof bindings === "object" ? bindings : {};
}

/** node's response, while its headers can still be set; undefined under app.request(). */
function outgoingOf(c: Context): ServerResponse | undefined {
  const { outgoing } = nodeOf(c);
  return outgoing && typeof outgoing.setHeader === "function" && !outgoing.headersSent
    ? outgoing
    : undefined;
}

/** A request header (name in lower case), or undefined; one value for repeated headers. */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = nodeOf(c).incoming;
  if (!incoming?.headers) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** The headers waiting for the response, per request, when there is no node response. */
const pending = new WeakMap<Context, Map<string, string>>();

function pendingOf(c: Context): Map<string, string> {
  let headers = pending.get(c);
  if (!headers) {
    headers = new Map();
    pending.set(c, headers);
  }
  return headers;
}

/** Sets `name` on whatever response this request gets, unless that response sets it itself. */
export function setResponseHeader(c: Context, name: string, value: string): void {
  const outgoing = outgoingOf(c);
  if (outgoing) outgoing.setHeader(name, value);
  else pendingOf(c).set(name.toLowerCase(), value);
}

/** Adds `token` to the response's Vary header, unless it is there already. */
export function addVary(c: Context, token: string): void {
  const outgoing = outgoingOf(c);
  const current = outgoing ? outgoing.getHeader("vary") : pending.get(c)?.get("vary");
  if (current && varies(String(current), token)) return;
  const value = current ? `${current}, ${token}` : token;
  if (outgoing) outgoing.setHeader("vary", value);
  else pendingOf(c).set("vary", value);
}

/** Whether the Vary header `value` lists `token` (any case). */
export function varies(value: string, token: string): boolean {
  const wanted = token.toLowerCase();
  return value.split(",").some((listed) => listed.trim().toLowerCase() === wanted);
}

/**
 * Puts the waiting headers on the response when there was no node response to take them. First
 * in the chain, so that it sees every response, error pages included.
 */
export function responseHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = pending.get(c);
    if (!headers) return;
    for (const [name, value] of headers) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  };
}
