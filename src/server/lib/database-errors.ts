import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";

// Errors that mean "the database is unreachable right now" rather than "this request is wrong":
// they become 503 with Retry-After, and the pool reconnects by itself once the server is back.

// SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, crash
// recovery, cannot connect now); Node socket errors; pg's own messages for a dropped link.
const SQLSTATE = /^(08|57P)/;
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
]);
const MESSAGES =
  /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Query read timeout|the database system is (starting up|shutting down)/i;

/** Thrown where a library swallowed the database's error and only a probe can tell. */
export class DatabaseUnavailableError extends Error {
  constructor() {
    super("The database is unreachable");
    this.name = "DatabaseUnavailableError";
  }
}

/** Seconds a client should wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps driver errors (DrizzleQueryError.cause); better-auth may wrap them again.
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === "string" && (SQLSTATE.test(code) || SOCKET_CODES.has(code))) return true;
    if (typeof message === "string" && MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

/** Whether `select 1` answers within `timeoutMs`. */
export async function isDatabaseReachable(db: Db, timeoutMs = 2_000): Promise<boolean> {
  const probe = db.execute(sql`select 1`);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database probe timed out")), timeoutMs);
  });
  try {
    await Promise.race([probe, timeout]);
    return true;
  } catch {
    probe.catch(() => {});
    return false;
  } finally {
    clearTimeout(timer);
  }
}
