// Headers that every answer to a request carries, whichever route makes it: the security
// headers, the request id, Vary. Under @hono/node-server they go straight onto node's response
// before the route runs, and node writes them with the answer's own headers (docs/decisions/038).
// Set on the answer itself, each one turned @hono/node-server's plain header object into a web
// Headers, which it then copied back into a plain one: a fifth of a small JSON answer's CPU
// (bench/RESULTS.md §12). Request headers are read from node's request for the same reason.
//
// Without node (app.request() in tests) they are kept per request and set on the answer by
// answerHeaders(), under the same rule as node's: a header the answer sets itself wins.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context, MiddlewareHandler } from "hono";

/** What @hono/node-server puts in c.env: the request and response it answers. */
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

/** The headers waiting for the answer, per request, when there is no node response. */
const pending = new WeakMap<Context, Map<string, string>>();

function pendingOf(c: Context): Map<string, string> {
  let headers = pending.get(c);
  if (!headers) {
    headers = new Map();
    pending.set(c, headers);
  }
  return headers;
}

/** Sets `name` on whatever answer this request gets, unless that answer sets it itself. */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  const outgoing = outgoingOf(c);
  if (outgoing) outgoing.setHeader(name, value);
  else pendingOf(c).set(name.toLowerCase(), value);
}

/** Adds `token` to the answer's Vary header, unless it is there already. */
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
 * Puts the waiting headers on the answer when there was no node response to take them. First in
 * the chain, so that it sees every answer, error pages included.
 */
export function answerHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = pending.get(c);
    if (!headers) return;
    for (const [name, value] of headers) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  };
}
