// The current password, asked again before changes an attacker with a stolen session must not
// make: deleting the account and changing its email (docs/product.md §2.14). The password
// change itself is better-auth's, which checks it the same way.
import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { account } from "@/server/db/schema";
import type { Auth } from "./auth";

/** Whether `password` is the account's, by better-auth's own hash check. */
export async function isCurrentPassword(
  deps: { db: Db; auth: Auth },
  userId: string,
  password: string,
): Promise<boolean> {
  const [credential] = await deps.db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  if (credential?.password == null) return false;
  const { password: hasher } = await deps.auth.$context;
  return hasher.verify({ hash: credential.password, password });
}
