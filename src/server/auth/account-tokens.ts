// Single-use links of our own: the sign-up confirmation and the email change. They live in
// better-auth's verification table under a purpose prefix, keyed by the SHA-256 of the token,
// so a copy of the database holds no working link. (Password reset links are better-auth's.)
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, like } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { verification } from "@/server/db/schema";

export type TokenPurpose = "confirm-email" | "change-email";

/** What a link stands for: the account, and the address the link was sent to. */
export type TokenClaim = { userId: string; email: string };

function identifierOf(purpose: TokenPurpose, token: string): string {
  return `${purpose}:${createHash("sha256").update(token).digest("base64url")}`;
}

function storedValue(claim: TokenClaim): string {
  return `${claim.userId} ${claim.email}`;
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
  const separator = value.indexOf(" ");
  if (separator < 0) return null;
  return { userId: value.slice(0, separator), email: value.slice(separator + 1) };
}

/** A current link's claim without using it up, or null. */
export async function peekToken(
  db: Db,
  purpose: TokenPurpose,
  token: string,
): Promise<TokenClaim | null> {
  const [row] = await db
    .select({ value: verification.value })
    .from(verification)
    .where(
      and(
        eq(verification.identifier, identifierOf(purpose, token)),
        gt(verification.expiresAt, new Date()),
      ),
    );
  return row ? claimOf(row.value) : null;
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
