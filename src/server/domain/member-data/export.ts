// Everything held about one member, as one JSON document (UK GDPR Articles 15 and 20;
// docs/product.md §4.13, docs/decisions/029). The settings' "Download my data" and the inbox's
// "Export data" build the same document.
//
// MEMBER_DATA_SECTIONS names, for every table with a column that refers to a member (by id or
// by email address), the section that holds its rows: member-data.test.ts reads the database's
// own foreign keys and email columns, and fails when a table is not listed here, and when a
// section holds fewer rows than the table has for the member. Rows that name another member
// are exported without them (a notification's actor, a role change's target). The export shows
// what the member did and what is theirs, never what others did to them that they are not told
// of (docs/decisions/047): such columns are in NOT_EXPORTED, with the reason.
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { MODERATION_ACTIONS_TOLD_TO_MEMBER } from "@/server/domain/moderation/log";
import type { FileStorage } from "@/server/lib/storage";

export const EXPORT_FORMAT = "rant-community member data, version 1";

/** Where a member's avatar file is stored (features/profiles writes it). */
export function avatarKey(userId: string): string {
  return `avatars/${userId}/avatar.webp`;
}

type Section = {
  /** The table whose rows the section holds. */
  table: string;
  /** Columns holding the member's id. */
  byId: readonly string[];
  /** Columns holding an email address, matched to the member's (lower case). */
  byEmail?: readonly string[];
  /** One row at most: exported as an object (or null), not a list. */
  single?: boolean;
  /**
   * Which of the table's rows for the member the section holds, when not all (a condition on
   * the table's own columns); the coverage test counts the same rows.
   */
  only?: (member: { id: string; email: string }) => SQL;
  /** The rows, as exported. `id` and `email` are the member's. */
  rows: (member: { id: string; email: string }) => SQL;
};

/**
 * Columns that refer to the member but whose rows record what someone else did, which the
 * member is not told of (docs/decisions/047): keyed `table.column`, with the reason.
 */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  // Decision 031: nothing may tell a member that someone blocked them; the time alone usually
  // names the blocker.
  "member_blocks.blocked_id": "another member's block of this member",
  // Entries in other members' lists: whether one exists tells whether that member follows,
  // muted or blocked (the fan-out skips blockers). The member's own replies are in `replies`.
  "notifications.actor_id": "another member's notification list",
  "notification_actors.actor_id": "another member's notification list",
  // Decision 051: counts of failed sign-ins to the address, mostly others' guesses at it and
  // kept a day; nothing tells the member's own attempts from an attacker's.
  "sign_in_failures.email": "failed sign-ins to the address, by anyone",
};

/** Moderation decisions the member is told of through their notifications (decision 027). */
const TOLD_MODERATION = sql.raw(
  `(${MODERATION_ACTIONS_TOLD_TO_MEMBER.map((action) => `'${action}'`).join(", ")})`,
);

/** A section's rows as one JSON array (timestamps as ISO 8601 text). */
const rowsOf = (select: SQL) =>
  sql`select coalesce(json_agg(row_to_json(t)), '[]'::json) as rows from (${select}) t`;

export const MEMBER_DATA_SECTIONS = {
  account: {
    table: "user",
    byId: ["id"],
    byEmail: ["email"],
    single: true,
    rows: ({ id }) =>
      sql`select id, email, name, email_verified as "emailVerified",
            two_factor_enabled as "twoFactorEnabled", created_at as "createdAt",
            updated_at as "updatedAt"
          from "user" where id = ${id}`,
  },
  // Second factors by name and date (decision 060): the secret and the recovery codes are
  // secrets, not information.
  secondFactors: {
    table: "two_factor",
    byId: ["user_id"],
    rows: ({ id }) =>
      sql`select 'Authenticator app' as "name", verified as "confirmed", created_at as "addedAt"
          from two_factor where user_id = ${id} order by created_at`,
  },
  // Passkeys by name and dates (decision 063): the public key and counter are not information.
  passkeys: {
    table: "passkey",
    byId: ["user_id"],
    rows: ({ id }) =>
      sql`select name, created_at as "addedAt", last_used_at as "lastUsedAt"
          from passkey where user_id = ${id} order by created_at`,
  },
  // Password hashes and provider tokens stay out: they are secrets, not information.
  signInMethods: {
    table: "account",
    byId: ["user_id"],
    rows: ({ id }) =>
      sql`select provider_id as "provider", (password is not null) as "hasPassword",
            created_at as "createdAt", updated_at as "updatedAt"
          from account where user_id = ${id} order by created_at`,
  },
  // Without tokens: a session's token signs it in.
  sessions: {
    table: "session",
    byId: ["user_id"],
    rows: ({ id }) =>
      sql`select ip_address as "ipAddress", user_agent as "userAgent", created_at as "createdAt",
            updated_at as "lastUsedAt", expires_at as "expiresAt"
          from session where user_id = ${id} order by created_at`,
  },
  profile: {
    table: "profiles",
    byId: ["id"],
    byEmail: ["email"],
    single: true,
    rows: ({ id }) =>
      sql`select email, full_name as "fullName", avatar_url as "avatarUrl", bio, location,
            website, date_of_birth as "dateOfBirth", is_public as "isPublic",
            social_twitter as "socialTwitter", social_linkedin as "socialLinkedin",
            discussions_count as "discussionsCount", replies_count as "repliesCount",
            last_active_at as "lastActiveAt", last_visit_at as "lastVisitAt",
            marked_read_at as "markedAllReadAt", digest,
            terms_version_accepted as "termsVersionAccepted", terms_accepted_at as "termsAcceptedAt",
            created_at as "createdAt",
            updated_at as "updatedAt"
          from profiles where id = ${id}`,
  },
  role: {
    table: "user_roles",
    byId: ["user_id"],
    single: true,
    rows: ({ id }) =>
      sql`select role, updated_at as "updatedAt" from user_roles where user_id = ${id}`,
  },
  // Who made each change is not said: another member's id is theirs.
  roleHistory: {
    table: "role_changes",
    byId: ["target_user_id"],
    rows: ({ id }) =>
      sql`select old_role as "oldRole", new_role as "newRole", reason,
            case when changed_by is null then 'the system'
                 when changed_by = target_user_id then 'you' else 'an admin' end as "changedBy",
            created_at as "createdAt"
          from role_changes where target_user_id = ${id} order by created_at`,
  },
  // Changes this member made as an admin, without whose role it was.
  roleChangesMade: {
    table: "role_changes",
    byId: ["changed_by"],
    rows: ({ id }) =>
      sql`select old_role as "oldRole", new_role as "newRole", reason, created_at as "createdAt"
          from role_changes where changed_by = ${id} order by created_at`,
  },
  discussions: {
    table: "discussions",
    byId: ["author_id"],
    rows: ({ id }) =>
      sql`select id, title, content, status,
            (select name from categories c where c.id = category_id) as "category",
            array(select t.name from discussion_tags dt join tags t on t.id = dt.tag_id
              where dt.discussion_id = discussions.id order by t.name) as "tags",
            is_pinned as "isPinned", is_locked as "isLocked",
            replies_count as "repliesCount", created_at as "createdAt", updated_at as "updatedAt"
          from discussions where author_id = ${id} order by created_at`,
  },
  // Tags the member created by posting with them, or as staff (docs/decisions/067).
  tagsCreated: {
    table: "tags",
    byId: ["created_by"],
    rows: ({ id }) =>
      sql`select name, curated, created_at as "createdAt"
          from tags where created_by = ${id} order by created_at`,
  },
  // Deleted replies too: their text is still stored until the account is erased.
  replies: {
    table: "discussion_replies",
    byId: ["author_id"],
    rows: ({ id }) =>
      sql`select id, discussion_id as "discussionId", reply_to_id as "replyToId", content,
            created_at as "createdAt", updated_at as "updatedAt", edited_at as "editedAt",
            deleted_at as "deletedAt"
          from discussion_replies where author_id = ${id} order by created_at`,
  },
  // Replies that mention the member: which ones, not what others wrote; only replies the member
  // can read (decision 046), as the mention notification is sent only for those.
  mentionsOfYou: {
    table: "reply_mentions",
    byId: ["user_id"],
    only: ({ id }) =>
      sql`reply_id in (select r.id from discussion_replies r
            join discussions d on d.id = r.discussion_id
            where r.deleted_at is null and r.held_at is null
              and (r.hidden_at is null or r.author_id = ${id})
              and d.status = 'active')`,
    rows: ({ id }) =>
      sql`select m.reply_id as "replyId", r.discussion_id as "discussionId"
          from reply_mentions m join discussion_replies r on r.id = m.reply_id
          join discussions d on d.id = r.discussion_id
          where m.user_id = ${id} and r.deleted_at is null and r.held_at is null
            and (r.hidden_at is null or r.author_id = ${id})
            and d.status = 'active'
          order by r.created_at`,
  },
  blogPosts: {
    table: "blog_posts",
    byId: ["author_id"],
    rows: ({ id }) =>
      sql`select id, slug, title, excerpt, content,
            (select name from categories c where c.id = category_id) as "category", status, featured,
            published_at as "publishedAt", created_at as "createdAt", updated_at as "updatedAt"
          from blog_posts where author_id = ${id} order by created_at`,
  },
  follows: {
    table: "discussion_follows",
    byId: ["user_id"],
    rows: ({ id }) =>
      sql`select discussion_id as "discussionId", state, created_at as "createdAt",
            updated_at as "updatedAt"
          from discussion_follows where user_id = ${id} order by created_at`,
  },
  categoryFollows: {
    table: "category_follows",
    byId: ["user_id"],
    rows: ({ id }) =>
      sql`select c.slug as "category", f.state, f.created_at as "createdAt",
            f.updated_at as "updatedAt"
          from category_follows f join categories c on c.id = f.category_id
          where f.user_id = ${id} order by f.created_at`,
  },
  // How far the member read each discussion (docs/decisions/071).
  readPositions: {
    table: "read_positions",
    byId: ["user_id"],
    rows: ({ id }) =>
      sql`select discussion_id as "discussionId", last_read_seq as "lastReadReply",
            read_at as "readAt"
          from read_positions where user_id = ${id} order by read_at`,
  },
  categoriesMarkedRead: {
    table: "category_read_marks",
    byId: ["user_id"],
    rows: ({ id }) =>
      sql`select c.slug as "category", m.marked_read_at as "markedReadAt"
          from category_read_marks m join categories c on c.id = m.category_id
          where m.user_id = ${id} order by m.marked_read_at`,
  },
  // The member's own bookmarks (issue 42): posts by id, with their own notes and reminders.
  bookmarks: {
    table: "bookmarks",
    byId: ["user_id"],
    rows: ({ id }) =>
      sql`select discussion_id as "discussionId", reply_id as "replyId", note,
            remind_at as "remindAt", reminded_at as "remindedAt", created_at as "createdAt",
            updated_at as "updatedAt"
          from bookmarks where user_id = ${id} order by created_at`,
  },
  // The member's reactions (issue 45): which post, which kind, when; posts by id.
  reactions: {
    table: "reactions",
    byId: ["user_id"],
    rows: ({ id }) =>
      sql`select discussion_id as "discussionId", reply_id as "replyId", kind,
            created_at as "createdAt"
          from reactions where user_id = ${id} order by created_at, id`,
  },
  // Whom the member blocked is another member's identity: only when each block was made.
  blocksMade: {
    table: "member_blocks",
    byId: ["blocker_id"],
    rows: ({ id }) =>
      sql`select created_at as "createdAt" from member_blocks where blocker_id = ${id}
          order by created_at`,
  },
  // The member's own entries, without who acted: that is another member.
  notifications: {
    table: "notifications",
    byId: ["user_id"],
    rows: ({ id }) =>
      sql`select id, kind, discussion_id as "discussionId", reply_id as "replyId",
            event_count as "eventCount", actor_count as "actorCount", data,
            created_at as "createdAt", updated_at as "updatedAt", read_at as "readAt"
          from notifications where user_id = ${id} order by created_at`,
  },
  notificationSettings: {
    table: "notification_settings",
    byId: ["user_id"],
    rows: ({ id }) =>
      sql`select kind, email, updated_at as "updatedAt"
          from notification_settings where user_id = ${id} order by kind`,
  },
  notificationMailTimes: {
    table: "notification_mail_windows",
    byId: ["user_id"],
    rows: ({ id }) =>
      sql`select topic, last_sent_at as "lastSentAt"
          from notification_mail_windows where user_id = ${id} order by topic`,
  },
  // The digests planned for the member (docs/decisions/073): which period, and what became of it.
  digests: {
    table: "digest_deliveries",
    byId: ["user_id"],
    rows: ({ id }) =>
      sql`select period, status, sent_at as "sentAt", created_at as "createdAt"
          from digest_deliveries where user_id = ${id} order by id`,
  },
  newsletter: {
    table: "newsletter_subscribers",
    byId: ["user_id"],
    byEmail: ["email"],
    rows: ({ id, email }) =>
      sql`select email, status, consent_given as "consentGiven", subscribed_at as "subscribedAt",
            confirmed_at as "confirmedAt", created_at as "createdAt", updated_at as "updatedAt"
          from newsletter_subscribers where user_id = ${id} or lower(email) = ${email}
          order by created_at`,
  },
  // Posts this member (as staff) emailed to subscribers.
  newsletterSendsMade: {
    table: "newsletter_sends",
    byId: ["created_by"],
    rows: ({ id }) =>
      sql`select post_id as "postId", content, created_at as "createdAt",
            fanned_out_at as "fannedOutAt"
          from newsletter_sends where created_by = ${id} order by created_at`,
  },
  // Site pages (the Terms of Service) whose latest version this member wrote.
  sitePagesEdited: {
    table: "site_pages",
    byId: ["updated_by"],
    rows: ({ id }) =>
      sql`select slug, updated_at as "updatedAt" from site_pages where updated_by = ${id}
          order by slug`,
  },
  // Versions of site pages this member (an admin) saved (docs/decisions/082): which page,
  // which version, when, and whether marked material; the text is the site's.
  sitePageVersionsSaved: {
    table: "site_page_versions",
    byId: ["created_by"],
    rows: ({ id }) =>
      sql`select slug, version, material, created_at as "createdAt" from site_page_versions
          where created_by = ${id} order by slug, version`,
  },
  // Online Safety Act record versions this member (an admin) saved (decision 076): which record
  // and when; the record's text is the site's, not the member's.
  onlineSafetyRecordsSaved: {
    table: "online_safety_record_versions",
    byId: ["saved_by"],
    rows: ({ id }) =>
      sql`select record_key as "record", version, saved_at as "savedAt"
          from online_safety_record_versions where saved_by = ${id}
          order by saved_at, record_key`,
  },
  contactMessages: {
    table: "contact_messages",
    byId: ["user_id"],
    byEmail: ["email"],
    rows: ({ id, email }) =>
      sql`select name, email, subject, message, created_at as "createdAt"
          from contact_messages where user_id = ${id} or lower(email) = ${email}
          order by created_at`,
  },
  dataRequests: {
    table: "data_requests",
    byId: ["user_id"],
    byEmail: ["email"],
    rows: ({ id, email }) =>
      sql`select id, request_type as "requestType", email, full_name as "fullName", details,
            status, confirmed_at as "confirmedAt", completed_at as "completedAt",
            completion_note as "completionNote", created_at as "createdAt",
            updated_at as "updatedAt"
          from data_requests where user_id = ${id} or lower(email) = ${email}
          order by created_at`,
  },
  // Complaints (docs/decisions/081): those sent signed in, or signed out with the address; never
  // who looks after them.
  complaints: {
    table: "complaints",
    byId: ["user_id"],
    byEmail: ["email"],
    rows: ({ id, email }) =>
      sql`select kind, email, link, message, status, received_at as "receivedAt",
            due_at as "dueAt", outcome, resolved_at as "resolvedAt"
          from complaints where user_id = ${id} or email = ${email}
          order by received_at`,
  },
  // Complaints this member looked after as an admin: which and when, not whose.
  complaintsOwned: {
    table: "complaints",
    byId: ["owner_id"],
    rows: ({ id }) =>
      sql`select id, kind, status, received_at as "receivedAt", resolved_at as "resolvedAt"
          from complaints where owner_id = ${id} order by received_at`,
  },
  // Form submissions held by the spam defences, not yet decided (docs/decisions/034).
  heldSubmissions: {
    table: "held_submissions",
    byId: ["user_id"],
    rows: ({ id, email }) =>
      sql`select kind, payload, reason, created_at as "createdAt"
          from held_submissions where user_id = ${id} or lower(payload->>'email') = ${email}
          order by created_at`,
  },
  // Moderation (docs/decisions/027). The member's reports: what and why, never the item's words.
  // Reports sent signed out with the member's address count too (docs/decisions/079).
  reportsMade: {
    table: "reports",
    byId: ["reporter_id"],
    byEmail: ["reporter_email"],
    rows: ({ id, email }) =>
      sql`select target_kind as "targetKind", target_id as "targetId", reason,
            harm_kind as "harmKind", details, reporter_email as "email",
            email_confirmed_at as "emailConfirmedAt", created_at as "createdAt",
            resolved_at as "resolvedAt"
          from reports where reporter_id = ${id} or reporter_email = ${email}
          order by created_at`,
  },
  // What moderators did to the member's content or account, without who did it: the decisions
  // the member was told of by notification (hide, delete, edit, suspend, lift, appeals); for an
  // edit, the member's own text before it (docs/decisions/048). A dismissed report, a held
  // post's fate or a restore would tell of reports and holds they never heard of.
  moderationOfYou: {
    table: "moderation_actions",
    byId: ["subject_id"],
    only: () => sql`action in ${TOLD_MODERATION}`,
    rows: ({ id }) =>
      sql`select id, action, target_kind as "targetKind",
            case when target_kind in ('discussion', 'reply') then target_id end as "targetId",
            reason, ends_at as "endsAt", created_at as "createdAt",
            previous_title as "previousTitle", previous_content as "previousContent"
          from moderation_actions where subject_id = ${id} and action in ${TOLD_MODERATION}
          order by created_at`,
  },
  // What the member did as a moderator: the action and item, never whose it was.
  moderationActionsTaken: {
    table: "moderation_actions",
    byId: ["actor_id"],
    rows: ({ id }) =>
      sql`select action, target_kind as "targetKind",
            case when target_kind in ('discussion', 'reply') then target_id end as "targetId",
            reason, created_at as "createdAt"
          from moderation_actions where actor_id = ${id} order by created_at`,
  },
  // With how many of the member's addresses are kept hashed while it lasts (decision 047).
  suspensions: {
    table: "suspensions",
    byId: ["user_id"],
    rows: ({ id }) =>
      sql`select reason, ends_at as "endsAt", created_at as "createdAt", lifted_at as "liftedAt",
            (select count(*)::int from suspended_address_hashes h
              where h.suspension_id = suspensions.id) as "addressHashesKept"
          from suspensions where user_id = ${id} order by created_at`,
  },
  // Suspensions the member made or lifted as a moderator, without whom they were for.
  suspensionsMade: {
    table: "suspensions",
    byId: ["created_by"],
    rows: ({ id }) =>
      sql`select reason, ends_at as "endsAt", created_at as "createdAt"
          from suspensions where created_by = ${id} order by created_at`,
  },
  suspensionsLifted: {
    table: "suspensions",
    byId: ["lifted_by"],
    rows: ({ id }) =>
      sql`select lifted_at as "liftedAt" from suspensions where lifted_by = ${id}
          order by lifted_at`,
  },
  appeals: {
    table: "appeals",
    byId: ["user_id"],
    rows: ({ id }) =>
      sql`select action_id as "actionId", message, created_at as "createdAt",
            resolved_at as "resolvedAt"
          from appeals where user_id = ${id} order by created_at`,
  },
  // What the member was writing and has not sent (docs/decisions/065).
  drafts: {
    table: "drafts",
    byId: ["user_id"],
    rows: ({ id }) =>
      sql`select place, title, content, updated_at as "updatedAt"
          from drafts where user_id = ${id} order by updated_at`,
  },
  // Pictures the member uploaded (docs/decisions/065): listed with their addresses; the files
  // are not embedded (ten a post would make the document huge).
  postImages: {
    table: "post_images",
    byId: ["uploader_id"],
    rows: ({ id }) =>
      sql`select '/api/images/' || id as address, width, height, bytes,
            discussion_id as "discussionId", reply_id as "replyId", created_at as "createdAt"
          from post_images where uploader_id = ${id} order by created_at`,
  },
  // The exports themselves, without their content or links.
  dataExports: {
    table: "data_exports",
    byId: ["user_id"],
    rows: ({ id }) =>
      sql`select created_at as "createdAt", ready_at as "readyAt", expires_at as "expiresAt"
          from data_exports where user_id = ${id} order by created_at`,
  },
} as const satisfies Record<string, Section>;

export type MemberDataSection = keyof typeof MEMBER_DATA_SECTIONS;

export type MemberExport = {
  format: string;
  site: string;
  exportedAt: string;
  /** The avatar file itself, so the document stands alone; null without one. */
  avatar: { contentType: string; base64: string } | null;
} & Record<MemberDataSection, unknown>;

/** The member's current email, or null when there is no such account. */
export async function memberEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await queryRows<{ email: string }>(
    db,
    sql`select lower(email) as email from "user" where id = ${userId}`,
  );
  return row?.email ?? null;
}

/**
 * Rows that decide whether an export is built inside the request or by the job queue: the
 * tables that grow with use.
 */
export async function countLargeRows(db: Db, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select (select count(*) from discussions where author_id = ${userId})
          + (select count(*) from discussion_replies where author_id = ${userId})
          + (select count(*) from notifications where user_id = ${userId}) as n`,
  );
  return Number(row?.n ?? 0);
}

/** The whole document for member `userId`; null when there is no such account. */
export async function buildMemberExport(
  deps: { db: Db; storage: FileStorage; siteName: string },
  userId: string,
): Promise<MemberExport | null> {
  const { db, storage } = deps;
  const email = await memberEmail(db, userId);
  if (email === null) return null;
  const member = { id: userId, email };
  const document: Record<string, unknown> = {
    format: EXPORT_FORMAT,
    site: deps.siteName,
    exportedAt: new Date().toISOString(),
  };
  // One section at a time inside one read-only snapshot: PGlite has one connection, and the
  // sections agree with each other on PostgreSQL.
  await db.transaction(
    async (tx) => {
      for (const [name, section] of Object.entries(MEMBER_DATA_SECTIONS) as [
        MemberDataSection,
        Section,
      ][]) {
        const [row] = await queryRows<{ rows: unknown[] }>(tx, rowsOf(section.rows(member)));
        const rows = row?.rows ?? [];
        document[name] = section.single ? (rows[0] ?? null) : rows;
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  const avatar = document.profile ? await storage.read(avatarKey(userId)) : null;
  document.avatar = avatar
    ? { contentType: avatar.contentType, base64: Buffer.from(avatar.body).toString("base64") }
    : null;
  return document as MemberExport;
}

/** The file name a download is saved under. */
export function exportFileName(exportedAt: string): string {
  return `my-data-${exportedAt.slice(0, 10)}.json`;
}
