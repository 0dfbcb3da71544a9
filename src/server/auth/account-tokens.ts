// Single-use links of our own: the sign-up confirmation, the email change and its undo. They
// live in better-auth's verification table under a purpose prefix, keyed by the SHA-256 of the
// token, so a copy of the database holds no working link. (Password reset links are better-auth's.)
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, like, notLike, or } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { verification } from "@/server/db/schema";

export type TokenPurpose =
  | "confirm-email"
  | "change-email"
  | "undo-email-change"
  | "reset-second-factor";

/** What a link stands for: the account, and the address the link was sent to. */
export type TokenClaim = {
  userId: string;
  email: string;
  /**
   * What else the link is tied to: for `change-email` the session that asked (it alone stays
   * signed in), for `undo-email-change` the address the change made (the undo is for it only).
   */
  context?: string;
};

/** A used link's row keeps this prefix until it would have expired: "already done", not "invalid". */
const SPENT_PREFIX = "spent:";

function identifierOf(purpose: TokenPurpose, token: string): string {
  return `${purpose}:${createHash("sha256").update(token).digest("base64url")}`;
}

// Addresses and ids hold no space.
function storedValue(claim: TokenClaim): string {
  return [claim.userId, claim.email, claim.context].filter(Boolean).join(" ");
}

/** Ends every link of this purpose issued for the account. */
export async function revokeTokens(db: Db, purpose: TokenPurpose, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(
      and(like(verification.identifier, `${purpose}:%`), like(verification.value, `${userId} %`)),
    );
}

/**
 * A new link's token. Earlier links of the same purpose for the account stop working: only the
 * newest link sent to an inbox activates anything.
 */
export async function issueToken(
  db: Db,
  purpose: TokenPurpose,
  claim: TokenClaim,
  ttlSeconds: number,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await revokeTokens(tx, purpose, claim.userId);
    await tx.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: identifierOf(purpose, token),
      value: storedValue(claim),
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
    });
  });
  return token;
}

function claimOf(value: string): TokenClaim | null {
  const [userId, email, context] = value.split(" ");
  if (!userId || !email) return null;
  return context ? { userId, email, context } : { userId, email };
}

/** A current link's claim, and when it expires, without using it up; or null. */
export async function peekToken(
  db: Db,
  purpose: TokenPurpose,
  token: string,
): Promise<(TokenClaim & { expiresAt: Date }) | null> {
  const [row] = await db
    .select({ value: verification.value, expiresAt: verification.expiresAt })
    .from(verification)
    .where(
      and(
        eq(verification.identifier, identifierOf(purpose, token)),
        gt(verification.expiresAt, new Date()),
      ),
    );
  const claim = row ? claimOf(row.value) : null;
  return claim && row ? { ...claim, expiresAt: row.expiresAt } : null;
}

/** Uses up a link: its claim when the token is current, else null. Atomic: one use only. */
export async function consumeToken(
  db: Db,
  purpose: TokenPurpose,
  token: string,
): Promise<TokenClaim | null> {
  const [row] = await db
    .delete(verification)
    .where(
      and(
        eq(verification.identifier, identifierOf(purpose, token)),
        gt(verification.expiresAt, new Date()),
      ),
    )
    .returning({ value: verification.value });
  return row ? claimOf(row.value) : null;
}

/**
 * Uses up a link like consumeToken, but its row stays (unusable) until it would have expired,
 * so that a second click can be told the link was used rather than that it is unknown.
 */
export async function spendToken(
  db: Db,
  purpose: TokenPurpose,
  token: string,
): Promise<TokenClaim | null> {
  const [row] = await db
    .update(verification)
    .set({ identifier: SPENT_PREFIX + identifierOf(purpose, token), updatedAt: new Date() })
    .where(
      and(
        eq(verification.identifier, identifierOf(purpose, token)),
        gt(verification.expiresAt, new Date()),
      ),
    )
    .returning({ value: verification.value });
  return row ? claimOf(row.value) : null;
}

/** Whether spendToken used this link and it has not expired since. */
export async function wasSpent(db: Db, purpose: TokenPurpose, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: verification.id })
    .from(verification)
    .where(
      and(
        eq(verification.identifier, SPENT_PREFIX + identifierOf(purpose, token)),
        gt(verification.expiresAt, new Date()),
      ),
    );
  return row !== undefined;
}

/**
 * Ends every link of the account, whatever its purpose: ours (`{id} {email}...`) and
 * better-auth's password resets (the id alone). Spent links stay spent.
 */
export async function revokeAllTokens(db: Db, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(
      and(
        or(eq(verification.value, userId), like(verification.value, `${userId} %`)),
        notLike(verification.identifier, `${SPENT_PREFIX}%`),
      ),
    );
}

/** When the account's current link of this purpose stops working, or null when it has none. */
export async function currentTokenExpiry(
  db: Db,
  purpose: TokenPurpose,
  userId: string,
): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: verification.expiresAt })
    .from(verification)
    .where(
      and(
        like(verification.identifier, `${purpose}:%`),
        like(verification.value, `${userId} %`),
        gt(verification.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(verification.expiresAt))
    .limit(1);
  return row?.expiresAt ?? null;
}
