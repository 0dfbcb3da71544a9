// Erasing an account (UK GDPR Article 17; docs/product.md §4.13, docs/decisions/029): the
// member's own "Delete my account" and an admin's "Erase account" from a confirmed data request
// do the same thing, irreversibly, in one transaction:
// - every session ends, and the account, profile, role, settings, follows, notifications,
//   pending links and exports go (the `user` row's foreign keys cascade);
// - the newsletter subscription (by account or by address) is removed;
// - the member's discussions and replies stay, attributed to "Deleted member" (their author
//   becomes null), unless the member asked for them to go too: then they are removed as
//   moderation removes them (counts follow by trigger) and their text is emptied;
// - the member's name in other members' mention tokens becomes "Deleted member";
// - one `account_erasures` row records the date and the kind, and nothing personal.
// The avatar file is removed after the commit. Contact messages and data requests are kept
// (without the account) until the retention sweep: they are the record of what was asked.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { memberScope } from "@/server/domain/idempotency/idempotent-create";
import { HttpError } from "@/server/lib/http-error";
import type { Logger } from "@/server/lib/logger";
import type { FileStorage } from "@/server/lib/storage";
import { ANONYMOUS_NAME } from "@/shared/constants";
import { avatarKey } from "./export";

export const LAST_ADMIN_ERASURE_MESSAGE =
  "You are the last admin. Make another member an admin before deleting this account.";

export type ErasureKind = "member" | "data_request";

export type ErasureOptions = {
  kind: ErasureKind;
  /** Also remove the member's discussions and replies. */
  removeContent: boolean;
  /** The admin's reason (erasure from the inbox). */
  reason?: string | null;
};

/**
 * Erases account `userId`. False when there is no such account; 409 `LAST_ADMIN` when it is
 * the only admin (two admins erasing each other at once take turns on the admin rows' locks).
 */
export async function eraseAccount(
  deps: { db: Db; storage: FileStorage; logger: Logger },
  userId: string,
  options: ErasureOptions,
): Promise<boolean> {
  const erased = await deps.db.transaction(async (tx) => {
    const [member] = await queryRows<{ email: string }>(
      tx,
      sql`select lower(email) as email from "user" where id = ${userId} for update`,
    );
    if (!member) return false;
    const admins = await queryRows<{ user_id: string }>(
      tx,
      sql`select user_id from user_roles where role = 'admin' order by user_id for update`,
    );
    if (admins.length === 1 && admins[0]?.user_id === userId) {
      throw new HttpError(409, LAST_ADMIN_ERASURE_MESSAGE, { code: "LAST_ADMIN" });
    }
    if (options.removeContent) {
      await tx.execute(
        sql`update discussion_replies set content = '', deleted_at = coalesce(deleted_at, now())
            where author_id = ${userId}`,
      );
      await tx.execute(
        sql`update discussions set status = 'deleted', title = '', content = '',
              is_pinned = false, updated_at = now()
            where author_id = ${userId}`,
      );
    }
    // A mention token carries the name it was written with: `@[Name](id)`. The id is better-auth's
    // (letters, digits, `_` and `-`), so it is safe inside the pattern.
    await tx.execute(
      sql`update discussion_replies
          set content = regexp_replace(content, ${`@\\[[^\\]\\r\\n]{1,100}\\]\\(${userId}\\)`},
            ${`@${ANONYMOUS_NAME}`}, 'g')
          where id in (select reply_id from reply_mentions where user_id = ${userId})`,
    );
    await tx.execute(
      sql`delete from newsletter_subscribers
          where user_id = ${userId} or lower(email) = ${member.email}`,
    );
    // Links of ours ("{id} {email}") and better-auth's reset links (the id alone).
    await tx.execute(
      sql`delete from verification where value = ${userId} or value like ${`${userId} %`}`,
    );
    await tx.execute(sql`delete from rate_limit_hits where key like ${`%${userId}%`}`);
    // Failed sign-ins to the address (decision 051): they name the account.
    await tx.execute(sql`delete from sign_in_failures where email = ${member.email}`);
    // The answers to the member's keyed creates (docs/decisions/033): kept a day at most.
    await tx.execute(sql`delete from idempotency_keys where scope = ${memberScope(userId)}`);
    await tx.execute(sql`delete from "user" where id = ${userId}`);
    await tx.execute(
      sql`insert into account_erasures (kind, content_removed, reason)
          values (${options.kind}, ${options.removeContent}, ${options.reason ?? null})`,
    );
    return true;
  });
  if (erased) {
    await deps.storage.remove(avatarKey(userId)).catch((error: unknown) => {
      // The account is gone either way; a file left behind is logged for the operator.
      deps.logger.error({ err: error }, "could not remove an erased member's avatar file");
    });
  }
  return erased;
}
