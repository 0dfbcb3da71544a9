// The signed-in browsers of one member, as the settings page lists them: never their tokens.
import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { session } from "@/server/db/schema";
import { describeUserAgent } from "@/server/lib/user-agent";
import type { AccountSession } from "@/shared/api-types";

export async function listSessions(
  db: Db,
  userId: string,
  currentSessionId: string,
): Promise<AccountSession[]> {
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, sql`now()`)))
    .orderBy(desc(session.updatedAt));
  const sessions = rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.updatedAt.toISOString(),
    current: row.id === currentSessionId,
  }));
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

/** Ends one of the member's sessions: its id, or null when no such session is theirs. */
export async function revokeSession(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<string | null> {
  const [removed] = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  return removed?.id ?? null;
}

/** Ends every session of the member but the one this request came with. */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  currentSessionId: string,
): Promise<number> {
  const removed = await db
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.id, currentSessionId)))
    .returning({ id: session.id });
  return removed.length;
}
