// Idempotent creates (docs/decisions/033): a create that carries an Idempotency-Key is recorded
// under that key in the same transaction as the row it makes, with the answer it gave. A retry
// with the key (the answer was lost with the connection) gets that answer again and creates
// nothing; a second request while the first is still running waits on the key's unique index
// and then gets the same answer. Keys belong to the signed-in member, else to the client's
// address, so nobody can read another's answer by sending their key.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { getViewer } from "@/server/auth/viewer";
import type { AppDeps } from "@/server/context";
import { type Db, queryRows } from "@/server/db/client";
import { HttpError } from "@/server/lib/http-error";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** Set on an answer that was stored, not made now. */
export const REPLAYED_HEADER = "Idempotent-Replayed";
/** How long a key is remembered; after that the same key makes a new create. */
export const IDEMPOTENCY_KEY_HOURS = 24;

export const INVALID_KEY_MESSAGE =
  "Idempotency-Key must be 1 to 255 visible ASCII characters, such as a UUID.";
export const KEY_REUSED_MESSAGE =
  "This Idempotency-Key was already used for a different request. Send a new key with a new request.";
export const KEY_IN_FLIGHT_MESSAGE = "A request with this Idempotency-Key is still being processed";

/** Visible ASCII (no space, no control character), as the header is case- and byte-exact. */
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** The answer a create gives: every idempotent create answers 201 with JSON. */
const CREATED = 201;

type WithDeps = { Variables: { deps: AppDeps; clientIp: string } };

/** A request that carries a valid key and has no stored answer yet. */
type KeyedRequest = {
  scope: string;
  key: string;
  method: string;
  path: string;
  /** SHA-256 of the method, path and body: the same key with another request is refused. */
  hash: string;
};

type StoredAnswer = { request_hash: string; response_status: number; response_body: string };

/** The scope of a signed-in member's keys (account erasure deletes them by it). */
export const memberScope = (memberId: string) => `member:${memberId}`;

/** The key each request carries, once `idempotencyKey()` has checked it. */
const keyedRequests = new WeakMap<Request, KeyedRequest>();

async function storedAnswer(db: Db, request: KeyedRequest): Promise<StoredAnswer | null> {
  const [row] = await queryRows<StoredAnswer>(
    db,
    sql`select request_hash, response_status, response_body from idempotency_keys
        where scope = ${request.scope} and key = ${request.key}
          and created_at > now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`,
  );
  return row ?? null;
}

/** The stored answer again, or 422 when the key came with another request. */
function replay(c: Context, request: KeyedRequest, stored: StoredAnswer): Response {
  if (stored.request_hash !== request.hash) {
    throw new HttpError(422, KEY_REUSED_MESSAGE, { code: "IDEMPOTENCY_KEY_REUSED" });
  }
  c.header(REPLAYED_HEADER, "true");
  return c.json(JSON.parse(stored.response_body) as unknown, stored.response_status as 201);
}

/**
 * Takes the key as the transaction's first write: true when it is ours (new, or expired and
 * taken over), false when another request holds it. PostgreSQL makes a second insert of the
 * same key wait until the first transaction ends, so two requests in flight never both pass.
 */
async function claimKey(tx: Db, request: KeyedRequest): Promise<boolean> {
  const rows = await queryRows<{ key: string }>(
    tx,
    sql`insert into idempotency_keys
          (scope, key, request_method, request_path, request_hash, response_status, response_body)
        values (${request.scope}, ${request.key}, ${request.method}, ${request.path},
          ${request.hash}, 0, '')
        on conflict (scope, key) do update set
          request_method = excluded.request_method, request_path = excluded.request_path,
          request_hash = excluded.request_hash, response_status = 0, response_body = '',
          created_at = now()
        where idempotency_keys.created_at <= now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})
        returning key`,
  );
  return rows.length > 0;
}

/** Another request committed this key first. */
class KeyTaken extends Error {}

/**
 * Middleware for a create route, after its sign-in check: 400 for a malformed key; the stored
 * answer (with `Idempotent-Replayed: true`) or 422 when the key was used before; else the
 * request goes on and `createOnce` records it. Without the header, nothing changes.
 */
export function idempotencyKey<E extends WithDeps>(): MiddlewareHandler<E> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined) return next();
    if (!KEY_FORMAT.test(key)) {
      throw new HttpError(400, INVALID_KEY_MESSAGE, { code: "INVALID_IDEMPOTENCY_KEY" });
    }
    const viewer = await getViewer(c);
    const body = await c.req.text();
    const request: KeyedRequest = {
      scope: viewer ? memberScope(viewer.id) : `address:${c.var.clientIp}`,
      key,
      method: c.req.method,
      path: c.req.path,
      hash: createHash("sha256").update(`${c.req.method} ${c.req.path}\n${body}`).digest("hex"),
    };
    const stored = await storedAnswer(c.var.deps.db, request);
    if (stored) return replay(c, request, stored);
    keyedRequests.set(c.req.raw, request);
    await next();
  };
}

/**
 * Runs a create's writes (`work`, given the transaction: every query in it must use `tx`,
 * which on PGlite is the only connection) and answers 201 with what it returns. With a key,
 * the key is claimed first and the answer stored last, in the same transaction: the key
 * exists exactly when the create does, whatever kills the process in between. `afterCommit`
 * runs only for a new create (live events), never for a replay.
 */
export async function createOnce<E extends WithDeps, Body>(
  c: Context<E>,
  work: (tx: Db) => Promise<Body>,
  options: { afterCommit?: (body: Body) => Promise<void> } = {},
): Promise<Response> {
  const db: Db = c.var.deps.db;
  const request = keyedRequests.get(c.req.raw);
  let body: Body;
  try {
    body = await db.transaction(async (tx) => {
      if (request && !(await claimKey(tx, request))) throw new KeyTaken();
      const created = await work(tx);
      if (request) {
        await tx.execute(
          sql`update idempotency_keys
              set response_status = ${CREATED}, response_body = ${JSON.stringify(created)}
              where scope = ${request.scope} and key = ${request.key}`,
        );
      }
      return created;
    });
  } catch (error) {
    if (!(error instanceof KeyTaken) || !request) throw error;
    // The request that took the key committed while this one waited: its answer is ours.
    const stored = await storedAnswer(db, request);
    if (!stored)
      throw new HttpError(409, KEY_IN_FLIGHT_MESSAGE, { code: "IDEMPOTENCY_KEY_IN_USE" });
    return replay(c, request, stored);
  }
  await options.afterCommit?.(body);
  return c.json(body as unknown, CREATED);
}
