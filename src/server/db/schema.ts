// Every table of docs/architecture.md "Data model". better-auth's tables (user, session, account,
// verification, rate_limit) are written by hand from its documentation; the drizzle adapter
// maps its model names onto them (see auth/auth.ts).
import { relations, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { displayNameKey } from "./display-name";

/**
 * A text search document (issue 44, docs/decisions/074): written by triggers only, from the
 * plain text of what a visitor may read, with the site's search language (search_config()).
 */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

// ---- better-auth ----------------------------------------------------------------------

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** better-auth's two-factor plugin: set once an authenticator app is confirmed (decision 060). */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  ...timestamps,
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (table) => [index("session_user_id_idx").on(table.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (table) => [index("account_user_id_idx").on(table.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index("verification_identifier_idx").on(table.identifier)],
);

// The joins better-auth asks for (a session with its member, an account with its member, a member
// with their accounts): with `advanced.database.joins` (auth.ts) each is one statement instead of
// two, and the session lookup runs on every signed-in request.
export const userRelations = relations(user, ({ many }) => ({
  accounts: many(account),
  sessions: many(session),
}));
export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));
export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));

/**
 * better-auth's two-factor plugin's table (decision 060): the authenticator app's secret and the
 * recovery codes, both encrypted with the auth secret. One row per member; `verified` turns true
 * when the first code is confirmed. `last_accepted_step` is ours: the newest TOTP time-step
 * accepted, so a code is never accepted twice (RFC 6238 §5.2).
 */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastAcceptedStep: bigint("last_accepted_step", { mode: "number" }),
    ...timestamps,
  },
  (table) => [uniqueIndex("two_factor_user_id_idx").on(table.userId)],
);

/**
 * Passkeys (WebAuthn, decision 063): a member's credentials, each named by them. The public key
 * (COSE, base64url) checks assertions; `counter` is the authenticator's signature counter where
 * it sends one (0 when it does not), so a cloned authenticator's older count is refused.
 */
export const passkey = pgTable(
  "passkey",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The credential's id as the browser sends it (base64url). */
    credentialId: text("credential_id").notNull(),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    /** How the browser may reach the authenticator ("internal", "hybrid", ...), comma-separated. */
    transports: text("transports").notNull().default(""),
    /** Synced between the member's devices ("multiDevice") or bound to one ("singleDevice"). */
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull().default(false),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("passkey_credential_id_idx").on(table.credentialId),
    index("passkey_user_id_idx").on(table.userId),
  ],
);

/** Rate-limit counters live in the database so they hold across app instances. */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---- members ---------------------------------------------------------------------------

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    fullName: text("full_name"),
    avatarUrl: text("avatar_url"),
    bio: text("bio"),
    location: text("location"),
    website: text("website"),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    isPublic: boolean("is_public").notNull().default(true),
    socialTwitter: text("social_twitter"),
    socialLinkedin: text("social_linkedin"),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }),
    /**
     * The member's last activity before a gap of at least an hour (docs/decisions/071): what is
     * "New" to them is what was created since. Private to the member; moved forward by the same
     * throttled update as last_active_at (auth/viewer.ts).
     */
    lastVisitAt: timestamp("last_visit_at", { withTimezone: true }),
    /** "Mark all as read" (docs/decisions/071): activity up to then counts as read. */
    markedReadAt: timestamp("marked_read_at", { withTimezone: true }),
    /**
     * The Terms of Service version the member last accepted, and when (docs/decisions/082):
     * on the confirmation page, and again after a material change. Null: never accepted (members
     * from before versions existed).
     */
    termsVersionAccepted: integer("terms_version_accepted"),
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    /**
     * The digest of what the member missed (docs/decisions/073): off, daily or weekly. Weekly for
     * members who joined since it exists; migration 0044 set it off for everyone before.
     */
    digest: text("digest", { enum: ["off", "daily", "weekly"] })
      .notNull()
      .default("weekly"),
    /**
     * The member's active discussions, kept by a trigger on discussions (migration 0005,
     * docs/decisions/008): the directory sorts by it without counting 100,000 rows per request.
     */
    discussionsCount: integer("discussions_count").notNull().default(0),
    /**
     * The member's replies that anyone can read (not deleted, in an active discussion): the
     * profile's Comments stat. Kept by triggers (migration 0014, docs/decisions/020).
     */
    repliesCount: integer("replies_count").notNull().default(0),
    /**
     * Reactions to the member's discussions and replies, from everyone and in any state of the
     * post: the profile's "Reactions received". Kept by a trigger on reactions (migration 0046,
     * docs/decisions/075).
     */
    reactionsReceived: integer("reactions_received").notNull().default(0),
    /**
     * The row's number in creation order: the sitemap's pages are ranges of it, read on a partial
     * index, so a page costs its own rows at any size (docs/decisions/024).
     */
    seq: bigint("seq", { mode: "number" }).generatedByDefaultAsIdentity(),
    /** Name (A), bio and location (B), searched for public profiles only (decision 074). */
    searchVector: tsvector("search_vector"),
    ...timestamps,
  },
  (table) => [
    index("profiles_search_idx").using("gin", table.searchVector).where(sql`${table.isPublic}`),
    index("profiles_sitemap_idx").on(table.seq).where(sql`${table.isPublic}`),
    index("profiles_public_created_idx").on(table.isPublic, table.createdAt),
    // The CMS Users tab lists every account newest first (features/users/list-users.ts),
    // read backwards with its (created_at, id) keyset.
    index("profiles_created_idx").on(table.createdAt, table.id),
    // Forum search matches the author's name with ILIKE '%term%' (domain/discussions).
    index("profiles_full_name_trgm_idx").using("gin", sql`${table.fullName} gin_trgm_ops`),
    // Members directory sorts (features/members/list-members.ts): keyset order per sort,
    // over public profiles only. The expressions must match the queries' exactly.
    index("profiles_public_recent_idx")
      .on(sql`coalesce(${table.lastActiveAt}, ${table.createdAt})`, table.id)
      .where(sql`${table.isPublic}`),
    index("profiles_public_name_idx")
      .on(displayNameKey(table.fullName, table.email), table.id)
      .where(sql`${table.isPublic}`),
    // Ascending, read backwards for "most discussions first" (desc, desc).
    index("profiles_public_discussions_idx")
      .on(table.discussionsCount, table.id)
      .where(sql`${table.isPublic}`),
    // Directory search (ILIKE '%term%' on name, bio, location, and email for admins): one
    // trigram index per field, combined by a BitmapOr.
    index("profiles_bio_trgm_idx").using("gin", sql`${table.bio} gin_trgm_ops`),
    index("profiles_location_trgm_idx").using("gin", sql`${table.location} gin_trgm_ops`),
    index("profiles_email_trgm_idx").using("gin", sql`${table.email} gin_trgm_ops`),
    // The forum's author filter matches the display name (domain/discussions/queries.ts).
    index("profiles_display_name_idx").on(displayNameKey(table.fullName, table.email)),
    check("profiles_digest_check", sql`${table.digest} in ('off', 'daily', 'weekly')`),
  ],
);

/**
 * The members directory's counters per role (a member without a user_roles row counts as
 * `user`), kept by triggers on profiles and user_roles (migration 0006, docs/decisions/008):
 * the directory's totals and its stats are read here instead of counting every profile.
 */
export const memberCounts = pgTable("member_counts", {
  role: text("role").primaryKey(),
  /** Public profiles with this role. */
  publicMembers: integer("public_members").notNull().default(0),
  /** Public profiles with this role and at least one active discussion. */
  activeContributors: integer("active_contributors").notNull().default(0),
});

export const ROLE_VALUES = ["user", "author", "moderator", "admin"] as const;

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLE_VALUES }).notNull().default("user"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("user_roles_role_check", sql`${table.role} in ('user', 'author', 'moderator', 'admin')`),
    index("user_roles_role_idx").on(table.role),
  ],
);

/** Audit trail: who changed whose role, from what to what, why and when. */
export const roleChanges = pgTable(
  "role_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    changedBy: text("changed_by").references(() => user.id, { onDelete: "set null" }),
    targetUserId: text("target_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    oldRole: text("old_role", { enum: ROLE_VALUES }),
    newRole: text("new_role", { enum: ROLE_VALUES }).notNull(),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("role_changes_target_idx").on(table.targetUserId, table.createdAt)],
);

// ---- forum -----------------------------------------------------------------------------

/**
 * The forum's categories, shared with the blog (issue 41, docs/decisions/066): admins manage
 * them in the CMS; every discussion has one, a blog post one or none ("Uncategorized").
 */
export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The address, /discussion/c/{slug}: lower-case letters, digits and single hyphens. */
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** `#rrggbb`, lower case, at least 3:1 against both themes' backgrounds (shared/categories.ts). */
    colour: text("colour").notNull(),
    /** The order of lists, smallest first; the first category takes old discussions. */
    position: integer("position").notNull(),
    /** Only staff start discussions here (an "Announcements" kind); members still reply. */
    staffOnly: boolean("staff_only").notNull().default(false),
    /** Active discussions in it, kept by a trigger (migration 0036), as profiles' counts. */
    discussionsCount: integer("discussions_count").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("categories_slug_idx").on(table.slug),
    uniqueIndex("categories_name_idx").on(sql`lower(${table.name})`),
    index("categories_position_idx").on(table.position),
    check("categories_colour_check", sql`${table.colour} ~ '^#[0-9a-f]{6}$'`),
    check("categories_slug_check", sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

export const discussions = pgTable(
  "discussions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    /**
     * `markup` (decision 021's, written with the composer) or `plain`: discussions from before
     * the composer, shown as written (docs/decisions/064). Migration 0033 made old rows plain.
     */
    contentFormat: text("content_format", { enum: ["plain", "markup"] })
      .notNull()
      .default("markup"),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    /** Exactly one (issue 41); a category is deleted only after its discussions moved. */
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    isPinned: boolean("is_pinned").notNull().default(false),
    isLocked: boolean("is_locked").notNull().default(false),
    status: text("status").notNull().default("active"),
    /**
     * The content's plain text (shared/markup/plain-text.ts), written by the app where it differs
     * from the content; null where the content is its own plain text. A change of the content
     * that does not write it sets it null (a trigger, migration 0034), so it is never stale
     * (docs/decisions/064).
     */
    plainContent: text("plain_content"),
    /**
     * Title and plain text in lower case, for the forum search: `search_text LIKE lower(pattern)`
     * costs a quarter of ILIKE on both columns (docs/decisions/009); no markup marker or mention
     * token is matched (docs/decisions/064).
     */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower("title" || chr(10) || coalesce("plain_content", "content"))`,
    ),
    /** Title (A) and plain text (B), kept by a trigger (migration 0045, decision 074). */
    searchVector: tsvector("search_vector"),
    /** Replies not deleted, kept by a trigger on discussion_replies (docs/decisions/020). */
    repliesCount: integer("replies_count").notNull().default(0),
    /**
     * Replies that anyone reading the thread sees: not deleted, held or hidden. Kept by a trigger
     * (migration 0042) with each member's read position, so an unread count is a subtraction
     * (docs/decisions/071).
     */
    shownRepliesCount: integer("shown_replies_count").notNull().default(0),
    /** The newest reply not deleted; null without one. Kept by the same trigger. */
    lastReplyAt: timestamp("last_reply_at", { withTimezone: true }),
    /**
     * "Latest activity" (docs/product.md §4.6): the last reply, else the creation. One stored
     * expression, so that the sort's index and its query cannot spell it differently.
     */
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`coalesce("last_reply_at", "created_at")`),
    /**
     * The row's number in creation order: the sitemap's pages are ranges of it, read on a partial
     * index, so a page costs its own rows at any size (docs/decisions/024).
     */
    seq: bigint("seq", { mode: "number" }).generatedByDefaultAsIdentity(),
    ...timestamps,
    /** Set when the title or content is edited after creation: the page says "edited". */
    editedAt: timestamp("edited_at", { withTimezone: true }),
    /**
     * The last edit was someone else's (a moderator or admin): the page says "Edited by a
     * moderator" until the author edits again (docs/decisions/048).
     */
    editedByModerator: boolean("edited_by_moderator").notNull().default(false),
    /** When the discussion was deleted (status 'deleted'); staff restore it from the CMS. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Hidden by a moderator (docs/decisions/027): others than staff and the author see a mask. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
  },
  (table) => [
    check("discussions_content_format_check", sql`${table.contentFormat} in ('plain', 'markup')`),
    index("discussions_sitemap_idx").on(table.seq).where(sql`${table.status} = 'active'`),
    index("discussions_list_idx").on(
      table.status,
      table.isPinned.desc(),
      table.createdAt.desc(),
      table.id.desc(),
    ),
    // "Locked only" (2% of discussions at benchmark size) reads its own small index in list
    // order instead of filtering the whole list (domain/discussions/queries.ts).
    index("discussions_locked_list_idx")
      .on(table.status, table.isPinned.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`${table.isLocked}`),
    index("discussions_author_idx").on(table.authorId, table.createdAt.desc()),
    // Per-member counts and a profile's recent discussions read only active ones.
    index("discussions_active_author_idx")
      .on(table.authorId, table.createdAt.desc())
      .where(sql`${table.status} = 'active'`),
    // A category's page in list order, and by latest activity (docs/decisions/066).
    index("discussions_category_list_idx")
      .on(table.categoryId, table.isPinned.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`${table.status} = 'active'`),
    index("discussions_category_activity_idx")
      .on(table.categoryId, table.isPinned.desc(), table.lastActivityAt.desc(), table.id.desc())
      .where(sql`${table.status} = 'active'`),
    index("discussions_search_trgm_idx").using("gin", sql`${table.searchText} gin_trgm_ops`),
    // Full-text search (decision 074): only what a visitor reads is in the index at all.
    index("discussions_search_idx")
      .using("gin", table.searchVector)
      .where(sql`${table.status} = 'active' and ${table.hiddenAt} is null`),
    // The forum's "Latest activity" sort: pinned first, then the last reply (else creation),
    // newest first, over active discussions (domain/discussions/queries.ts).
    index("discussions_activity_idx")
      .on(table.isPinned.desc(), table.lastActivityAt.desc(), table.id.desc())
      .where(sql`${table.status} = 'active'`),
  ],
);

/**
 * The forum's tags (issue 41, docs/decisions/067): curated by staff, created by members where
 * the admin allows it. The name is the tag's one spelling (shared/tags.ts, normaliseTag) and
 * its address; renames and merges are staff's (logged).
 */
export const tags = pgTable(
  "tags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Active discussions with the tag, kept by triggers (migration 0037), as categories'. */
    discussionsCount: integer("discussions_count").notNull().default(0),
    /** Created by staff (in the CMS or while posting): listed even before any discussion has it. */
    curated: boolean("curated").notNull().default(false),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("tags_name_idx").on(table.name),
    index("tags_popular_idx").on(table.discussionsCount.desc(), table.name),
    check("tags_name_check", sql`char_length(${table.name}) between 2 and 30`),
  ],
);

/**
 * A discussion's tags, at most five (the API's rule). `counted` mirrors whether the discussion
 * is active, so a tag's count follows removals and restores, and a deleted row takes its share
 * of the count with it whatever deleted it (migration 0037's triggers).
 */
export const discussionTags = pgTable(
  "discussion_tags",
  {
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    counted: boolean("counted").notNull().default(false),
    /**
     * The discussion's list keys, copied by triggers (migration 0039, docs/decisions/069), so
     * a tag's newest discussions are one index range in list order, as a category's are.
     */
    discussionPinned: boolean("discussion_pinned").notNull().default(false),
    discussionCreatedAt: timestamp("discussion_created_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.discussionId, table.tagId] }),
    // Merges, deletes and the tag filter by activity collect a tag's rows through this.
    index("discussion_tags_tag_idx").on(table.tagId, table.discussionId),
    // The tag filter, newest first: read in order, stopping after a page (decision 069).
    index("discussion_tags_list_idx")
      .on(
        table.tagId,
        table.discussionPinned.desc(),
        table.discussionCreatedAt.desc(),
        table.discussionId.desc(),
      )
      .where(sql`${table.counted}`),
  ],
);

/**
 * Replies under a discussion (docs/product.md §3.14, docs/decisions/020); the table was
 * discussion_comments until replies existed. A deleted reply keeps its row (deleted_at) and
 * its place in the thread.
 */
export const discussionReplies = pgTable(
  "discussion_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    /** The reply this one answers, in the same discussion (checked by the API). */
    replyToId: uuid("reply_to_id"),
    ...timestamps,
    /** Set by every edit; null until the first. */
    editedAt: timestamp("edited_at", { withTimezone: true }),
    /** The last edit was a moderator's or admin's (docs/decisions/048). */
    editedByModerator: boolean("edited_by_moderator").notNull().default(false),
    /** Soft delete: the reply shows as deleted and leaves every count. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Hidden by a moderator (docs/decisions/027): others than staff and the author see a mask. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /**
     * A new member's first post held for review (docs/decisions/034): only its author sees it,
     * and it counts nowhere, until a moderator approves it (null) or deletes it.
     */
    heldAt: timestamp("held_at", { withTimezone: true }),
    /**
     * The reply's number in the order replies were posted, site-wide: a member's read position
     * is the highest they have seen (docs/decisions/071).
     */
    seq: bigint("seq", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    /**
     * The content's plain text where it differs from the content, as discussions' (decision
     * 064); a change of the content that does not write it sets it null (a trigger).
     */
    plainContent: text("plain_content"),
    /** The plain text (C), kept by a trigger (migration 0045, decision 074). */
    searchVector: tsvector("search_vector"),
  },
  (table) => [
    foreignKey({ columns: [table.replyToId], foreignColumns: [table.id] }).onDelete("set null"),
    // Full-text search (decision 074): shown replies only (their thread is checked by a join).
    index("discussion_replies_search_idx")
      .using("gin", table.searchVector)
      .where(
        sql`${table.deletedAt} is null and ${table.heldAt} is null and ${table.hiddenAt} is null`,
      ),
    // Full-text search's newest matches of a common word (decision 074): shown replies newest
    // first, each tested until RANK_WINDOW match, rather than every match collected and sorted
    // (bench/RESULTS.md §26). A rare word's few matches still come from the GIN index.
    index("discussion_replies_search_order_idx")
      .on(table.seq)
      .where(
        sql`${table.deletedAt} is null and ${table.heldAt} is null and ${table.hiddenAt} is null`,
      ),
    // The first unread reply of a thread: the first after the member's position.
    index("discussion_replies_seq_idx").on(table.discussionId, table.seq),
    // A thread oldest first with its (created_at, id) keyset, both ways (permalinks read
    // backwards from a reply). held_at and author_id ride along so that the page's keys, which
    // leave out replies held for review unless the reader wrote them, come from the index
    // alone: without them, PostgreSQL's generic plan read and sorted the whole 10,000-reply
    // thread for each page (bench/RESULTS.md §11).
    index("discussion_replies_thread_idx").on(
      table.discussionId,
      table.createdAt,
      table.id,
      table.heldAt,
      table.authorId,
    ),
    // The newest reply that shows, one step back: the forum card's last reply author and the
    // trigger's search after a delete. The thread index above holds every reply, deleted and
    // held too, so finding the newest shown one there read and sorted the whole thread (a
    // 10,000-reply discussion's own page read all 10,000 with their authors).
    index("discussion_replies_shown_idx")
      .on(table.discussionId, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null and ${table.heldAt} is null`),
    // A member's replies; also what ON DELETE SET NULL reads when an account goes.
    index("discussion_replies_author_idx").on(table.authorId, table.createdAt),
    // Answers to a reply (notifications), and what ON DELETE SET NULL reads when a thread goes.
    index("discussion_replies_reply_to_idx")
      .on(table.replyToId)
      .where(sql`${table.replyToId} is not null`),
  ],
);

/**
 * The members a reply mentions (an `@[name](id)` token in its content, docs/decisions/020):
 * the notifications read "replies that mention me" through the user index.
 */
export const replyMentions = pgTable(
  "reply_mentions",
  {
    replyId: uuid("reply_id")
      .notNull()
      .references(() => discussionReplies.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.replyId, table.userId] }),
    index("reply_mentions_user_idx").on(table.userId),
  ],
);

/**
 * Site-wide totals kept by triggers, one row per name: `replies` (the CMS Overview's
 * Engagement) is the number of replies anyone can read (docs/decisions/020).
 */
export const siteCounters = pgTable("site_counters", {
  name: text("name").primaryKey(),
  value: bigint("value", { mode: "number" }).notNull().default(0),
});

// ---- drafts (docs/decisions/065) ----------------------------------------------------------

/**
 * What a member is writing in a composer, saved as they type: one row per member and place
 * (`new-discussion`, `reply-to-{discussionId}`, `edit-discussion-{id}`, `edit-reply-{id}`).
 * Only its author reads it; sending or discarding deletes it, and a daily job removes drafts
 * untouched for 30 days. Erasure takes it with the account (cascade).
 */
export const drafts = pgTable(
  "drafts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    place: text("place").notNull(),
    /** A new discussion's or a discussion edit's title; null elsewhere. */
    title: text("title"),
    content: text("content").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.place] }),
    index("drafts_updated_at_idx").on(table.updatedAt),
  ],
);

/**
 * Pictures members add to posts (docs/decisions/065): the re-encoded WebP under `storage_key`,
 * its size, and the post it was sent in (a discussion or a reply; neither while it is only in
 * a draft). Served by /api/images/{id} as the post's visibility says; one in no post after a
 * day, and in none of its uploader's drafts, is removed by the orphan sweep. Erasure removes
 * the uploader's images with the account (cascade; the files after the commit).
 */
export const postImages = pgTable(
  "post_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    uploaderId: text("uploader_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    discussionId: uuid("discussion_id").references(() => discussions.id, { onDelete: "set null" }),
    replyId: uuid("reply_id").references(() => discussionReplies.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    attachedAt: timestamp("attached_at", { withTimezone: true }),
  },
  (table) => [
    index("post_images_uploader_id_idx").on(table.uploaderId),
    // The orphan sweep's range: uploads in no post, oldest first.
    index("post_images_unattached_idx")
      .on(table.createdAt)
      .where(sql`${table.discussionId} is null and ${table.replyId} is null`),
  ],
);

// ---- member safety (docs/decisions/031) -----------------------------------------------

/**
 * Who blocked whom. Private to the blocker: the blocked member's posts collapse for them and
 * the blocked member's replies and mentions never notify them. A member cannot block
 * themselves; the rows go with either account.
 */
export const memberBlocks = pgTable(
  "member_blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A viewer's blocks are one index range; the fan-out asks (recipient, actor) by key.
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    // Who blocked a reply's author: their read positions count the reply as seen (decision 071).
    index("member_blocks_blocked_idx").on(table.blockedId),
    check("member_blocks_not_self_check", sql`${table.blockerId} <> ${table.blockedId}`),
  ],
);

// ---- notifications (docs/decisions/023) -------------------------------------------------

/**
 * Who follows or has muted a discussion. The author and every member who replies get a
 * `following` row by trigger (migration 0016; a mute stays a mute); no row means the member
 * hears only what is addressed to them (answers, mentions).
 */
export const discussionFollows = pgTable(
  "discussion_follows",
  {
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    state: text("state").notNull(),
    ...timestamps,
  },
  (table) => [
    // The fan-out reads a discussion's followers as one index range.
    primaryKey({ columns: [table.discussionId, table.userId] }),
    index("discussion_follows_user_idx").on(table.userId),
    check("discussion_follows_state_check", sql`${table.state} in ('following', 'muted')`),
  ],
);

/**
 * Who follows or has muted a whole category (issue 41, docs/decisions/068): a follower hears of
 * each new discussion in it; a muted category is left out of the member's list of discussions
 * unless they ask for it. No row: neither.
 */
export const categoryFollows = pgTable(
  "category_follows",
  {
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    state: text("state").notNull(),
    ...timestamps,
  },
  (table) => [
    // The fan-out reads a category's followers as one index range; the list, a member's mutes.
    primaryKey({ columns: [table.categoryId, table.userId] }),
    index("category_follows_user_idx").on(table.userId),
    check("category_follows_state_check", sql`${table.state} in ('following', 'muted')`),
  ],
);

/**
 * How far a member has read a discussion (issue 42, docs/decisions/071): the highest reply they
 * have seen (`last_read_seq`, a reply's seq) and how many of the thread's shown replies count as
 * seen for them: those up to the position, their own, and those by members they blocked. Kept
 * by triggers as replies are posted, hidden, held, deleted and restored, and as blocks change,
 * so the unread count is `shown_replies_count - seen_count`.
 */
export const readPositions = pgTable(
  "read_positions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    lastReadSeq: bigint("last_read_seq", { mode: "number" }).notNull().default(0),
    seenCount: integer("seen_count").notNull().default(0),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The list joins a member's position for each card by key.
    primaryKey({ columns: [table.userId, table.discussionId] }),
    // The triggers move every position in a thread when one of its replies changes.
    index("read_positions_discussion_idx").on(table.discussionId),
  ],
);

/**
 * "Mark all as read" for one category (docs/decisions/071): one time per member and category,
 * never a row per discussion; the site-wide one is profiles.marked_read_at.
 */
export const categoryReadMarks = pgTable(
  "category_read_marks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    markedReadAt: timestamp("marked_read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.categoryId] })],
);

/**
 * A member's bookmark of a discussion (no reply) or of one of its replies (issue 42,
 * docs/decisions/072): their own note and an optional reminder, which a job turns into a
 * notification once its time comes (`reminded_at`). Only the member ever reads their rows.
 */
export const bookmarks = pgTable(
  "bookmarks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    replyId: uuid("reply_id").references(() => discussionReplies.id, { onDelete: "cascade" }),
    note: text("note"),
    remindAt: timestamp("remind_at", { withTimezone: true }),
    /** When the reminder's notification was queued; set back to null by a new reminder time. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // One bookmark per post and member: a discussion's own (no reply) is one too.
    unique("bookmarks_target_unique")
      .on(table.userId, table.discussionId, table.replyId)
      .nullsNotDistinct(),
    // The member's list, newest first, with its keyset cursor.
    index("bookmarks_list_idx").on(table.userId, table.createdAt.desc(), table.id.desc()),
    // The reminder job reads only the reminders still to send, earliest first.
    index("bookmarks_due_idx")
      .on(table.remindAt)
      .where(sql`${table.remindAt} is not null and ${table.remindedAt} is null`),
    // ON DELETE CASCADE from a discussion or a reply reads these.
    index("bookmarks_discussion_idx").on(table.discussionId),
    index("bookmarks_reply_idx").on(table.replyId).where(sql`${table.replyId} is not null`),
    check("bookmarks_note_length_check", sql`char_length(${table.note}) <= 500`),
  ],
);

// ---- reactions (issue 45, docs/decisions/075) ------------------------------------------------

/**
 * A member's reaction of one kind (shared/reactions.ts) to a discussion (no reply) or to one of
 * its replies. One of each kind per member and post; rows go with the member (erasure), the
 * discussion and the reply. A hidden or deleted post keeps its reactions.
 */
export const reactions = pgTable(
  "reactions",
  {
    // By default, not always: a restore writes the ids back as they were (lib/backup.ts).
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    replyId: uuid("reply_id").references(() => discussionReplies.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One of each kind per member and post; a second PUT is `on conflict do nothing`.
    unique("reactions_member_post_kind_unique")
      .on(table.userId, table.discussionId, table.replyId, table.kind)
      .nullsNotDistinct(),
    // "Who reacted" to a post, oldest first; also what ON DELETE CASCADE from a discussion reads.
    index("reactions_post_idx").on(table.discussionId, table.replyId, table.kind, table.createdAt),
    index("reactions_reply_idx").on(table.replyId).where(sql`${table.replyId} is not null`),
    // The Top job's periods read the reactions since a time. Migration 0051 adds INCLUDE
    // (discussion_id, reply_id), which Drizzle cannot say, so the read is index-only.
    index("reactions_created_idx").on(table.createdAt),
    check("reactions_kind_check", sql`${table.kind} ~ '^[a-z]{1,20}$'`),
  ],
);

/**
 * Reactions per post and kind, kept by triggers on reactions (migration 0046): a thread's
 * counts are read here, never counted per request. Counts include everyone's reactions.
 */
export const reactionCounts = pgTable(
  "reaction_counts",
  {
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    replyId: uuid("reply_id").references(() => discussionReplies.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [
    unique("reaction_counts_post_kind_unique")
      .on(table.discussionId, table.replyId, table.kind)
      .nullsNotDistinct(),
    index("reaction_counts_reply_idx").on(table.replyId).where(sql`${table.replyId} is not null`),
    check("reaction_counts_count_check", sql`${table.count} >= 0`),
  ],
);

/**
 * The Top sort's scores (docs/decisions/075): per period and discussion, written by the
 * `top-scores` job; only discussions with a score above 0 have a row.
 */
export const topScores = pgTable(
  "top_scores",
  {
    period: text("period").notNull(),
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.period, table.discussionId] }),
    // The Top list: one period, highest score first, newest id breaking ties (the keyset).
    index("top_scores_list_idx").on(table.period, table.score.desc(), table.discussionId.desc()),
    index("top_scores_discussion_idx").on(table.discussionId),
    check(
      "top_scores_period_check",
      sql`${table.period} in ('today', 'week', 'month', 'year', 'all')`,
    ),
  ],
);

/**
 * One entry of a member's notification list (docs/product.md §2.23). Events of one kind in
 * one discussion gather into the member's unread entry of that group (`group_key`), which
 * counts its events and distinct actors and points at the newest reply.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** An open list (src/shared/notifications.ts): later issues add kinds. */
    kind: text("kind").notNull(),
    /** `{kind}:{discussion id}` for kinds that group; null for entries that stand alone. */
    groupKey: text("group_key"),
    discussionId: uuid("discussion_id").references(() => discussions.id, { onDelete: "cascade" }),
    /** The newest reply of the group: the entry's permalink. */
    replyId: uuid("reply_id").references(() => discussionReplies.id, { onDelete: "set null" }),
    /** The newest actor; null for the system or an account that went. */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorCount: integer("actor_count").notNull().default(1),
    eventCount: integer("event_count").notNull().default(1),
    /** What the kind needs besides (the new role; the moderation action). */
    data: jsonb("data"),
    /** `immediately` or `daily` while an email about it is still to go; else null. */
    emailPending: text("email_pending"),
    readAt: timestamp("read_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // The list, newest activity first, and its keyset cursor.
    index("notifications_list_idx").on(table.userId, table.updatedAt.desc(), table.id.desc()),
    // The unread count, and the group an event joins.
    uniqueIndex("notifications_unread_group_idx")
      .on(table.userId, table.groupKey)
      .where(sql`${table.readAt} is null and ${table.groupKey} is not null`),
    index("notifications_unread_idx").on(table.userId).where(sql`${table.readAt} is null`),
    // What the mail jobs pick up.
    index("notifications_email_pending_idx")
      .on(table.userId, table.emailPending)
      .where(sql`${table.emailPending} is not null`),
    index("notifications_discussion_idx").on(table.discussionId),
    index("notifications_reply_idx").on(table.replyId),
    check(
      "notifications_email_pending_check",
      sql`${table.emailPending} in ('immediately', 'daily')`,
    ),
  ],
);

/** The distinct members behind a grouped entry ("Ana and 3 others"). */
export const notificationActors = pgTable(
  "notification_actors",
  {
    notificationId: uuid("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    actorId: text("actor_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.notificationId, table.actorId] }),
    index("notification_actors_actor_idx").on(table.actorId),
  ],
);

/**
 * Notification events written in the same statement as what they tell of (docs/decisions/092):
 * a reaction and its event are one insert, with no transaction around them. The notifications
 * feature's worker takes them in batches, oldest first, and deletes each as it writes its
 * entries. Events carry ids only (domain/notifications/events.ts).
 */
export const notificationOutbox = pgTable("notification_outbox", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  event: jsonb("event").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A member's email choice per kind, where it differs from the default (shared/notifications.ts). */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    email: text("email").notNull(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind] }),
    check(
      "notification_settings_email_check",
      sql`${table.email} in ('immediately', 'daily', 'off')`,
    ),
  ],
);

/**
 * When a member was last mailed about a topic (a discussion's id, or `account`): at most one
 * mail per topic an hour; later events wait for the next.
 */
/**
 * One digest per member per period (docs/decisions/073): the unique key makes a second one for
 * the same period impossible, whoever plans it and however often. A row is claimed (`sending`,
 * committed) before its mail is handed over and never taken back, so a worker that dies holding
 * it skips that member's digest for the period rather than sending it twice.
 */
export const digestDeliveries = pgTable(
  "digest_deliveries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** `daily:YYYY-MM-DD` or `weekly:YYYY-MM-DD` (the week's Monday), in the site's time. */
    period: text("period").notNull(),
    /** What counts as new to the member: the start of the period they stayed away for. */
    since: timestamp("since", { withTimezone: true }).notNull(),
    /**
     * queued, sending, sent, empty (nothing new: no mail), skipped (its worker died, or the mail
     * server failed in a way that may have taken it), failed (refused for good).
     */
    status: text("status").notNull().default("queued"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("digest_deliveries_member_period_idx").on(table.userId, table.period),
    // What the sender claims next, in order.
    index("digest_deliveries_queued_idx").on(table.id).where(sql`${table.status} = 'queued'`),
    index("digest_deliveries_sending_idx")
      .on(table.claimedAt)
      .where(sql`${table.status} = 'sending'`),
    check(
      "digest_deliveries_status_check",
      sql`${table.status} in ('queued', 'sending', 'sent', 'empty', 'skipped', 'failed')`,
    ),
  ],
);

export const notificationMailWindows = pgTable(
  "notification_mail_windows",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    topic: text("topic").notNull(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.topic] })],
);

// ---- moderation (docs/decisions/027) -----------------------------------------------------

/**
 * A report of a discussion, a reply, a profile or a tag: once per member per item. A visitor who
 * is not signed in reports a post with an email address instead (docs/decisions/079); the
 * address is null once its owner's data is erased, or RETENTION_MONTHS after the report was
 * closed, and the report stays for the moderators.
 */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The member who reported; null for a visitor's report. */
    reporterId: text("reporter_id").references(() => user.id, { onDelete: "cascade" }),
    /** A visitor's address (lower case), for the acknowledgement and the outcome. */
    reporterEmail: text("reporter_email"),
    /** When the visitor opened the mailed link; until then the report sorts below the others. */
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    targetKind: text("target_kind").notNull(),
    /** A discussion's, reply's or tag's uuid, or a member's id, as text. */
    targetId: text("target_id").notNull(),
    reason: text("reason").notNull(),
    /** The kind of priority illegal content (ILLEGAL_HARM_KINDS) when the reason is illegal. */
    harmKind: text("harm_kind"),
    details: text("details"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when a moderator acts on the item (any action closes its open reports). */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolutionId: uuid("resolution_id").references(() => moderationActions.id, {
      onDelete: "set null",
    }),
  },
  (table) => [
    uniqueIndex("reports_once_idx").on(table.reporterId, table.targetKind, table.targetId),
    index("reports_open_idx")
      .on(table.targetKind, table.targetId)
      .where(sql`${table.resolvedAt} is null`),
    check(
      "reports_kind_check",
      sql`${table.targetKind} in ('discussion', 'reply', 'profile', 'tag')`,
    ),
    check(
      "reports_reason_check",
      sql`${table.reason} in ('spam', 'harassment', 'illegal', 'other')`,
    ),
    // Reports made before decision 079 have reason illegal without a kind; the routes ask for one.
    check("reports_harm_kind_check", sql`${table.harmKind} is null or ${table.reason} = 'illegal'`),
    index("reports_reporter_email_idx")
      .on(table.reporterEmail)
      .where(sql`${table.reporterEmail} is not null`),
  ],
);

/**
 * The moderation log (audit): who did what to which item or member, why and when. The public
 * /moderation page reads it without the actor and without the content.
 */
export const moderationActions = pgTable(
  "moderation_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** dismiss, hide, unhide, delete, edit, restore, suspend, lift, release, appeal-*. */
    action: text("action").notNull(),
    targetKind: text("target_kind").notNull(),
    targetId: text("target_id").notNull(),
    /** The member whose content or account it was; null once the account is gone. */
    subjectId: text("subject_id").references(() => user.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    /**
     * The rule of the Terms of Service broken (a key of TERMS_RULES, docs/decisions/082): the
     * notice links it. Null for actions that cite none (dismiss, lift, older rows).
     */
    rule: text("rule"),
    /** For suspend: the end (null for good). */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /**
     * For edit: the post's text before the edit, for staff to check a rewrite against
     * (docs/decisions/048). A reply has no title. Never public.
     */
    previousTitle: text("previous_title"),
    previousContent: text("previous_content"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("moderation_actions_created_idx").on(table.createdAt.desc(), table.id.desc()),
    index("moderation_actions_subject_idx").on(table.subjectId),
  ],
);

/** A member's suspension; active while not lifted and before its end (null: for good). */
export const suspensions = pgTable(
  "suspensions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
    liftedBy: text("lifted_by").references(() => user.id, { onDelete: "set null" }),
  },
  (table) => [index("suspensions_open_idx").on(table.userId).where(sql`${table.liftedAt} is null`)],
);

/**
 * Keyed hashes (HMAC under the auth secret) of every address a suspended account has held, kept
 * while the suspension lasts, through the account's erasure: a sign-up or email change to one
 * is suspended alike (docs/decisions/047). The end and reason are the suspension's, copied, as
 * its row goes with an erased account.
 */
export const suspendedAddressHashes = pgTable(
  "suspended_address_hashes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    addressHash: text("address_hash").notNull(),
    /** The suspension while its account exists; null once the account is erased. */
    suspensionId: uuid("suspension_id").references(() => suspensions.id, {
      onDelete: "set null",
    }),
    reason: text("reason").notNull(),
    /** The suspension's end; null for good. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("suspended_address_hashes_hash_idx").on(table.addressHash),
    uniqueIndex("suspended_address_hashes_suspension_idx").on(
      table.suspensionId,
      table.addressHash,
    ),
  ],
);

/** A member's appeal of one moderation action: at most one per action. */
export const appeals = pgTable(
  "appeals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actionId: uuid("action_id")
      .notNull()
      .references(() => moderationActions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("appeals_action_idx").on(table.actionId),
    index("appeals_open_idx").on(table.createdAt).where(sql`${table.resolvedAt} is null`),
  ],
);

/**
 * A public form's submission that tripped the spam defences (docs/decisions/034): the honeypot
 * or the minimum fill time. Held for a moderator, who releases it (it then takes effect) or
 * discards it; either removes the row. Data requests are never held (data_requests.suspected_spam).
 */
export const heldSubmissions = pgTable(
  "held_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** sign_up, contact or newsletter. */
    kind: text("kind").notNull(),
    /** What the form sent, as its route validated it (never a password). */
    payload: jsonb("payload").notNull(),
    /** honeypot, too_fast, no_token or bad_token. */
    reason: text("reason").notNull(),
    /** The signed-in sender, if any. */
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When it goes out by itself unless staff discard it first: set only for a submission held
     * for being sent too fast with a valid token (docs/decisions/058); null stays held.
     */
    releaseAt: timestamp("release_at", { withTimezone: true }),
  },
  (table) => [
    index("held_submissions_created_idx").on(table.createdAt),
    index("held_submissions_release_idx")
      .on(table.releaseAt)
      .where(sql`${table.releaseAt} is not null`),
    check(
      "held_submissions_kind_check",
      sql`${table.kind} in ('sign_up', 'contact', 'newsletter', 'report', 'complaint')`,
    ),
  ],
);

/** Settings admins change in the CMS (docs/decisions/034): one row per key, the value as JSON. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The Online Safety Act records (docs/decisions/076): every saved version of each record (a
 * risk assessment entry per kind, the assessment's summary and review date, the children's
 * access assessment, the accountable person), never updated or deleted: the Act keeps previous
 * versions too. The saver's name is kept with the version, so the record outlives the account.
 */
export const onlineSafetyRecordVersions = pgTable(
  "online_safety_record_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** `risk:{kind}`, `assessment`, `children-access` or `responsibility`. */
    recordKey: text("record_key").notNull(),
    version: integer("version").notNull(),
    content: jsonb("content").notNull(),
    savedBy: text("saved_by").references(() => user.id, { onDelete: "set null" }),
    savedByName: text("saved_by_name").notNull(),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("online_safety_record_versions_key_idx").on(table.recordKey, table.version),
  ],
);

/** The review dates admins were reminded of (decision 076): one reminder per record and date. */
export const onlineSafetyReminders = pgTable(
  "online_safety_reminders",
  {
    recordKey: text("record_key").notNull(),
    dueOn: date("due_on").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.recordKey, table.dueOn] })],
);

// ---- content ---------------------------------------------------------------------------

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * The post's address, /blog/{slug}: made from the title when the post is created and kept
     * after edits (docs/decisions/024; domain/blog-posts/slug.ts).
     */
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    /** As discussions' (docs/decisions/064): posts from before the composer are `plain`. */
    contentFormat: text("content_format", { enum: ["plain", "markup"] })
      .notNull()
      .default("markup"),
    /** The forum's categories (docs/decisions/066); null is "Uncategorized". */
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    featured: boolean("featured").notNull().default(false),
    readTimeMinutes: integer("read_time_minutes").notNull().default(1),
    commentsCount: integer("comments_count").notNull().default(0),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    /**
     * The row's number in creation order: the sitemap's pages are ranges of it, read on a partial
     * index, so a page costs its own rows at any size (docs/decisions/024).
     */
    seq: bigint("seq", { mode: "number" }).generatedByDefaultAsIdentity(),
    /** As discussions' plain_content (decision 064): null where the content is its own. */
    plainContent: text("plain_content"),
    /** Title (A), excerpt (B) and plain text (C), kept by a trigger (decision 074). */
    searchVector: tsvector("search_vector"),
    ...timestamps,
  },
  (table) => [
    index("blog_posts_search_idx")
      .using("gin", table.searchVector)
      .where(sql`${table.status} = 'published'`),
    check("blog_posts_content_format_check", sql`${table.contentFormat} in ('plain', 'markup')`),
    check("blog_posts_status_check", sql`${table.status} in ('draft', 'published')`),
    index("blog_posts_published_idx").on(table.status, table.publishedAt.desc()),
    uniqueIndex("blog_posts_slug_idx").on(table.slug),
    index("blog_posts_sitemap_idx").on(table.seq).where(sql`${table.status} = 'published'`),
  ],
);

export const heroWords = pgTable(
  "hero_words",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    word: text("word").notNull(),
    displayOrder: integer("display_order").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("hero_words_order_idx").on(table.displayOrder)],
);

/**
 * Pages staff write in the CMS (docs/decisions/030): the Terms of Service, by its slug. The
 * migration seeds a starting text, so the page exists from the first start.
 */
export const sitePages = pgTable("site_pages", {
  slug: text("slug").primaryKey(),
  content: text("content").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** Who saved it last; null for the seeded text or an account that went. */
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  /** The current version's number (site_page_versions, docs/decisions/082). */
  version: integer("version").notNull().default(1),
});

/**
 * Every saved version of a site page (docs/decisions/082), never updated or deleted: the terms
 * a member accepted stay readable. `material`: the admin said members must be told and asked
 * to accept again.
 */
export const sitePageVersions = pgTable(
  "site_page_versions",
  {
    slug: text("slug")
      .notNull()
      .references(() => sitePages.slug, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    content: text("content").notNull(),
    material: boolean("material").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  },
  (table) => [primaryKey({ columns: [table.slug, table.version] })],
);

// ---- inbound ---------------------------------------------------------------------------

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Stored lower-cased; the unique index makes duplicates impossible whatever the case.
    email: text("email").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    consentGiven: boolean("consent_given").notNull().default(false),
    // pending: asked for, not yet confirmed by the link in the confirmation mail (removed after
    // 7 days); active: receives the newsletter; inactive: unsubscribed (docs/decisions/028).
    status: text("status", { enum: ["pending", "active", "inactive"] })
      .notNull()
      .default("pending"),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the address's owner last confirmed (the link) or subscribed it signed in. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("newsletter_subscribers_email_idx").on(sql`lower(${table.email})`),
    index("newsletter_subscribers_pending_idx")
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
    index("newsletter_subscribers_status_idx").on(table.status),
  ],
);

/** A blog post sent to the newsletter's subscribers: at most once per post. */
export const newsletterSends = pgTable("newsletter_sends", {
  id: uuid("id").primaryKey().defaultRandom(),
  postId: uuid("post_id")
    .notNull()
    .unique()
    .references(() => blogPosts.id, { onDelete: "cascade" }),
  /** The whole post, or its excerpt with a "Read more" link. */
  content: text("content", { enum: ["full", "excerpt"] }).notNull(),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  /** Set when the recipients' delivery rows have been made. */
  fannedOutAt: timestamp("fanned_out_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per send and subscriber, made once (the unique key): the sender claims a row
 * (sending), delivers it, and marks it sent or failed, so a restart resumes where it stopped.
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    sendId: uuid("send_id")
      .notNull()
      .references(() => newsletterSends.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["queued", "sending", "sent", "failed", "cancelled"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** Which attempt of which job holds a `sending` row, and since when. */
    claimedBy: text("claimed_by"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
  },
  (table) => [
    uniqueIndex("newsletter_deliveries_send_subscriber_idx").on(table.sendId, table.subscriberId),
    index("newsletter_deliveries_send_status_idx").on(table.sendId, table.status),
    index("newsletter_deliveries_subscriber_idx").on(table.subscriberId),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("contact_messages_created_idx").on(table.createdAt.desc())],
);

/**
 * A complaint (docs/decisions/081): about content, about a moderation decision, or about how the
 * site meets its online safety duties. Tracked like a data request: a status, an owner and a
 * due date from the same clock; the outcome is mailed to the complainant.
 */
export const complaints = pgTable(
  "complaints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["content", "moderation_decision", "duties"] }).notNull(),
    /** The member who complained while signed in; null for a visitor (or once erased). */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /**
     * Where the acknowledgement and the outcome go (lower case): the member's own when signed in.
     * Null once its owner's data is erased; the complaint stays on the record without them.
     */
    email: text("email"),
    /** The content's or the decision's address, as typed: kept as text, never fetched. */
    link: text("link"),
    message: text("message").notNull(),
    status: text("status", { enum: ["pending", "in_progress", "completed"] })
      .notNull()
      .default("pending"),
    /** The staff member looking after it; never named to the complainant. */
    ownerId: text("owner_id").references(() => user.id, { onDelete: "set null" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    /** Received plus COMPLAINT_RESPONSE_DAYS (the data requests' clock). */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    /** Mailed to the complainant when the complaint is resolved. */
    outcome: text("outcome"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "complaints_kind_check",
      sql`${table.kind} in ('content', 'moderation_decision', 'duties')`,
    ),
    check(
      "complaints_status_check",
      sql`${table.status} in ('pending', 'in_progress', 'completed')`,
    ),
    check(
      "complaints_outcome_check",
      sql`${table.status} <> 'completed' or (${table.outcome} is not null and ${table.resolvedAt} is not null)`,
    ),
    // The CMS list: open ones by due date (overdue first), then the resolved.
    index("complaints_due_idx").on(table.dueAt).where(sql`${table.status} <> 'completed'`),
    index("complaints_email_idx").on(table.email),
    index("complaints_user_idx").on(table.userId),
  ],
);

export const dataRequests = pgTable(
  "data_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    requestType: text("request_type").notNull(),
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    details: text("details"),
    status: text("status", { enum: ["pending", "in_progress", "completed"] })
      .notNull()
      .default("pending"),
    /**
     * When the requester opened the confirmation link mailed to the address (docs/decisions/029):
     * until then nothing is done to an account on a stranger's word.
     */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** Set with `completed`; the retention sweep counts its months from here. */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** The admin's note, mailed to the requester when the request is completed. */
    completionNote: text("completion_note"),
    /**
     * The form's spam defences tripped (docs/decisions/034). The request is kept and answered
     * like any other (dropping one would break the law); the Inbox shows the flag.
     */
    suspectedSpam: boolean("suspected_spam").notNull().default(false),
    ...timestamps,
  },
  (table) => [
    check(
      "data_requests_status_check",
      sql`${table.status} in ('pending', 'in_progress', 'completed')`,
    ),
    index("data_requests_created_idx").on(table.createdAt.desc()),
    // The Overview's open and overdue counts, and the retention sweep's completed ones.
    index("data_requests_open_idx").on(table.createdAt).where(sql`${table.status} <> 'completed'`),
    index("data_requests_completed_idx")
      .on(table.completedAt)
      .where(sql`${table.status} = 'completed'`),
  ],
);

/**
 * A member's data, built for download (docs/decisions/029): the settings' "Download my data"
 * when it is too large to build inside the request, and every export an admin sends for a data
 * request. Only the member signed in with the link's token can download it; it expires.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /**
     * SHA-256 of the download link's token, set when the export is ready and its link mailed:
     * a copy of the database holds no working link.
     */
    tokenHash: text("token_hash"),
    /** The JSON, once built; null while the job builds it. */
    content: text("content"),
    bytes: integer("bytes"),
    /** The data request it answers, when an admin sent it. */
    dataRequestId: uuid("data_request_id").references(() => dataRequests.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("data_exports_token_idx").on(table.tokenHash),
    index("data_exports_user_idx").on(table.userId),
    index("data_exports_expires_idx").on(table.expiresAt),
  ],
);

/**
 * The record that an account was erased (docs/product.md §4.13): when, how, and whether its
 * discussions and replies went too. No personal data: no id, name or address.
 */
export const accountErasures = pgTable("account_erasures", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** `member` (Delete my account) or `data_request` (an admin, from the inbox). */
  kind: text("kind", { enum: ["member", "data_request"] }).notNull(),
  /** Whether the member's discussions and replies were removed too. */
  contentRemoved: boolean("content_removed").notNull(),
  /** The admin's reason for an erasure from the inbox. */
  reason: text("reason"),
  erasedAt: timestamp("erased_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Per-feature rate-limit counters for our own endpoints (better-auth keeps its own). */
export const rateLimitHits = pgTable("rate_limit_hits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});

/**
 * Failed sign-ins per account and place (decision 051): `email` as typed (lower-cased, so an
 * address without an account is counted like one with), `subject` the client's network
 * (`prefix:198.51.100.0/24`) or a known device (`device:<id>`). A row older than a day counts
 * nothing; the hourly account sweep deletes it, and erasure deletes the account's rows.
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    failures: integer("failures").notNull(),
    lastFailedAt: timestamp("last_failed_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.email, table.subject] })],
);

/**
 * Creates that carried an Idempotency-Key (docs/decisions/033): one row per scope and key,
 * written in the same transaction as the row the create made, with the answer it gave, so a
 * retry is answered from here and creates nothing. `scope` is `member:<id>` or
 * `address:<client address>`, deliberately not a foreign key: the row lives a day, holds only
 * the answer its sender already had, and account erasure deletes a member's rows by scope.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestMethod: text("request_method").notNull(),
    requestPath: text("request_path").notNull(),
    /** SHA-256 (hex) of the method, the path and the body as received. */
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status").notNull(),
    /** The answer's JSON exactly as first sent. */
    responseBody: text("response_body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index("idempotency_keys_created_at_idx").on(table.createdAt),
  ],
);

// ---- search ----------------------------------------------------------------------------

/**
 * The words "Did you mean" may suggest (decision 074): those in at least 3 posts a visitor reads,
 * by at least 2 authors, with how many posts use them; rebuilt by a job from those posts only.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
    posts: integer("posts").notNull(),
  },
  (table) => [index("search_words_trgm_idx").using("gin", sql`${table.word} gin_trgm_ops`)],
);

/**
 * Migration 0045's backfill of plain text (replies and blog posts written before it): one row
 * while some is left, removed when done (features/search/backfill.ts).
 */
export const searchBackfill = pgTable("search_backfill", {
  id: integer("id").primaryKey().default(1),
  /** The last reply done, in id order; null before the first batch. */
  afterId: uuid("after_id"),
});
