// Erasing an account (UK GDPR Article 17; docs/product.md §4.13, docs/decisions/029): the
// member's own "Delete my account" and an admin's "Erase account" from a confirmed data request
// do the same thing, irreversibly, in one transaction:
// - every session ends, and the account, profile, role, settings, follows, notifications,
//   pending links and exports go (the `user` row's foreign keys cascade);
// - the newsletter subscription (by account or by address) is removed;
// - the member's discussions and replies stay, attributed to "Deleted member" (their author
//   becomes null), unless the member asked for them to go too: then they are removed as
//   moderation removes them (counts follow by trigger) and their text is emptied, with the
//   text a moderator's edit replaced (moderation_actions, docs/decisions/048);
// - the member's name in other members' mention tokens becomes "Deleted member";
// - one `account_erasures` row records the date and the kind, and nothing personal;
// - held form submissions, rate-limit counters and job-queue rows that hold the member's id or
//   address go too, and mail to the address (docs/decisions/047).
// The avatar file, the member's post images (decision 065) and the dev mailbox's messages to
// the address are removed after the commit.
// Contact messages and data requests are kept (without the account) until the retention sweep:
// they are the record of what was asked. The keyed hashes of a suspended member's addresses
// stay while the suspension lasts (domain/moderation/suspended-addresses.ts): that is their point.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { plainContentOf } from "@/server/domain/content-format";
import { memberScope } from "@/server/domain/idempotency/idempotent-create";
import { postImageKeysOf } from "@/server/domain/post-images/store";
import type { Env } from "@/server/env";
import { HttpError } from "@/server/lib/http-error";
import type { Logger } from "@/server/lib/logger";
import { mailboxDirectory, removeMailboxMessages } from "@/server/lib/mail";
import type { FileStorage } from "@/server/lib/storage";
import { ANONYMOUS_NAME } from "@/shared/constants";
import type { ContentFormat } from "@/shared/markup/plain-text";
import { avatarKey } from "./export";
import { forgetJobsNaming } from "./job-traces";

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
  deps: {
    db: Db;
    storage: FileStorage;
    logger: Logger;
    /** Opens queued mail to find the member's (lib/mail-queue.ts). */
    secret: string;
    env: Pick<Env, "dataDir">;
  },
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
      await tx.execute(
        sql`update moderation_actions
            set previous_title = case when previous_title is null then null else '' end,
              previous_content = ''
            where subject_id = ${userId} and previous_content is not null`,
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
    // Discussions name members in their text too (docs/decisions/064); no table lists them,
    // so the rare erasure reads the texts that hold the id. Their plain text (the search's) is
    // written again without the name.
    const renamed = await queryRows<{ id: string; content: string; content_format: ContentFormat }>(
      tx,
      sql`update discussions
          set content = regexp_replace(content, ${`@\\[[^\\]\\r\\n]{1,100}\\]\\(${userId}\\)`},
            ${`@${ANONYMOUS_NAME}`}, 'g')
          where strpos(content, ${`](${userId})`}) > 0
          returning id, content, content_format`,
    );
    for (const row of renamed) {
      await tx.execute(
        sql`update discussions set plain_content = ${plainContentOf(row.content, row.content_format)}
            where id = ${row.id}::uuid`,
      );
    }
    await tx.execute(
      sql`delete from newsletter_subscribers
          where user_id = ${userId} or lower(email) = ${member.email}`,
    );
    // Links of ours ("{id} {email}") and better-auth's reset links (the id alone).
    await tx.execute(
      sql`delete from verification where value = ${userId} or value like ${`${userId} %`}`,
    );
    // Counters keyed `{rule}|{subject}`: by the member's id, or by their address (mail limits).
    await tx.execute(
      sql`delete from rate_limit_hits where key like ${`%${userId}%`}
            or lower(substr(key, strpos(key, '|') + 1)) = ${member.email}`,
    );
    // Reports sent signed out with the address (docs/decisions/079): the report stays for the
    // moderators, without whom it came from; no outcome is mailed.
    await tx.execute(
      sql`update reports set reporter_email = null where reporter_email = ${member.email}`,
    );
    // Complaints (docs/decisions/081) stay on the record without whom they came from (the
    // member's id goes by the foreign key); no outcome is mailed.
    await tx.execute(
      sql`update complaints set email = null where user_id = ${userId} or email = ${member.email}`,
    );
    // Held public-form submissions (docs/decisions/034) sent signed out carry only the address.
    await tx.execute(
      sql`delete from held_submissions
          where user_id = ${userId} or lower(payload->>'email') = ${member.email}`,
    );
    await forgetJobsNaming(tx, deps.secret, { id: userId, email: member.email });
    // Failed sign-ins to the address (decision 051): they name the account.
    await tx.execute(sql`delete from sign_in_failures where email = ${member.email}`);
    // The answers to the member's keyed creates (docs/decisions/033): kept a day at most.
    await tx.execute(sql`delete from idempotency_keys where scope = ${memberScope(userId)}`);
    // Their uploaded pictures go with the account (the rows by cascade, the files below).
    const imageKeys = await postImageKeysOf(tx, userId);
    await tx.execute(sql`delete from "user" where id = ${userId}`);
    await tx.execute(
      sql`insert into account_erasures (kind, content_removed, reason)
          values (${options.kind}, ${options.removeContent}, ${options.reason ?? null})`,
    );
    return { ...member, imageKeys };
  });
  if (erased) {
    await deps.storage.remove(avatarKey(userId)).catch((error: unknown) => {
      // The account is gone either way; a file left behind is logged for the operator.
      deps.logger.error({ err: error }, "could not remove an erased member's avatar file");
    });
    for (const key of erased.imageKeys) {
      await deps.storage.remove(key).catch((error: unknown) => {
        deps.logger.error({ err: error }, "could not remove an erased member's post image file");
      });
    }
    await removeMailboxMessages(mailboxDirectory(deps.env.dataDir), erased.email).catch(
      (error: unknown) => {
        deps.logger.error({ err: error }, "could not remove an erased member's dev mailbox files");
      },
    );
  }
  return erased !== false;
}
