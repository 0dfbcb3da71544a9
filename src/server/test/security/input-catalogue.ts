// Every API endpoint that takes input, with a valid request to start from: the hostile-input
// tests replace field values, query values and path ids with naughty strings and random JSON.
// Also: what "stored safely" means (no < or >, so no tag or attribute; links only http(s)),
// checked by reading back every user-writable column.

import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import sharp from "sharp";
import { expect } from "vitest";
import { type Db, queryRows } from "@/server/db/client";
import { reencodePostImage } from "@/server/domain/post-images/reencode";
import {
  insertPostImage,
  postImageKey,
  putPostImageFiles,
} from "@/server/domain/post-images/store";
import { confirmToken } from "@/server/features/newsletter/confirm-token";
import { insertDiscussionRow } from "@/server/test/discussions";
import { uniqueEmail } from "@/server/test/factories";
import { insertReplyRow } from "@/server/test/replies";
import { insertDataRequest, insertWord } from "@/server/test/staff-area";
import { termsText } from "@/server/test/terms";
import type { TestApp, TestClient } from "@/server/test/test-app";
import { countLinks, NEW_MEMBER_LINKS_MESSAGE, NEW_MEMBER_RULES } from "@/shared/new-members";
import { RULE_ANCHORS_MISSING } from "@/shared/terms-rules";
import type { Caller } from "./permission-matrix";
import { type Callers, clientFor, insertBlogPost } from "./test-support";

export type BodyEndpoint = {
  name: string;
  method: "POST" | "PUT" | "PATCH";
  caller: Caller;
  path: string;
  /** A valid body; each call gives fresh values (unique emails). */
  valid: () => Record<string, unknown>;
  /** Extra headers (the control token). */
  headers?: Record<string, string>;
  /** Hashes a password on every call (tens of milliseconds): the long runs sample it. */
  slow?: boolean;
  /**
   * The positive control: the status `valid()` gets. 2xx for a write that goes through; for a
   * body that cannot succeed without a secret the tests do not hold (a link's token, the
   * member's password) or a move the row's state refuses, the refusal that shows the body
   * passed validation. Without it, tests that only forbid 5xx and unsafe rows would pass on a
   * server that refused every write.
   */
  answers: number;
  /**
   * `answers` is decided from the body alone (a signed link this server never made), so the
   * same refusal comes with the database down (database-outage.test.ts).
   */
  refusedWithoutDatabase?: boolean;
  /**
   * Fields that take any text, cleaned as docs/product.md §5 says (trimmed, `<` and `>` removed): a
   * naughty string that fits the field's limit is stored that way.
   */
  text?: readonly string[];
  /**
   * A text field that must keep some structure to be valid (the terms keep each rule's
   * anchored heading, decision 082): the hostile runs send their value inside it, so that a
   * fair value still gets as far as the database.
   */
  wrapText?: Readonly<Record<string, (value: string) => string>>;
  /**
   * Reads back what a 2xx answer stored: the row's values under the body's field names (only
   * the fields the row keeps). `answer` is the response's JSON.
   */
  stored?: (answer: Answer, body: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** What an empty optional text field is stored as: null unless the endpoint fills it in. */
  blank?: unknown;
  /**
   * The answer a fair body gets when the same value is stored already (a hero word the list
   * has: 409). Runs repeat values, so such an answer is no refusal of fair text.
   */
  duplicateAnswer?: number;
  /** Takes an Idempotency-Key (docs/decisions/033): the hostile run sends hostile keys too. */
  idempotent?: true;
};

/** The parts of a write's JSON answer that locate what it stored. */
export type Answer = { id?: string; email?: string; user?: { id: string } };

export type QueryEndpoint = {
  path: string;
  caller: Caller;
  params: readonly string[];
  /** The parameters a valid request needs, when it needs any. */
  valid?: Record<string, string>;
  /** GET unless said: a one-click link (RFC 8058) is a POST whose input is its query. */
  method?: "GET" | "POST";
};

export type IdRoute = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  caller: Caller;
  path: string;
  /** A value of `:id` the route knows, when its ids are names (a page's slug), not UUIDs. */
  knownId?: string;
};

/**
 * Pages and documents outside /api whose path takes a value (docs/decisions/024): a hostile one
 * is a 404 (or the record it happens to name), never a 5xx. Their 404s are pages or XML
 * answers, not always the API's error body.
 */
export type DocumentRoute = {
  /** `:id` stands for the hostile value. */
  path: string;
  /** A value that names something, for the positive control. */
  valid: string;
};

/**
 * A public form sent as a plain HTML form to its page (docs/decisions/061): the server answers
 * with the page. Its fields go to the JSON route the bodies above test already.
 */
export type FormPost = {
  page: string;
  /** A valid submission, `intent` included; each call gives fresh values. */
  valid: () => Record<string, string>;
  /** The status `valid()` gets (the positive control). */
  answers: number;
};

export type Catalogue = {
  bodies: BodyEndpoint[];
  queries: QueryEndpoint[];
  /** `:id` stands for the hostile value. */
  ids: IdRoute[];
  documents: DocumentRoute[];
  forms: FormPost[];
};

export async function buildCatalogue(
  t: TestApp,
  callers: Callers,
  controlToken: string,
): Promise<Catalogue> {
  const discussionId = await insertDiscussionRow(t.db, { authorId: callers.other.id });
  // Replies get a discussion of their own: the lock endpoint above may lock the other one.
  const threadId = await insertDiscussionRow(t.db, { authorId: callers.other.id });
  const replyId = await insertReplyRow(t.db, threadId, { authorId: callers.members.user.id });
  const postId = await insertBlogPost(t.db, callers.members.author.id);
  const ownDiscussionId = await insertDiscussionRow(t.db, { authorId: callers.members.user.id });
  const wordId = await insertWord(t.db);
  const [category] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into categories (slug, name, colour, position)
        values ('hostile-edit', 'Hostile edit', '#e03131', 60) returning id`,
  );
  const categoryId = category?.id ?? "";
  const [tag] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into tags (name, curated) values ('hostile-edit', true) returning id`,
  );
  const tagId = tag?.id ?? "";
  const requestId = await insertDataRequest(t.db);
  // A complaint for the admins to track (decision 081).
  const [complaint] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into complaints (kind, email, message, due_at)
        values ('duties', 'complainant@example.com', 'Tracked', now()) returning id`,
  );
  const complaintId = complaint?.id ?? "";
  // Bookmarks (issue 42): a discussion of their own, and the member's bookmark of it to edit.
  const bookmarkedId = await insertDiscussionRow(t.db, { authorId: callers.other.id });
  const [bookmark] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into bookmarks (user_id, discussion_id)
        values (${callers.members.user.id}, ${bookmarkedId}::uuid) returning id`,
  );
  const bookmarkId = bookmark?.id ?? "";
  const imageId = await insertPublicPostImage(t, threadId, callers.other.id);
  const { secret } = await t.auth.$context;
  const email = () => uniqueEmail("hostile");
  /** The one row `query` selects, its columns named like the body's fields. */
  const row = async (query: SQL): Promise<Record<string, unknown>> => {
    const [found] = await queryRows<Record<string, unknown>>(t.db, query);
    if (!found) throw new Error(`nothing stored: ${JSON.stringify(query)}`);
    return found;
  };
  const storedNote = (answer: Answer) =>
    row(sql`select note from bookmarks where id = ${answer.id}::uuid`);
  const storedDiscussion = (answer: Answer) =>
    row(sql`select title, content from discussions where id = ${answer.id}::uuid`);
  // Mention tokens are rewritten on the way in (domain/mentions/resolve-mentions.ts, for
  // discussions and replies alike: decision 064), so the valid bodies hold none: what is sent
  // is what is stored. They hold the markup and, for replies, a quote, which are stored as sent.
  const storedReply = (answer: Answer) =>
    row(sql`select content from discussion_replies where id = ${answer.id}::uuid`);
  /** A moderator's edit (docs/decisions/048): the post's text and the logged reason. */
  const storedModeratorEdit = (table: "discussions" | "replies") => async (answer: Answer) => ({
    ...(await (table === "discussions" ? storedDiscussion(answer) : storedReply(answer))),
    ...(await row(sql`select reason from moderation_actions
                        where action = 'edit' and target_id = ${answer.id}
                        order by created_at desc limit 1`)),
  });
  const storedPost = (answer: Answer) =>
    row(sql`select title, excerpt, content,
              (select slug from categories c where c.id = category_id) as category, status, featured
            from blog_posts where id = ${answer.id}::uuid`);
  const post = () => ({
    title: "Title",
    excerpt: "Excerpt",
    content: "Content",
    category: "rants-and-vents",
    status: "draft",
    featured: false,
  });
  const categoryBody = () => {
    const slug = `hostile-${randomUUID().slice(0, 8)}`;
    return {
      name: `Name ${slug}`,
      slug,
      description: "About it",
      colour: "#e03131",
      position: 60,
      staffOnly: false,
    };
  };
  const storedCategory = (answer: Answer) =>
    row(sql`select name, description, slug, colour, position, staff_only as "staffOnly"
            from categories where id = ${answer.id}::uuid`);
  const bodies: BodyEndpoint[] = [
    {
      name: "sign-up",
      method: "POST",
      caller: "anonymous",
      path: "/api/auth/sign-up/email",
      slow: true,
      valid: () => ({ name: "Nora New", email: email(), password: "a long password" }),
      answers: 200,
      text: ["name"],
      stored: (answer) => row(sql`select name, email from "user" where id = ${answer.user?.id}`),
    },
    {
      name: "sign-in",
      method: "POST",
      caller: "anonymous",
      path: "/api/auth/sign-in/email",
      slow: true,
      valid: () => ({ email: callers.other.email, password: "a wrong password" }),
      // The password is a wrong one: a session per run would pile up.
      answers: 401,
    },
    {
      name: "resend confirmation",
      method: "POST",
      caller: "anonymous",
      path: "/api/auth/resend-confirmation",
      valid: () => ({ email: email() }),
      answers: 200,
    },
    {
      name: "confirm email",
      method: "POST",
      caller: "anonymous",
      path: "/api/auth/confirm-email",
      slow: true,
      valid: () => ({
        token: "a-link-token",
        name: "Nora New",
        password: "a long password",
        termsVersion: 1,
      }),
      // No link was sent: the token is refused after the body passed validation.
      answers: 400,
    },
    {
      name: "request password reset",
      method: "POST",
      caller: "anonymous",
      path: "/api/auth/request-password-reset",
      valid: () => ({ email: email() }),
      answers: 200,
    },
    {
      name: "reset password",
      method: "POST",
      caller: "anonymous",
      path: "/api/auth/reset-password",
      slow: true,
      valid: () => ({ token: "a-link-token", newPassword: "a long password" }),
      answers: 400,
    },
    // Two-factor (docs/decisions/060): bodies that pass validation and are refused by what the
    // tests do not hold (the password, a pending sign-in, a code, a link's token).
    {
      name: "set up two-factor",
      method: "POST",
      caller: "user",
      path: "/api/auth/two-factor/enable",
      slow: true,
      valid: () => ({ password: "not the password" }),
      answers: 400,
    },
    {
      name: "second step with an app code",
      method: "POST",
      caller: "anonymous",
      path: "/api/auth/two-factor/verify-totp",
      // No pending sign-in: better-auth refuses the step.
      valid: () => ({ code: "123456" }),
      answers: 401,
    },
    {
      name: "second step with a recovery code",
      method: "POST",
      caller: "anonymous",
      path: "/api/auth/two-factor/verify-backup-code",
      valid: () => ({ code: "abcde-12345" }),
      answers: 401,
    },
    {
      name: "new recovery codes",
      method: "POST",
      caller: "user",
      path: "/api/auth/two-factor/generate-backup-codes",
      // The caller has no second factor.
      valid: () => ({ password: "not the password", code: "123456" }),
      answers: 409,
    },
    {
      name: "turn two-factor off",
      method: "POST",
      caller: "user",
      path: "/api/auth/two-factor/disable",
      valid: () => ({ password: "not the password", code: "123456" }),
      answers: 409,
    },
    {
      name: "two-factor reset link",
      method: "POST",
      caller: "anonymous",
      path: "/api/auth/two-factor/reset",
      valid: () => ({ token: "a-link-token" }),
      answers: 400,
    },
    // Passkeys (decision 063): well-formed browser answers to challenges never issued, so that
    // what passes validation is refused by the challenge check (400), never a 5xx.
    {
      name: "add a passkey",
      method: "POST",
      caller: "user",
      path: "/api/auth/passkeys",
      valid: () => ({ name: "My laptop", response: sampleRegistration() }),
      answers: 400,
    },
    {
      name: "rename a passkey",
      method: "PATCH",
      caller: "user",
      path: `/api/auth/passkeys/${randomUUID()}`,
      // Not the caller's (no such passkey): the name passed validation.
      valid: () => ({ name: "Work phone" }),
      answers: 404,
    },
    {
      name: "sign in with a passkey",
      method: "POST",
      caller: "anonymous",
      path: "/api/auth/passkeys/sign-in",
      valid: () => ({ response: sampleAssertion() }),
      answers: 400,
    },
    {
      name: "admin starts a two-factor reset",
      method: "POST",
      caller: "admin",
      path: `/api/users/${callers.other.id}/second-factor-reset`,
      // A code the admin's app did not show, and a passkey answer to a challenge never issued
      // (the passkey is checked when both come).
      valid: () => ({ code: "000000", passkey: sampleAssertion() }),
      answers: 400,
    },
    {
      // A wrong current password: a right one would end the shared callers' other sessions.
      name: "change password",
      method: "POST",
      caller: "user",
      path: "/api/auth/change-password",
      slow: true,
      valid: () => ({ currentPassword: "not the password", newPassword: "a long password" }),
      answers: 400,
    },
    {
      name: "change email",
      method: "POST",
      caller: "user",
      path: "/api/account/email",
      // Asked, never confirmed: the caller's address stays as it is.
      slow: true,
      valid: () => ({ email: email(), currentPassword: callers.members.user.password }),
      answers: 200,
    },
    {
      name: "accept the terms",
      method: "POST",
      caller: "user",
      path: "/api/account/terms",
      // The seeded terms' version; a test that saves the terms runs in its own app.
      valid: () => ({ version: 1 }),
      answers: 200,
    },
    {
      name: "confirm email change",
      method: "POST",
      caller: "anonymous",
      path: "/api/account/email/confirm",
      valid: () => ({ token: "a-link-token" }),
      answers: 400,
    },
    {
      name: "undo email change",
      method: "POST",
      caller: "anonymous",
      path: "/api/account/email/undo",
      valid: () => ({ token: "a-link-token" }),
      answers: 400,
    },
    {
      // A wrong password: the right one would erase the shared caller.
      name: "delete account",
      method: "POST",
      caller: "user",
      path: "/api/account/delete",
      slow: true,
      valid: () => ({ password: "not the password", confirmation: "DELETE", deleteContent: false }),
      answers: 400,
    },
    {
      name: "download my data",
      method: "POST",
      caller: "author",
      path: "/api/account/export",
      // Reads no body: whatever is sent (a field it ignores, hostile or not), the caller's own
      // data comes back.
      valid: () => ({ note: "ignored" }),
      answers: 200,
    },
    {
      name: "confirm data request",
      method: "POST",
      caller: "anonymous",
      path: "/api/data-requests/confirm",
      valid: () => ({ token: "a-link-token" }),
      // Not a token this server made: refused after the body passed validation.
      answers: 400,
      refusedWithoutDatabase: true,
    },
    {
      name: "erase from a data request",
      method: "POST",
      caller: "admin",
      path: `/api/inbox/data-requests/${requestId}/erase`,
      valid: () => ({ reason: "Confirmed request", deleteContent: false }),
      // The requester has not confirmed: refused after validation, nothing erased.
      answers: 409,
    },
    {
      name: "discussion create",
      method: "POST",
      caller: "user",
      idempotent: true,
      path: "/api/discussions",
      valid: () => ({
        category: "rants-and-vents",
        title: "Title",
        content: "**Content**\n- with a list",
      }),
      answers: 201,
      text: ["title", "content"],
      stored: storedDiscussion,
    },
    {
      name: "own discussion edit",
      method: "PATCH",
      caller: "user",
      path: `/api/discussions/${ownDiscussionId}`,
      valid: () => ({ title: "Title", content: "Content" }),
      answers: 200,
      text: ["title", "content"],
      stored: storedDiscussion,
    },
    {
      // A draft keeps what is typed, cleaned as posts are (docs/decisions/065).
      name: "save a draft",
      method: "PUT",
      caller: "user",
      path: "/api/drafts/new-discussion",
      valid: () => ({ title: "A title", content: "Half a thought" }),
      answers: 200,
      text: ["title", "content"],
      blank: "",
      stored: () =>
        row(sql`select title, content from drafts
                where user_id = ${callers.members.user.id} and place = 'new-discussion'`),
    },
    {
      name: "report",
      method: "POST",
      caller: "user",
      idempotent: true,
      path: "/api/moderation/reports",
      // A fresh item each time: a member reports an item once.
      valid: () => ({
        targetKind: "profile",
        targetId: callers.other.id,
        reason: "other",
        details: "Why",
      }),
      answers: 201,
    },
    {
      name: "visitor report",
      method: "POST",
      caller: "anonymous",
      idempotent: true,
      path: "/api/moderation/visitor-reports",
      valid: () => ({
        email: email(),
        targetKind: "discussion",
        targetId: discussionId,
        reason: "illegal",
        harmKind: "fraud",
        details: "Why",
      }),
      answers: 201,
      text: ["details"],
      // The answer names nothing (docs/decisions/079): the report is found by its address. A
      // post that does not exist gets the same answer and queues nothing, so with a hostile
      // target there is no row to read back.
      stored: async (_answer, body) =>
        body.targetKind === "discussion" && body.targetId === discussionId
          ? row(sql`select reporter_email as email, details from reports
                    where reporter_email = lower(trim(${String(body.email)}))`)
          : {},
    },
    {
      name: "visitor report confirmation",
      method: "POST",
      caller: "anonymous",
      path: "/api/moderation/visitor-reports/confirm",
      valid: () => ({ token: "a-link-token" }),
      // Not a token this server made: refused after the body passed validation.
      answers: 400,
      refusedWithoutDatabase: true,
    },
    {
      name: "queue action",
      method: "POST",
      caller: "moderator",
      path: `/api/moderation/items/discussion/${discussionId}/actions`,
      valid: () => ({ action: "dismiss", reason: "Fine" }),
      answers: 200,
    },
    {
      name: "suspend",
      method: "POST",
      caller: "admin",
      path: `/api/moderation/members/${callers.other.id}/suspensions`,
      valid: () => ({ reason: "Test", length: "1d" }),
      answers: 201,
    },
    {
      name: "lift",
      method: "POST",
      caller: "admin",
      path: `/api/moderation/members/${callers.other.id}/lift`,
      // Runs after "suspend" above (the catalogue's order): there is a suspension to lift.
      valid: () => ({ reason: "Served" }),
      answers: 200,
    },
    {
      name: "appeal",
      method: "POST",
      caller: "author",
      path: "/api/moderation/appeals",
      // Not a decision about the author: 404 shows the body passed validation.
      valid: () => ({ actionId: "3f1d7c1e-0000-4000-8000-000000000000", message: "Please" }),
      answers: 404,
    },
    {
      name: "held release",
      method: "POST",
      caller: "moderator",
      // No such held submission: 404 shows the body passed validation (docs/decisions/034).
      path: "/api/moderation/held/3f1d7c1e-0000-4000-8000-000000000001/release",
      valid: () => ({ reason: "Real" }),
      answers: 404,
    },
    {
      name: "held discard",
      method: "POST",
      caller: "moderator",
      path: "/api/moderation/held/3f1d7c1e-0000-4000-8000-000000000001/discard",
      valid: () => ({ reason: "Spam" }),
      answers: 404,
    },
    {
      name: "held post approve",
      method: "POST",
      caller: "moderator",
      // No such held post: 404 shows the body passed validation (docs/decisions/034).
      path: "/api/moderation/held-posts/discussion/3f1d7c1e-0000-4000-8000-000000000002/approve",
      valid: () => ({ reason: "Fine" }),
      answers: 404,
    },
    {
      name: "held post delete",
      method: "POST",
      caller: "moderator",
      path: "/api/moderation/held-posts/reply/3f1d7c1e-0000-4000-8000-000000000002/delete",
      valid: () => ({ reason: "Spam" }),
      answers: 404,
    },
    {
      name: "site settings",
      method: "PUT",
      caller: "admin",
      path: "/api/cms/settings",
      valid: () => ({ holdNewMembersFirstPost: false }),
      answers: 200,
    },
    {
      name: "discussion pin",
      method: "PUT",
      caller: "moderator",
      path: `/api/discussions/${discussionId}/pin`,
      valid: () => ({ pinned: true }),
      answers: 200,
      stored: (answer) =>
        row(sql`select is_pinned as pinned from discussions where id = ${answer.id}::uuid`),
    },
    {
      name: "discussion lock",
      method: "PUT",
      caller: "moderator",
      path: `/api/discussions/${discussionId}/lock`,
      valid: () => ({ locked: false }),
      answers: 200,
      stored: (answer) =>
        row(sql`select is_locked as locked from discussions where id = ${answer.id}::uuid`),
    },
    {
      name: "reply",
      method: "POST",
      caller: "user",
      idempotent: true,
      path: `/api/discussions/${threadId}/replies`,
      valid: () => ({
        content: `[quote=${replyId}]\nA reply\n[/quote]\n\nMe too`,
        replyToId: replyId,
      }),
      answers: 201,
      text: ["content"],
      stored: storedReply,
    },
    {
      name: "follow",
      method: "PUT",
      caller: "user",
      path: `/api/discussions/${threadId}/follow`,
      valid: () => ({ state: "following" }),
      answers: 200,
    },
    {
      name: "read position",
      method: "PUT",
      caller: "user",
      path: `/api/discussions/${threadId}/read`,
      valid: () => ({ seq: 1 }),
      answers: 204,
    },
    {
      name: "mark all read",
      method: "POST",
      caller: "user",
      path: "/api/discussions/mark-all-read",
      valid: () => ({ category: "rants-and-vents" }),
      answers: 204,
    },
    {
      // Again on the same reply is an update of the member's bookmark of it (200).
      name: "bookmark",
      method: "POST",
      caller: "user",
      path: "/api/bookmarks",
      valid: () => ({
        discussionId: threadId,
        replyId,
        note: "Read later",
        remindAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
      answers: 201,
      duplicateAnswer: 200,
      text: ["note"],
      stored: storedNote,
    },
    {
      name: "bookmark note",
      method: "PATCH",
      caller: "user",
      path: `/api/bookmarks/${bookmarkId}`,
      valid: () => ({ note: "Changed my mind", remindAt: null }),
      answers: 200,
      text: ["note"],
      stored: storedNote,
    },
    {
      name: "notification settings",
      method: "PUT",
      caller: "user",
      path: "/api/notifications/settings",
      valid: () => ({ email: { mention: "daily" } }),
      answers: 200,
    },
    {
      name: "digest setting",
      method: "PUT",
      caller: "user",
      path: "/api/digest",
      valid: () => ({ digest: "daily" }),
      answers: 200,
    },
    {
      name: "reply edit",
      method: "PATCH",
      caller: "user",
      path: `/api/replies/${replyId}`,
      valid: () => ({ content: "*Edited*" }),
      answers: 200,
      text: ["content"],
      stored: storedReply,
    },
    {
      name: "moderator's reply edit",
      method: "PATCH",
      caller: "moderator",
      path: `/api/replies/${replyId}`,
      valid: () => ({ content: "Edited", reason: "Removed a phone number" }),
      answers: 200,
      text: ["content", "reason"],
      stored: storedModeratorEdit("replies"),
    },
    {
      name: "profile save",
      method: "PATCH",
      caller: "user",
      path: "/api/profiles/me",
      valid: () => ({
        fullName: "Uma User",
        bio: "Bio",
        location: "Leeds",
        website: "https://example.com/",
        dateOfBirth: "1990-01-01",
        isPublic: true,
        socialTwitter: "uma",
        socialLinkedin: "https://www.linkedin.com/in/uma",
      }),
      answers: 200,
      text: ["fullName", "bio", "location"],
      stored: (answer) =>
        row(sql`select full_name as "fullName", bio, location, website,
                  to_char(date_of_birth, 'YYYY-MM-DD') as "dateOfBirth", is_public as "isPublic",
                  social_twitter as "socialTwitter", social_linkedin as "socialLinkedin"
                from profiles where id = ${answer.id}`),
    },
    {
      name: "newsletter",
      method: "POST",
      caller: "anonymous",
      path: "/api/newsletter",
      valid: () => ({ email: email() }),
      answers: 200,
      stored: (_answer, body) =>
        row(sql`select email from newsletter_subscribers
                where email = lower(trim(${String(body.email)}))`),
    },
    {
      name: "newsletter confirmation",
      method: "POST",
      caller: "anonymous",
      path: "/api/newsletter/confirm",
      valid: () => ({ token: confirmToken(secret, email()) }),
      answers: 200,
    },
    {
      name: "newsletter settings switch",
      method: "PUT",
      caller: "user",
      path: "/api/newsletter/me",
      valid: () => ({ subscribed: true }),
      answers: 200,
    },
    {
      name: "CMS email a post",
      method: "POST",
      caller: "author",
      path: `/api/cms/blog-posts/${postId}/newsletter`,
      // The post is a draft: refused after validation (the body was read and checked).
      valid: () => ({ content: "excerpt" }),
      answers: 409,
    },
    {
      name: "contact",
      method: "POST",
      caller: "anonymous",
      idempotent: true,
      path: "/api/contact",
      valid: () => ({ name: "Sam", email: email(), subject: "Hi", message: "Hello" }),
      answers: 201,
      text: ["name", "subject", "message"],
      stored: (answer) =>
        row(sql`select name, email, subject, message from contact_messages
                where id = ${answer.id}::uuid`),
    },
    {
      name: "data request",
      method: "POST",
      caller: "user",
      idempotent: true,
      path: "/api/data-requests",
      valid: () => ({
        requestType: "access",
        email: email(),
        fullName: "Dana",
        details: "Details",
      }),
      answers: 201,
      text: ["fullName", "details"],
      stored: (answer) =>
        row(sql`select request_type as "requestType", email, full_name as "fullName", details
                from data_requests where id = ${answer.id}::uuid`),
    },
    {
      name: "complaint",
      method: "POST",
      caller: "anonymous",
      idempotent: true,
      path: "/api/complaints",
      valid: () => ({
        kind: "content",
        email: email(),
        link: "https://example.com/discussions/1",
        message: "Why",
      }),
      answers: 201,
      text: ["link", "message"],
      // The answer names nothing (decision 081): the complaint is found by its address.
      stored: (_answer, body) =>
        row(sql`select email, link, message from complaints
                where email = lower(trim(${String(body.email)}))`),
    },
    {
      name: "CMS blog post create",
      method: "POST",
      caller: "author",
      path: "/api/cms/blog-posts",
      valid: post,
      answers: 201,
      text: ["title", "excerpt", "content"],
      stored: storedPost,
    },
    {
      name: "CMS blog post edit",
      method: "PUT",
      caller: "admin",
      path: `/api/cms/blog-posts/${postId}`,
      valid: post,
      answers: 200,
      text: ["title", "excerpt", "content"],
      stored: storedPost,
    },
    {
      name: "CMS discussion create",
      method: "POST",
      caller: "moderator",
      path: "/api/cms/discussions",
      valid: () => ({ category: "life-observations", title: "Title", content: "Content" }),
      answers: 201,
      text: ["title", "content"],
      stored: storedDiscussion,
    },
    {
      name: "CMS discussion edit",
      method: "PATCH",
      caller: "admin",
      path: `/api/cms/discussions/${discussionId}`,
      // Someone else's discussion: the edit gives a reason (docs/decisions/048).
      valid: () => ({ title: "Title", content: "Content", reason: "Fixed the title" }),
      answers: 200,
      text: ["title", "content", "reason"],
      stored: storedModeratorEdit("discussions"),
    },
    {
      // Issue 41: a moderator moves a discussion; the reason goes to the log.
      name: "discussion move",
      method: "PUT",
      caller: "moderator",
      path: `/api/discussions/${discussionId}/category`,
      valid: () => ({ category: "personal-stories", reason: "Fits better there" }),
      answers: 200,
      stored: (answer) =>
        row(sql`select c.slug as category from discussions d join categories c on c.id = d.category_id
                where d.id = ${answer.id}::uuid`),
    },
    {
      // Issue 41: a moderator retags a discussion; the reason goes to the log.
      name: "discussion retag",
      method: "PUT",
      caller: "moderator",
      path: `/api/discussions/${discussionId}/tags`,
      valid: () => ({ tags: ["hostile-retag"], reason: "Sorting" }),
      answers: 200,
      stored: (answer) =>
        row(sql`select array(select t.name from discussion_tags dt join tags t on t.id = dt.tag_id
                  where dt.discussion_id = ${answer.id}::uuid order by t.name) as tags`),
    },
    {
      name: "tag add",
      method: "POST",
      caller: "moderator",
      path: "/api/cms/tags",
      // A new name each time; one the list has is made curated (200).
      valid: () => ({ name: `hostile-${randomUUID().slice(0, 8)}` }),
      answers: 201,
      duplicateAnswer: 200,
      stored: (answer) => row(sql`select name from tags where id = ${answer.id}::uuid`),
    },
    {
      name: "tag rename",
      method: "PATCH",
      caller: "moderator",
      path: `/api/cms/tags/${tagId}`,
      valid: () => ({ name: `hostile-${randomUUID().slice(0, 8)}` }),
      answers: 200,
      duplicateAnswer: 409,
      stored: (answer) => row(sql`select name from tags where id = ${answer.id}::uuid`),
    },
    {
      name: "category add",
      method: "POST",
      caller: "admin",
      path: "/api/cms/categories",
      // A new slug and name each time: the list refuses one it has (409).
      valid: () => categoryBody(),
      answers: 201,
      duplicateAnswer: 409,
      text: ["name", "description"],
      blank: "",
      stored: storedCategory,
    },
    {
      name: "category edit",
      method: "PUT",
      caller: "admin",
      path: `/api/cms/categories/${categoryId}`,
      valid: () => categoryBody(),
      answers: 200,
      duplicateAnswer: 409,
      text: ["name", "description"],
      blank: "",
      stored: storedCategory,
    },
    {
      name: "hero word add",
      method: "POST",
      caller: "author",
      path: "/api/cms/hero-words",
      // A new word each time: the list refuses one it has (409).
      valid: () => ({ word: `grumble ${randomUUID().slice(0, 8)}` }),
      answers: 201,
      duplicateAnswer: 409,
      text: ["word"],
      stored: (answer) => row(sql`select word from hero_words where id = ${answer.id}::uuid`),
    },
    {
      name: "site page save",
      method: "PUT",
      caller: "admin",
      path: "/api/cms/site-pages/terms",
      // The terms keep every rule's anchored heading (decision 082).
      valid: () => ({ content: termsText("## Terms\nBe kind."), material: false }),
      wrapText: { content: (value) => termsText(value) },
      answers: 200,
      text: ["content"],
      stored: () => row(sql`select content from site_pages where slug = 'terms'`),
    },
    // The Online Safety Act records (decision 076): each save a version; text kept in JSON.
    {
      name: "online safety risk entry",
      method: "PUT",
      caller: "admin",
      path: "/api/cms/online-safety/risk/hate",
      valid: () => ({
        riskLevel: "low",
        evidence: "Two reports in a year",
        measures: ["reporting", "queue"],
        otherMeasures: "Staff read new threads daily",
      }),
      answers: 200,
      text: ["evidence", "otherMeasures"],
      blank: "",
      stored: () =>
        row(sql`select content->>'evidence' as evidence, content->>'otherMeasures' as "otherMeasures"
                from online_safety_record_versions where record_key = 'risk:hate'
                order by version desc limit 1`),
    },
    {
      name: "online safety children's risk entry",
      method: "PUT",
      caller: "admin",
      path: "/api/cms/online-safety/children-risk/bullying",
      valid: () => ({
        riskLevel: "medium",
        evidence: "One bullying report in a year",
        measures: ["blocking"],
        otherMeasures: "",
      }),
      answers: 200,
      text: ["evidence", "otherMeasures"],
      blank: "",
      stored: () =>
        row(sql`select content->>'evidence' as evidence, content->>'otherMeasures' as "otherMeasures"
                from online_safety_record_versions where record_key = 'children-risk:bullying'
                order by version desc limit 1`),
    },
    {
      name: "online safety assessment",
      method: "PUT",
      caller: "admin",
      path: "/api/cms/online-safety/assessment",
      valid: () => ({ summary: "A small forum", reviewDueOn: "2027-03-01" }),
      answers: 200,
      text: ["summary"],
      blank: "",
      stored: () =>
        row(sql`select content->>'summary' as summary from online_safety_record_versions
                where record_key = 'assessment' order by version desc limit 1`),
    },
    {
      name: "online safety children's risk assessment",
      method: "PUT",
      caller: "admin",
      path: "/api/cms/online-safety/children-risk-assessment",
      valid: () => ({ summary: "Teenagers read the site", reviewDueOn: "2027-07-01" }),
      answers: 200,
      text: ["summary"],
      blank: "",
      stored: () =>
        row(sql`select content->>'summary' as summary from online_safety_record_versions
                where record_key = 'children-risk-assessment' order by version desc limit 1`),
    },
    {
      name: "online safety children's access assessment",
      method: "PUT",
      caller: "admin",
      path: "/api/cms/online-safety/children-access",
      valid: () => ({
        highlyEffectiveAgeAssurance: false,
        stageOne: "No age checks",
        stageTwo: "Few children",
        outcome: "not-likely",
        reviewDueOn: "2027-11-29",
      }),
      answers: 200,
      text: ["stageOne", "stageTwo"],
      blank: "",
      stored: () =>
        row(sql`select content->>'stageOne' as "stageOne", content->>'stageTwo' as "stageTwo"
                from online_safety_record_versions where record_key = 'children-access'
                order by version desc limit 1`),
    },
    {
      name: "online safety accountable person",
      method: "PUT",
      caller: "admin",
      path: "/api/cms/online-safety/responsibility",
      valid: () => ({
        personId: callers.members.admin.id,
        role: "Online safety lead",
        contactEmail: "safety@example.org",
      }),
      answers: 200,
      text: ["role"],
      stored: () =>
        row(sql`select content->>'role' as role from online_safety_record_versions
                where record_key = 'responsibility' order by version desc limit 1`),
    },
    {
      name: "hero word switch",
      method: "PATCH",
      caller: "moderator",
      path: `/api/cms/hero-words/${wordId}`,
      valid: () => ({ isActive: true }),
      answers: 200,
      stored: (answer) =>
        row(sql`select is_active as "isActive" from hero_words where id = ${answer.id}::uuid`),
    },
    {
      name: "role change",
      method: "PUT",
      caller: "admin",
      path: `/api/users/${callers.other.id}/role`,
      valid: () => ({ role: "user", reason: "Because" }),
      answers: 200,
      text: ["reason"],
      // docs/product.md: a change without a reason records the admin panel's.
      blank: "Role updated via admin panel",
      stored: (answer) =>
        row(sql`select new_role as role, reason from role_changes
                where target_user_id = ${answer.user?.id} order by created_at desc limit 1`),
    },
    {
      name: "data request status",
      method: "PATCH",
      caller: "admin",
      path: `/api/inbox/data-requests/${requestId}`,
      valid: () => ({ status: "pending" }),
      // The request is pending already: standing still is refused after validation.
      answers: 409,
    },
    {
      name: "complaint status",
      method: "PATCH",
      caller: "admin",
      path: `/api/complaints/${complaintId}`,
      // Pending already: standing still changes nothing.
      valid: () => ({ status: "pending" }),
      answers: 200,
    },
    {
      name: "control role",
      method: "POST",
      caller: "anonymous",
      path: "/api/control/role",
      valid: () => ({ email: callers.other.email, role: "user" }),
      headers: { authorization: `Bearer ${controlToken}` },
      answers: 200,
      stored: (answer) =>
        row(sql`select r.role from user_roles r join "user" u on u.id = r.user_id
                where u.email = ${answer.email}`),
    },
    {
      name: "control: reset a second factor",
      method: "POST",
      caller: "anonymous",
      path: "/api/control/second-factor-reset",
      // The member has none: refused after the body passed validation.
      valid: () => ({ email: callers.other.email }),
      headers: { authorization: `Bearer ${controlToken}` },
      answers: 400,
    },
  ];
  const page = ["cursor", "limit"] as const;
  const queries: QueryEndpoint[] = [
    {
      path: "/api/discussions",
      caller: "anonymous",
      params: ["q", "category", "tag", "author", "range", "pinned", "locked", "sort", ...page],
    },
    // The Top sort's period and its own (score, id) cursor (issue 45).
    {
      path: "/api/discussions",
      caller: "anonymous",
      params: ["period", ...page],
      valid: { sort: "top" },
    },
    { path: "/api/tags", caller: "anonymous", params: ["q", "limit"] },
    // Full-text search (issue 44): every operator, quote and tsquery character as typed.
    { path: "/api/search", caller: "anonymous", params: ["q", "page"], valid: { q: "rant" } },
    { path: "/api/search", caller: "user", params: ["q", "page"], valid: { q: "rant" } },
    { path: "/api/cms/tags", caller: "moderator", params: ["q", "after"] },
    {
      path: `/api/discussions/${threadId}/replies`,
      caller: "anonymous",
      params: ["around", ...page],
    },
    // The width of the copy to send (?w=640): only the widths the image has copies in.
    { path: `/api/images/${imageId}`, caller: "anonymous", params: ["w"] },
    { path: "/api/members", caller: "admin", params: ["search", "role", "sort", ...page] },
    { path: "/api/members", caller: "user", params: ["search", "role", "sort", ...page] },
    { path: "/api/users", caller: "admin", params: ["search", ...page] },
    { path: "/api/blog-posts", caller: "anonymous", params: page },
    { path: "/api/cms/blog-posts", caller: "admin", params: page },
    {
      path: "/api/cms/discussions",
      caller: "admin",
      params: ["q", "author", "range", "pinned", "locked", "sort", ...page],
    },
    { path: "/api/inbox/messages", caller: "admin", params: page },
    { path: "/api/inbox/data-requests", caller: "admin", params: page },
    { path: "/api/notifications", caller: "user", params: page },
    { path: "/api/bookmarks", caller: "user", params: page },
    { path: "/api/moderation/log", caller: "anonymous", params: page },
    { path: "/api/moderation/edits", caller: "moderator", params: page },
    {
      path: `/api/moderation/members/${callers.other.id}/log`,
      caller: "moderator",
      params: page,
    },
    { path: "/api/cms/discussions/deleted", caller: "moderator", params: page },
    {
      path: "/api/cms/newsletter/subscribers",
      caller: "admin",
      params: ["search", "status", ...page],
    },
    { path: "/api/cms/newsletter/subscribers.csv", caller: "admin", params: ["search", "status"] },
    {
      path: "/api/cms/online-safety/document",
      caller: "moderator",
      params: ["history", "download"],
    },
    {
      path: "/api/newsletter/unsubscribe",
      method: "POST",
      caller: "anonymous",
      params: ["email", "token"],
      valid: { email: "someone@example.com", token: "a-link-token" },
    },
    {
      path: "/api/digest/unsubscribe",
      method: "POST",
      caller: "anonymous",
      params: ["token"],
      valid: { token: "a-link-token" },
    },
    {
      path: "/api/account/export/download",
      caller: "user",
      params: ["token"],
      valid: { token: "a-link-token" },
    },
    {
      path: "/api/auth/confirm-email",
      caller: "anonymous",
      params: ["token"],
      valid: { token: "a-link-token" },
    },
  ];
  const ids: IdRoute[] = [
    { method: "GET", caller: "anonymous", path: "/api/discussions/:id" },
    { method: "PATCH", caller: "user", path: "/api/auth/passkeys/:id" },
    { method: "DELETE", caller: "user", path: "/api/auth/passkeys/:id" },
    { method: "PUT", caller: "moderator", path: "/api/discussions/:id/pin" },
    { method: "DELETE", caller: "moderator", path: "/api/discussions/:id" },
    { method: "GET", caller: "anonymous", path: "/api/discussions/:id/replies" },
    { method: "POST", caller: "user", path: "/api/discussions/:id/replies" },
    { method: "GET", caller: "anonymous", path: "/api/replies/:id" },
    { method: "PATCH", caller: "user", path: "/api/replies/:id" },
    { method: "DELETE", caller: "user", path: "/api/replies/:id" },
    { method: "GET", caller: "user", path: "/api/profiles/:id" },
    { method: "PATCH", caller: "user", path: "/api/profiles/:id" },
    { method: "GET", caller: "anonymous", path: "/api/blog-posts/:id" },
    { method: "GET", caller: "admin", path: "/api/cms/blog-posts/:id" },
    { method: "PUT", caller: "admin", path: "/api/cms/blog-posts/:id" },
    { method: "DELETE", caller: "admin", path: "/api/cms/blog-posts/:id" },
    { method: "POST", caller: "admin", path: "/api/cms/blog-posts/:id/newsletter" },
    { method: "PATCH", caller: "admin", path: "/api/cms/discussions/:id" },
    { method: "PATCH", caller: "admin", path: "/api/cms/hero-words/:id" },
    { method: "PUT", caller: "moderator", path: "/api/discussions/:id/category" },
    { method: "PUT", caller: "moderator", path: "/api/discussions/:id/tags" },
    { method: "PATCH", caller: "moderator", path: "/api/cms/tags/:id" },
    { method: "POST", caller: "moderator", path: "/api/cms/tags/:id/merge" },
    { method: "DELETE", caller: "moderator", path: "/api/cms/tags/:id" },
    // A tag by its name (decision 070): any spelling, normalised; a listed one reaches the data.
    { method: "GET", caller: "anonymous", path: "/api/tags/:id", knownId: "hostile-edit" },
    {
      method: "GET",
      caller: "anonymous",
      path: "/api/categories/:id",
      knownId: "rants-and-vents",
    },
    { method: "PUT", caller: "admin", path: "/api/cms/categories/:id" },
    { method: "DELETE", caller: "admin", path: "/api/cms/categories/:id" },
    { method: "DELETE", caller: "admin", path: "/api/cms/hero-words/:id" },
    { method: "GET", caller: "anonymous", path: "/api/site/pages/:id", knownId: "terms" },
    { method: "GET", caller: "admin", path: "/api/cms/site-pages/:id", knownId: "terms" },
    { method: "PUT", caller: "admin", path: "/api/cms/site-pages/:id", knownId: "terms" },
    {
      method: "GET",
      caller: "moderator",
      path: "/api/cms/online-safety/versions/:id",
      knownId: "assessment",
    },
    { method: "PUT", caller: "admin", path: "/api/cms/online-safety/risk/:id", knownId: "hate" },
    {
      method: "PUT",
      caller: "admin",
      path: "/api/cms/online-safety/children-risk/:id",
      knownId: "bullying",
    },
    { method: "PUT", caller: "admin", path: "/api/users/:id/role" },
    { method: "POST", caller: "admin", path: "/api/users/:id/second-factor-reset" },
    { method: "PATCH", caller: "admin", path: "/api/inbox/data-requests/:id" },
    { method: "PATCH", caller: "admin", path: "/api/complaints/:id" },
    { method: "POST", caller: "admin", path: "/api/inbox/data-requests/:id/export" },
    { method: "POST", caller: "admin", path: "/api/inbox/data-requests/:id/erase" },
    { method: "POST", caller: "admin", path: "/api/inbox/data-requests/:id/confirmation" },
    { method: "DELETE", caller: "user", path: "/api/account/sessions/:id" },
    { method: "GET", caller: "user", path: "/api/discussions/:id/follow" },
    { method: "PUT", caller: "user", path: "/api/discussions/:id/follow" },
    {
      method: "GET",
      caller: "user",
      path: "/api/categories/:id/follow",
      knownId: "rants-and-vents",
    },
    {
      method: "PUT",
      caller: "user",
      path: "/api/categories/:id/follow",
      knownId: "rants-and-vents",
    },
    { method: "POST", caller: "user", path: "/api/notifications/:id/read" },
    { method: "PATCH", caller: "user", path: "/api/bookmarks/:id" },
    { method: "DELETE", caller: "user", path: "/api/bookmarks/:id" },
    { method: "GET", caller: "user", path: "/api/discussions/:id/bookmarks" },
    // Reactions (issue 45): a hostile post id, and a hostile kind on a real post.
    { method: "PUT", caller: "user", path: "/api/reactions/discussions/:id/agree" },
    { method: "DELETE", caller: "user", path: "/api/reactions/replies/:id/hugs" },
    {
      method: "PUT",
      caller: "user",
      path: `/api/reactions/discussions/${threadId}/:id`,
      knownId: "agree",
    },
    {
      method: "DELETE",
      caller: "user",
      path: `/api/reactions/replies/${replyId}/:id`,
      knownId: "hugs",
    },
    { method: "GET", caller: "anonymous", path: "/api/reactions/discussions/:id" },
    { method: "GET", caller: "anonymous", path: "/api/reactions/replies/:id" },
    { method: "GET", caller: "user", path: "/api/reactions/discussions/:id/mine" },
    { method: "GET", caller: "user", path: "/api/blocks/:id" },
    { method: "PUT", caller: "user", path: "/api/blocks/:id" },
    { method: "DELETE", caller: "user", path: "/api/blocks/:id" },
    { method: "GET", caller: "anonymous", path: "/api/images/:id" },
    { method: "GET", caller: "user", path: "/api/drafts/:id", knownId: "new-discussion" },
    { method: "PUT", caller: "user", path: "/api/drafts/:id", knownId: "new-discussion" },
    { method: "DELETE", caller: "user", path: "/api/drafts/:id", knownId: "new-discussion" },
    { method: "PATCH", caller: "user", path: "/api/discussions/:id" },
    { method: "POST", caller: "moderator", path: "/api/cms/discussions/:id/restore" },
    { method: "POST", caller: "moderator", path: "/api/moderation/items/discussion/:id/actions" },
    { method: "POST", caller: "moderator", path: "/api/moderation/items/tag/:id/actions" },
    { method: "POST", caller: "moderator", path: "/api/moderation/items/:id/x/actions" },
    { method: "GET", caller: "moderator", path: "/api/moderation/members/:id/suspension" },
    { method: "GET", caller: "moderator", path: "/api/moderation/members/:id/log" },
    { method: "POST", caller: "admin", path: "/api/moderation/members/:id/suspensions" },
    { method: "POST", caller: "admin", path: "/api/moderation/members/:id/lift" },
    { method: "POST", caller: "moderator", path: "/api/moderation/appeals/:id/decision" },
    { method: "POST", caller: "moderator", path: "/api/moderation/held/:id/release" },
    { method: "POST", caller: "moderator", path: "/api/moderation/held/:id/discard" },
    {
      method: "POST",
      caller: "moderator",
      path: "/api/moderation/held-posts/discussion/:id/approve",
    },
    { method: "POST", caller: "moderator", path: "/api/moderation/held-posts/reply/:id/delete" },
    { method: "POST", caller: "moderator", path: "/api/moderation/held-posts/:id/x/approve" },
  ];
  const documents: DocumentRoute[] = [
    { path: "/sitemap/:id", valid: "discussions-1.xml" },
    { path: "/blog/:id", valid: "why-does-everyone-reply-all" },
    // Pages the server renders with their record or their query string (docs/decisions/025).
    { path: "/discussion/:id", valid: discussionId },
    { path: "/discussion/c/:id/rss.xml", valid: "rants-and-vents" },
    { path: "/profile/:id", valid: callers.other.id },
    { path: "/discussion?q=:id&sort=activity", valid: "discussion" },
    { path: "/members?search=:id", valid: "olga" },
  ];
  const forms: FormPost[] = [
    {
      page: "/auth",
      // A wrong password: a session per run would pile up.
      valid: () => ({ intent: "sign-in", email: callers.other.email, password: "a wrong one" }),
      answers: 401,
    },
    {
      page: "/auth",
      valid: () => ({ intent: "sign-up", name: "Nora", email: email() }),
      answers: 200,
    },
    {
      page: "/auth/forgot-password",
      valid: () => ({ intent: "forgot-password", email: email() }),
      answers: 200,
    },
    {
      page: "/auth/confirm",
      // A link this server never mailed: refused after validation.
      valid: () => ({
        intent: "confirm-email",
        token: "x".repeat(43),
        name: "N",
        password: "long enough",
      }),
      answers: 400,
    },
    {
      page: "/auth/reset-password",
      // A link this server never mailed: refused after validation.
      valid: () => ({
        intent: "reset-password",
        token: "x".repeat(43),
        newPassword: "long enough",
      }),
      answers: 400,
    },
    {
      page: "/contact",
      valid: () => ({ intent: "contact", name: "N", email: email(), subject: "S", message: "M" }),
      answers: 200,
    },
    { page: "/", valid: () => ({ intent: "newsletter", email: email() }), answers: 200 },
    {
      page: "/report",
      valid: () => ({
        intent: "report",
        targetKind: "discussion",
        targetId: discussionId,
        reason: "illegal",
        harmKind: "fraud",
        email: email(),
      }),
      answers: 200,
    },
    {
      page: "/complaints",
      valid: () => ({
        intent: "complaint",
        kind: "duties",
        email: email(),
        message: "No accountable person is named",
      }),
      answers: 200,
    },
    {
      page: "/data-request",
      valid: () => ({
        intent: "data-request",
        requestType: "access",
        email: email(),
        fullName: "F",
      }),
      answers: 200,
    },
  ];
  return { bodies, queries, ids, documents, forms };
}

/** base64url of `text`. */
const b64 = (text: string) => Buffer.from(text).toString("base64url");

/** A browser's answer's client data for a challenge this server never issued. */
function strangeClientData(type: string): string {
  return b64(JSON.stringify({ type, challenge: b64(randomUUID()), origin: "http://localhost" }));
}

/** The shape of a RegistrationResponseJSON (decision 063), for a challenge never issued. */
function sampleRegistration() {
  const id = b64(randomUUID());
  return {
    id,
    rawId: id,
    type: "public-key",
    response: {
      clientDataJSON: strangeClientData("webauthn.create"),
      attestationObject: b64("not a real attestation"),
      transports: ["internal"],
    },
    clientExtensionResults: {},
  };
}

/** The shape of an AuthenticationResponseJSON, for a challenge never issued. */
function sampleAssertion() {
  const id = b64(randomUUID());
  return {
    id,
    rawId: id,
    type: "public-key",
    response: {
      clientDataJSON: strangeClientData("webauthn.get"),
      authenticatorData: b64("authenticator data"),
      signature: b64("signature"),
    },
    clientExtensionResults: {},
  };
}

/** Bodies for the id routes that take one, so that the id is what gets tested. */
export const ID_ROUTE_BODIES: Record<string, unknown> = {
  "PUT /api/discussions/:id/pin": { pinned: true },
  "PUT /api/discussions/:id/follow": { state: "following" },
  "PUT /api/discussions/:id/read": { seq: 1 },
  "PUT /api/categories/:id/follow": { state: "following" },
  "POST /api/discussions/:id/replies": { content: "A reply" },
  "PATCH /api/replies/:id": { content: "An edit" },
  "PATCH /api/profiles/:id": { fullName: "Valid Name" },
  "PUT /api/cms/blog-posts/:id": { title: "T", excerpt: "E", content: "C" },
  "PATCH /api/cms/discussions/:id": { title: "T", content: "C" },
  "PATCH /api/discussions/:id": { title: "T", content: "C" },
  "PUT /api/drafts/:id": { title: "T", content: "C" },
  "POST /api/moderation/items/discussion/:id/actions": { action: "dismiss", reason: "R" },
  "POST /api/moderation/items/tag/:id/actions": { action: "delete", reason: "R" },
  "POST /api/moderation/items/:id/x/actions": { action: "dismiss", reason: "R" },
  "POST /api/moderation/members/:id/suspensions": { reason: "R", length: "1d" },
  "POST /api/moderation/members/:id/lift": { reason: "R" },
  "POST /api/moderation/appeals/:id/decision": { decision: "keep", reason: "R" },
  "POST /api/moderation/held/:id/release": { reason: "R" },
  "POST /api/moderation/held/:id/discard": { reason: "R" },
  "POST /api/moderation/held-posts/discussion/:id/approve": { reason: "R" },
  "POST /api/moderation/held-posts/reply/:id/delete": { reason: "R" },
  "POST /api/moderation/held-posts/:id/x/approve": { reason: "R" },
  "PATCH /api/cms/hero-words/:id": { isActive: true },
  "PUT /api/discussions/:id/category": { category: "personal-stories" },
  "PUT /api/discussions/:id/tags": { tags: ["hostile-id"] },
  "PATCH /api/cms/tags/:id": { name: "hostile-id" },
  "POST /api/cms/tags/:id/merge": { into: "hostile-edit" },
  "PUT /api/cms/categories/:id": {
    name: "Renamed",
    slug: "renamed",
    colour: "#e03131",
    position: 1,
  },
  "DELETE /api/cms/categories/:id": { moveTo: "rants-and-vents" },
  "PUT /api/cms/site-pages/:id": { content: termsText() },
  "PUT /api/cms/online-safety/risk/:id": { riskLevel: "low", evidence: "", measures: [] },
  "PUT /api/cms/online-safety/children-risk/:id": { riskLevel: "low", evidence: "", measures: [] },
  "PUT /api/users/:id/role": { role: "user" },
  "POST /api/users/:id/second-factor-reset": { code: "000000" },
  "PATCH /api/auth/passkeys/:id": { name: "Work phone" },
  "PATCH /api/inbox/data-requests/:id": { status: "in_progress" },
  "PATCH /api/complaints/:id": { status: "in_progress" },
  "POST /api/inbox/data-requests/:id/erase": { reason: "A reason" },
};

export function send(
  client: TestClient,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<Response> {
  switch (method) {
    case "GET":
      return client.get(path, headers);
    case "DELETE":
      return client.delete(path, headers);
    case "POST":
      return client.post(path, body, headers);
    case "PUT":
      return client.put(path, body, headers);
    default:
      return client.patch(path, body, headers);
  }
}

/** the API\'s error body (docs/architecture.md "API"), and nothing else in it. */
export async function expectErrorShape(response: Response, context: string): Promise<void> {
  expect(response.headers.get("content-type"), context).toMatch(/application\/json/);
  const body = (await response.clone().json()) as Record<string, unknown>;
  expect(Object.keys(body), context).toEqual(["error"]);
  const error = body.error as Record<string, unknown>;
  expect(typeof error.code, context).toBe("string");
  expect(typeof error.message, context).toBe("string");
  expect((error.message as string).length, context).toBeGreaterThan(0);
  for (const key of Object.keys(error))
    expect(["code", "message", "fields"], context).toContain(key);
  if (error.fields !== undefined) {
    for (const value of Object.values(error.fields as Record<string, unknown>)) {
      expect(typeof value, context).toBe("string");
    }
  }
}

/**
 * A page or document path with a hostile value: the record it names (200), a move (301) or not
 * found (404), never a 5xx. The sitemap's 404 is in the API's error shape; a page's is the shell.
 */
export async function expectDocumentHandled(
  response: Response,
  path: string,
  context: string,
): Promise<void> {
  expect([200, 301, 404], `${context}: ${await response.clone().text()}`).toContain(
    response.status,
  );
  // Judged on the path the request reaches: "." and ".." are dot segments (encoded or not), so
  // "/sitemap/." is "/sitemap/", a page, not a sitemap document.
  const reached = new URL(path, "http://site.invalid").pathname;
  if (response.status === 404 && /^\/sitemap\/[^/]+$/.test(reached)) {
    await expectErrorShape(response, context);
  }
}

/** Never a 5xx; a 4xx always in the API\'s error shape (docs/architecture.md "API"). */
export async function expectHandled(response: Response, context: string): Promise<void> {
  expect(response.status, `${context}: ${await response.clone().text()}`).toBeLessThan(500);
  if (response.status >= 400) await expectErrorShape(response, context);
}

/**
 * A write's answer echoes what was stored (the profile, the post, the discussion): it must
 * hold no `<` or `>`. This catches what a later write would overwrite before a table scan.
 */
export async function expectSafeEcho(response: Response, context: string): Promise<void> {
  if (!response.ok || response.status === 204) return;
  const text = await response.clone().text();
  expect(text, context).not.toMatch(/[<>]/);
}

/** Every column a member or staff can write text into (docs/product.md §5 cleans them all). */
const TEXT_COLUMNS: Record<string, readonly string[]> = {
  discussions: ["title", "content"],
  discussion_replies: ["content"],
  profiles: ["full_name", "bio", "location", "website", "social_twitter", "social_linkedin"],
  blog_posts: ["title", "excerpt", "content"],
  hero_words: ["word"],
  contact_messages: ["name", "email", "subject", "message"],
  data_requests: ["full_name", "email", "details"],
  reports: ["reporter_email", "details"],
  complaints: ["email", "link", "message", "outcome"],
  newsletter_subscribers: ["email"],
  user: ["name", "email"],
  role_changes: ["reason"],
  drafts: ["title", "content"],
};

/**
 * Rows holding a `<` or `>` (the only way to a tag or an attribute), a link that is not
 * http(s), or an avatar URL that is not ours. Empty when everything stored is safe.
 */
export async function unsafeStoredValues(db: Db): Promise<string[]> {
  const problems: string[] = [];
  for (const [table, columns] of Object.entries(TEXT_COLUMNS)) {
    for (const column of columns) {
      const rows = await queryRows<{ value: string }>(
        db,
        sql`select ${sql.identifier(column)} as value from ${sql.identifier(table)}
            where ${sql.identifier(column)} ~ '[<>]'`,
      );
      for (const row of rows) problems.push(`${table}.${column}: ${JSON.stringify(row.value)}`);
    }
  }
  const links = await queryRows<{ value: string }>(
    db,
    sql`select website as value from profiles where website !~ '^https?://'
        union all select social_linkedin from profiles where social_linkedin !~ '^https?://'
        union all select avatar_url from profiles where avatar_url !~ '^/uploads/'`,
  );
  for (const row of links) problems.push(`link: ${JSON.stringify(row.value)}`);
  return problems;
}

/** Half a surrogate pair, which text in the database cannot hold. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * docs/product.md §5's cleaning, written again as the tests' oracle: trimmed, `<` and `>` removed. An
 * optional field left empty is stored as null (`BodyEndpoint.blank` says otherwise). Half a
 * surrogate pair is stored as U+FFFD, as any text the database takes.
 */
export function cleaned(value: string): string {
  return value.replace(/[<>]/g, "").trim().replace(LONE_SURROGATE, "\ufffd");
}

/** Text that every text field takes once cleaned: names need 2 characters, hero words take 50. */
const EVERY_TEXT_FIELD_TAKES = { min: 2, max: 50 };

/**
 * What `endpoint` did with the hostile values of `fields` in `body`: a 2xx stored each text
 * field's value cleaned; a refusal names only text that holds a NUL or that cleaning leaves
 * too short or too long for any text field, and needs another hostile value when all the text
 * was fair.
 */
export async function expectTextStoredClean(
  endpoint: BodyEndpoint,
  response: Response,
  body: Record<string, unknown>,
  fields: readonly string[],
  context: string,
): Promise<void> {
  const text = fields.filter((field) => endpoint.text?.includes(field));
  const strings = text.filter((field) => typeof body[field] === "string");
  if (strings.length === 0) return;
  if (response.ok) {
    await expectStored(endpoint, response, body, context, strings);
    return;
  }
  if (response.status === endpoint.duplicateAnswer) return;
  // A NUL is refused in any field: PostgreSQL text cannot hold one (lib/validate.ts).
  const fair = (field: string) => {
    const value = cleaned(body[field] as string);
    const { min, max } = EVERY_TEXT_FIELD_TAKES;
    // Counted both ways, the stricter for each bound: a character outside the BMP is one
    // code point but two UTF-16 units, and a rule may count either ("𐀀" is not a 2-letter name).
    return !value.includes("\u0000") && [...value].length >= min && value.length <= max;
  };
  const error = ((await response.clone().json()) as { error: { message: string; fields?: object } })
    .error;
  const named = Object.keys(error.fields ?? {});
  // The callers are new members: a post with more than 2 links in all is theirs to refuse
  // (docs/decisions/031), however fair each field is.
  const links = Object.values(body)
    .filter((value): value is string => typeof value === "string")
    .reduce((sum, value) => sum + countLinks(cleaned(value)), 0);
  if (error.message === NEW_MEMBER_LINKS_MESSAGE && links > NEW_MEMBER_RULES.linksPerPost) return;
  // Terms that lost a rule's anchored heading are refused, however fair (decision 082).
  if (error.message.startsWith(RULE_ANCHORS_MISSING)) return;
  for (const field of strings.filter((field) => named.includes(field))) {
    expect(response.status, context).toBe(400);
    expect(fair(field), `${context}: fair text in ${field} refused`).toBe(false);
  }
  if (strings.length === fields.length) {
    expect(strings.every(fair), `${context}: only fair text, refused`).toBe(false);
  }
}

/**
 * Reads back what `endpoint` stored after a 2xx for `body`. With `fields` (the hostile ones),
 * only those text fields are compared, with the cleaned value sent; without, every field the row
 * keeps must hold the value sent. Returns the fields compared.
 */
export async function expectStored(
  endpoint: BodyEndpoint,
  response: Response,
  body: Record<string, unknown>,
  context: string,
  fields?: readonly string[],
): Promise<string[]> {
  if (!endpoint.stored) return [];
  const answer = (await response.clone().json()) as Answer;
  const stored = await endpoint.stored(answer, body);
  const compared = Object.keys(stored).filter((field) =>
    fields ? fields.includes(field) && endpoint.text?.includes(field) : true,
  );
  for (const field of compared) {
    const sent = body[field];
    if (!fields) expect(stored[field], `${context}: ${field}`).toEqual(sent);
    else if (typeof sent === "string") {
      const expected = cleaned(sent);
      const blank = endpoint.blank ?? null;
      expect(stored[field], `${context}: ${field}`).toEqual(expected === "" ? blank : expected);
    }
  }
  return compared;
}

/**
 * The positive control of the hostile-input tests: each endpoint's valid body gets the answer
 * the catalogue states, and a write's values are read back from the database as sent.
 */
export async function expectValidBodiesStored(
  app: { request: TestApp["app"]["request"] },
  callers: Callers,
  catalogue: Catalogue,
): Promise<void> {
  for (const endpoint of catalogue.bodies) {
    const body = endpoint.valid();
    const client = clientFor(app, callers, endpoint.caller);
    const response = await send(client, endpoint.method, endpoint.path, body, endpoint.headers);
    const context = `${endpoint.name}: ${await response.clone().text()}`;
    expect(response.status, context).toBe(endpoint.answers);
    const compared = await expectStored(endpoint, response, body, endpoint.name);
    if (endpoint.stored) expect(compared.length, endpoint.name).toBeGreaterThan(0);
  }
}

/** A 700 px wide image in a public discussion: it has one narrower copy (640). */
async function insertPublicPostImage(t: TestApp, discussionId: string, uploaderId: string) {
  const png = await sharp({
    create: { width: 700, height: 400, channels: 3, background: { r: 200, g: 60, b: 60 } },
  })
    .png()
    .toBuffer();
  const image = await reencodePostImage(new Uint8Array(png));
  const id = randomUUID();
  const key = postImageKey(uploaderId, id);
  await putPostImageFiles(t.deps.storage, key, image);
  await insertPostImage(t.db, { id, uploaderId, key, ...image });
  await t.db.execute(
    sql`update post_images set discussion_id = ${discussionId}::uuid where id = ${id}::uuid`,
  );
  return id;
}
