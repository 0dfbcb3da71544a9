// One cache for visitors without a session (docs/decisions/059), as Discourse's
// lib/middleware/anonymous_cache.rb: it stores the response the app made to a public read or
// page and replays it from node's request listener, before @hono/node-server and Hono, until a
// live event, a write this instance took or its few seconds end it. On a replay it runs the host
// check, the request id, connection draining, the log line and the metrics from their own
// modules; everything else is the app's stored response.
import type {
  IncomingMessage,
  OutgoingHttpHeader,
  OutgoingHttpHeaders,
  RequestListener,
  ServerResponse,
} from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { chosenTheme } from "./chosen-theme";
import type { ConnectionDrain } from "./connection-drain";
import { responseEncoding } from "./content-encoding";
import { announcesBody } from "./early-response-close";
import type { LiveBus } from "./live-bus";
import type { Logger } from "./logger";
import type { Metrics } from "./metrics";
import { logRequest, REQUEST_ID_HEADER, requestIdFrom } from "./request-log";
import { knownHostHeader } from "./security";
import { cookiesHaveSession } from "./session-cookie";

/** A response the app made, as the cache replays it. */
export type CachedResponse = {
  status: number;
  /** The app's headers but those made per request or per connection (REQUEST_ONLY_HEADERS). */
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** The route the app matched (the metrics' label) and the path its log line names. */
  route: string;
  path: string;
  /** performance.now() past which it is not replayed. */
  until: number;
};

/** Written for each request or connection: never stored, set again on each replay. */
const REQUEST_ONLY_HEADERS = new Set([
  "date",
  REQUEST_ID_HEADER,
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "set-cookie",
]);

/** Request headers that ask for something else than the stored response: the app answers. */
const CONDITIONAL_HEADERS = ["if-none-match", "if-modified-since", "range"] as const;

/** A response bigger than this is not stored: the cache is for pages and reads, not files. */
const MAX_RESPONSE_BYTES = 1024 * 1024;

export type AnonymousCacheOptions = {
  siteUrl: string;
  /** How long a response is replayed at most. */
  ttlMs: number;
  /** The stored bodies' and keys' total size; the least recently used go first beyond it. */
  maxBytes: number;
  /** Responses stored at most, whatever their size. */
  maxEntries: number;
  logger: Logger;
  /** The request's client address, as the app's request context finds it. */
  clientIp: (request: IncomingMessage) => string;
  /** Counts a replay as the app's metrics middleware counts a request, when the app counts. */
  metrics?: Metrics;
  drain: Pick<ConnectionDrain, "closeIfDraining">;
};

export type AnonymousCache = {
  /** node's request listener: a stored response, or `app`'s (stored when it may be). */
  listener(app: RequestListener): RequestListener;
  clear(): void;
  /** The stored responses by key (tests). */
  entries(): IterableIterator<[string, CachedResponse]>;
};

/** What the app says about a response the cache may store: set by the route (a route flag). */
const ROUTE_FLAG = Symbol("anonymous cache route");
type RouteFlag = { route: string; path: string };
type FlaggedRequest = IncomingMessage & { [ROUTE_FLAG]?: RouteFlag };

/**
 * Lets the anonymous cache store this request's response, if the response itself allows it
 * (see storable). A public route or page calls it; under app.request() (no node) it does nothing.
 */
export function allowAnonymousCache(c: Context): void {
  const incoming = (c.env as { incoming?: FlaggedRequest } | undefined)?.incoming;
  if (incoming && typeof incoming === "object") {
    incoming[ROUTE_FLAG] = { route: c.req.routePath, path: c.req.path };
  }
}

const KEEP_FLAG = Symbol("anonymous cache kept");
type KeptRequest = IncomingMessage & { [KEEP_FLAG]?: true };

/**
 * This write changes nothing the cached responses must lose at once: a reaction's counts, which
 * open pages patch from the live event and a stored response catches up with within its TTL
 * (5 s), so a burst of reactions renders a page at most once per TTL (docs/decisions/075).
 */
export function keepAnonymousCache(c: Context): void {
  const incoming = (c.env as { incoming?: KeptRequest } | undefined)?.incoming;
  if (incoming && typeof incoming === "object") incoming[KEEP_FLAG] = true;
}

/** allowAnonymousCache as a middleware, for routes listed in app.ts. */
export function anonymousCacheable(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    allowAnonymousCache(c);
  };
}

const oneValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(", ") : value;

/**
 * Whether the app's response may be replayed to every visitor: a 200 the route allowed, with no
 * cookie set and nothing that says it is one person's (`private`, `no-store`). A 404 is not
 * stored: any path makes one, and it would crowd out the pages. Nor is a live stream (a route
 * pattern such as /api/discussions/:id also matches /api/discussions/events): it never ends, so
 * there is nothing to store, and visitors waiting for its end would wait as long as it stays
 * open (a second visitor's stream hung while the first visitor's was open).
 */
export function storable(status: number, headers: OutgoingHttpHeaders): boolean {
  const cacheControl = String(headers["cache-control"] ?? "");
  return (
    status === 200 &&
    headers["set-cookie"] === undefined &&
    !/\b(private|no-store)\b/i.test(cacheControl) &&
    !/^text\/event-stream\b/i.test(String(headers["content-type"] ?? ""))
  );
}

/** The headers node-server passes to writeHead, lower-cased as getHeaders() gives them. */
function headersOf(given: unknown): OutgoingHttpHeaders | null {
  if (given === undefined) return {};
  if (given === null || typeof given !== "object" || Array.isArray(given)) return null;
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(given as Record<string, OutgoingHttpHeader>)) {
    headers[name.toLowerCase()] = value;
  }
  return headers;
}

const toBuffer = (chunk: unknown, encoding?: unknown): Buffer | null => {
  if (typeof chunk === "string") {
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  }
  return chunk instanceof Uint8Array ? Buffer.from(chunk) : null;
};

export function createAnonymousCache(options: AnonymousCacheOptions): AnonymousCache {
  const siteHost = new URL(options.siteUrl).host;
  /** Insertion order is use order: a replayed entry goes to the end. */
  const entries = new Map<string, CachedResponse>();
  let storedBytes = 0;
  /** Misses under way, by key: requests for the same key wait for the first one's response. */
  const inFlight = new Map<string, Promise<void>>();
  /** Bumped by clear(): a response the app started before it is not stored. */
  let generation = 0;

  const sizeOf = (key: string, entry: CachedResponse) => key.length + entry.body.byteLength;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    storedBytes -= sizeOf(key, entry);
  };

  const lookup = (key: string): CachedResponse | null => {
    const entry = entries.get(key);
    if (!entry) return null;
    if (entry.until <= performance.now()) {
      remove(key);
      return null;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };

  const store = (key: string, entry: CachedResponse) => {
    remove(key);
    entries.set(key, entry);
    storedBytes += sizeOf(key, entry);
    for (const oldest of entries.keys()) {
      if (storedBytes <= options.maxBytes && entries.size <= options.maxEntries) break;
      remove(oldest);
    }
  };

  const clear = () => {
    generation += 1;
    entries.clear();
    storedBytes = 0;
  };

  /**
   * The key of a request the cache may answer, or null: a GET with no body and no condition,
   * in origin form, for a host the app answers (decision 013), without a session cookie. The
   * response varies by host, address, encoding and theme, and by nothing else it may hold.
   */
  const keyOf = (request: IncomingMessage): string | null => {
    const { url, headers } = request;
    if (request.method !== "GET" || url === undefined || url[0] !== "/") return null;
    if (announcesBody(request) || CONDITIONAL_HEADERS.some((name) => headers[name] !== undefined)) {
      return null;
    }
    if (!knownHostHeader(headers.host, siteHost)) return null;
    const cookies = oneValue(headers.cookie);
    if (cookiesHaveSession(cookies)) return null;
    const encoding = responseEncoding(oneValue(headers["accept-encoding"])) ?? "";
    return `${headers.host}\n${encoding}\n${chosenTheme(cookies) ?? ""}\n${url}`;
  };

  const replay = (entry: CachedResponse, request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    const requestId = requestIdFrom(oneValue(request.headers[REQUEST_ID_HEADER]));
    options.drain.closeIfDraining(response);
    response.writeHead(entry.status, {
      ...entry.headers,
      [REQUEST_ID_HEADER]: requestId,
      "content-length": entry.body.byteLength,
    });
    response.end(entry.body);
    // As the request context logs (lib/request-log.ts); the address only when it is written.
    if (options.logger.isLevelEnabled("info")) {
      const logger = options.logger.child({ reqId: requestId });
      const ip = options.clientIp(request);
      logRequest(logger, "GET", entry.path, entry.status, started, ip);
    }
    options.metrics?.request(
      "GET",
      entry.route,
      entry.status,
      (performance.now() - started) / 1000,
    );
  };

  /**
   * Records what the app writes to `response` and stores it when the route allowed it and the
   * response may be stored. Resolves once that is decided: at its head for a response the route
   * did not allow (a file, a live stream), else when it ends.
   */
  const record = (key: string, request: FlaggedRequest, response: ServerResponse) => {
    const started = generation;
    const chunks: Buffer[] = [];
    let size = 0;
    let head: { status: number; headers: OutgoingHttpHeaders; flag: RouteFlag } | null = null;
    let decided = () => {};
    const decision = new Promise<void>((resolve) => (decided = resolve));
    // The recording methods are the response's own, over ServerResponse's: removing them
    // restores node's.
    const own = response as unknown as Record<string, unknown>;
    const restore = () => {
      for (const name of ["writeHead", "write", "end"]) Reflect.deleteProperty(own, name);
      decided();
    };
    const keep = (chunk: unknown, encoding: unknown) => {
      const bytes = toBuffer(chunk, encoding);
      if (!bytes) return;
      size += bytes.byteLength;
      chunks.push(bytes);
      if (size > MAX_RESPONSE_BYTES) {
        head = null;
        restore();
      }
    };
    const { writeHead, write, end } = response;
    own.writeHead = (status: number, ...rest: unknown[]) => {
      const flag = request[ROUTE_FLAG];
      // (status, headers) as node-server calls it, or (status, message, headers).
      const given = headersOf(typeof rest[0] === "string" ? rest[1] : rest[0]);
      // As node merges them: headers set before (lib/response-headers.ts), then these.
      const headers = given && { ...response.getHeaders(), ...given };
      if (flag && headers && storable(status, headers)) {
        head = { status, headers, flag };
      } else {
        restore();
      }
      return (writeHead as (...values: unknown[]) => ServerResponse).call(
        response,
        status,
        ...rest,
      );
    };
    own.write = (chunk: unknown, encoding?: unknown, callback?: unknown) => {
      keep(chunk, encoding);
      return (write as (...values: unknown[]) => boolean).call(response, chunk, encoding, callback);
    };
    own.end = (chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      if (typeof chunk !== "function") keep(chunk, encoding);
      const ended = (end as (...values: unknown[]) => ServerResponse).call(
        response,
        chunk,
        encoding,
        callback,
      );
      // A clear() since the app began: what it read may be older than the change.
      if (head && started === generation) {
        const headers: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(head.headers)) {
          if (value !== undefined && !REQUEST_ONLY_HEADERS.has(name)) headers[name] = value;
        }
        store(key, {
          status: head.status,
          headers,
          body: Buffer.concat(chunks),
          route: head.flag.route,
          path: head.flag.path,
          until: performance.now() + options.ttlMs,
        });
      }
      // Waiting requests look the key up in a microtask: after the store above.
      restore();
      return ended;
    };
    // A client gone before the end: nothing stored, the methods back.
    response.once("close", restore);
    return decision;
  };

  return {
    clear,
    entries: () => entries.entries(),
    listener(app) {
      return (request, response) => {
        const key = keyOf(request);
        if (key === null) {
          // Any write this instance took may show in a stored response (a post, a profile, a
          // hero word): they all go. Other instances learn of discussion changes by their live
          // event (clearOnChanges), of the rest within ttlMs.
          if (
            request.method !== "GET" &&
            request.method !== "HEAD" &&
            request.method !== "OPTIONS"
          ) {
            response.once("close", () => {
              if (response.statusCode < 400 && !(request as KeptRequest)[KEEP_FLAG]) clear();
            });
          }
          return app(request, response);
        }
        const entry = lookup(key);
        if (entry) return replay(entry, request, response);
        // Visitors arriving together for a response not stored wait for one run of the app, not
        // one each (a link shared widely; every visitor just after a change cleared the cache).
        const pending = inFlight.get(key);
        if (pending) {
          pending.then(() => {
            const shared = lookup(key);
            if (shared) replay(shared, request, response);
            else app(request, response);
          });
          return;
        }
        const done: Promise<void> = record(key, request, response).then(() => {
          if (inFlight.get(key) === done) inFlight.delete(key);
        });
        inFlight.set(key, done);
        return app(request, response);
      };
    },
  };
}

/**
 * Clears `cache` on every payload on `channel` but those `keeps` says leave it (a reaction's:
 * keepAnonymousCache), for as long as the process lives. If the listening connection is lost,
 * the cache is cleared and listening starts again a second later; meanwhile entries still
 * expire on their own.
 */
export function clearOnChanges(
  cache: Pick<AnonymousCache, "clear">,
  live: Pick<LiveBus, "subscribe">,
  channel: string,
  logger: Pick<Logger, "warn">,
  keeps: (payload: string) => boolean = () => false,
): void {
  const listen = () => {
    live
      .subscribe(
        channel,
        (payload) => {
          if (!keeps(payload)) cache.clear();
        },
        lost,
      )
      .catch((error) => {
        logger.warn({ err: error }, "anonymous cache: could not listen for changes; retrying");
        lost();
      });
  };
  const lost = () => {
    cache.clear();
    setTimeout(listen, 1_000).unref();
  };
  listen();
}
