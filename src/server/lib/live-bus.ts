// Live updates (docs/architecture.md "Live updates"): writers NOTIFY a Postgres channel, and every app
// instance LISTENs once per channel and fans each payload out to its open streams. Going
// through the database, even for an instance's own writes, is what makes several instances on
// one PostgreSQL see each other's changes; PGlite delivers NOTIFY to its own LISTEN the same way.
import { sql } from "drizzle-orm";
import type { Database, Db } from "@/server/db/client";
import type { Logger } from "./logger";

export type LiveListener = (payload: string) => void;

export type LiveBus = {
  /**
   * Calls `listener` with every payload NOTIFYed on `channel` from now on; resolves, once the
   * channel is being listened to, to the unsubscribe function. If the database connection that
   * listens is lost, `onLost` runs once and the subscription ends: payloads may have been
   * missed, so the subscriber should start over (a browser reconnects and refetches).
   */
  subscribe(channel: string, listener: LiveListener, onLost?: () => void): Promise<() => void>;
  /** Calls `callback` once when the bus closes (server stop), so open streams can end. */
  onClose(callback: () => void): () => void;
  /** How often open streams send a keep-alive comment, in milliseconds. */
  readonly heartbeatMs: number;
  readonly closed: boolean;
  close(): Promise<void>;
};

export type LiveBusOptions = {
  logger: Logger;
  /** Proxies drop idle connections after 30 to 60 seconds; stay well under that. */
  heartbeatMs?: number;
};

export const DEFAULT_HEARTBEAT_MS = 25_000;

type Channel = {
  /** Each listener with its onLost callback. */
  listeners: Map<LiveListener, (() => void) | undefined>;
  /** Resolves to the UNLISTEN function once LISTEN is active. */
  ready: Promise<() => Promise<void>>;
};

export function createLiveBus(
  database: Pick<Database, "listen">,
  { logger, heartbeatMs = DEFAULT_HEARTBEAT_MS }: LiveBusOptions,
): LiveBus {
  const channels = new Map<string, Channel>();
  const closeCallbacks = new Set<() => void>();
  let closed = false;

  const deliver = (channel: string, payload: string) => {
    for (const listener of channels.get(channel)?.listeners.keys() ?? []) {
      try {
        listener(payload);
      } catch (error) {
        logger.error({ err: error, channel }, "live listener failed");
      }
    }
  };

  return {
    heartbeatMs,
    get closed() {
      return closed;
    },
    async subscribe(name, listener, onLost) {
      if (closed) throw new Error("The live bus is closed");
      let channel = channels.get(name);
      if (!channel) {
        const created: Channel = { listeners: new Map(), ready: Promise.resolve(async () => {}) };
        // A lost or failed LISTEN must not stay cached: the next subscriber listens afresh.
        const forget = () => {
          if (channels.get(name) === created) channels.delete(name);
        };
        created.ready = database.listen(
          name,
          (payload) => deliver(name, payload),
          (error) => {
            logger.warn({ err: error, channel: name }, "live updates: listening connection lost");
            forget();
            for (const lost of created.listeners.values()) lost?.();
            created.listeners.clear();
          },
        );
        created.ready.catch(forget);
        channel = created;
        channels.set(name, channel);
      }
      channel.listeners.set(listener, onLost);
      try {
        await channel.ready;
      } catch (error) {
        channel.listeners.delete(listener);
        throw error;
      }
      // The LISTEN stays open while the process lives: one connection per channel, whatever
      // the number of browsers, and no LISTEN/UNLISTEN churn as they come and go.
      return () => {
        channel.listeners.delete(listener);
      };
    },
    onClose(callback) {
      if (closed) {
        callback();
        return () => {};
      }
      closeCallbacks.add(callback);
      return () => closeCallbacks.delete(callback);
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const callback of closeCallbacks) callback();
      closeCallbacks.clear();
      const unlistens = [...channels.values()].map((channel) =>
        channel.ready.then((unlisten) => unlisten()).catch(() => {}),
      );
      channels.clear();
      await Promise.all(unlistens);
    },
  };
}

/**
 * Sends `payload` to every listener of `channel` on every instance. Inside a transaction
 * (pass the transaction as `db`) PostgreSQL delivers it only on commit.
 */
export async function notify(
  db: Pick<Db, "execute">,
  channel: string,
  payload: string,
): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
