// Turning a member's second factor off (docs/decisions/060): by the member (password and a
// code), by the reset link an admin had sent, or by `npm run role -- --reset-second-factor`.
// Every other session ends with it: one of them may be the reason it was turned off. A reset is
// for a member who lost everything, so their passkeys go too (decision 063).
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { passkey, session, twoFactor, user } from "@/server/db/schema";

/**
 * Removes the authenticator app (and with `passkeysToo` every passkey) and ends the member's
 * sessions but `keepSessionId`; false if there was nothing to remove.
 */
export async function removeSecondFactor(
  db: Db,
  userId: string,
  keepSessionId: string | null,
  { passkeysToo }: { passkeysToo: boolean },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const passkeys = passkeysToo
      ? await tx.delete(passkey).where(eq(passkey.userId, userId)).returning({ id: passkey.id })
      : [];
    const removed = await tx
      .delete(twoFactor)
      .where(eq(twoFactor.userId, userId))
      .returning({ id: twoFactor.id });
    const [changed] = await tx
      .update(user)
      .set({ twoFactorEnabled: false, updatedAt: sql`now()` })
      .where(and(eq(user.id, userId), eq(user.twoFactorEnabled, true)))
      .returning({ id: user.id });
    await tx
      .delete(session)
      .where(
        keepSessionId
          ? and(eq(session.userId, userId), ne(session.id, keepSessionId))
          : eq(session.userId, userId),
      );
    return removed.length > 0 || changed !== undefined || passkeys.length > 0;
  });
}
