// "Download my data" and "Delete my account" (UK GDPR Articles 15, 17 and 20; docs/product.md
// §2.14, §4.13; docs/decisions/029). The export must hold every row of every table that refers
// to the member: the list of such tables is read from the database itself (its foreign keys to
// "user" and its email columns), so a table added later fails here until the export covers it.

import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setRole } from "@/server/auth/roles";
import { queryRows } from "@/server/db/client";
import {
  MEMBER_DATA_SECTIONS,
  type MemberExport,
  NOT_EXPORTED,
} from "@/server/domain/member-data/export";
import { INLINE_EXPORT_MAX_ROWS, queueMemberExport } from "@/server/domain/member-data/exports";
import { NOTIFICATION_EVENTS_QUEUE } from "@/server/domain/notifications/events";
import { MAIL_QUEUE, openMail } from "@/server/lib/mail-queue";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember, enrolSecondFactor, tokenIn, uniqueEmail } from "@/server/test/factories";
import { storedAndFreshCounts } from "@/server/test/replies";
import { avatarForm, sendForm } from "@/server/test/security/test-support";
import { termsText } from "@/server/test/terms";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import { TestAuthenticator } from "@/server/test/webauthn";
import type { ApiErrorBody, DiscussionItem, ExportQueued, ReplyItem } from "@/shared/api-types";
import { mentionToken } from "@/shared/mentions";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "100" } });
});
afterAll(async () => {
  await t.close();
});

type Member = Awaited<ReturnType<typeof createMember>>;

/** Columns named like an address that hold none. */
const NOT_AN_ADDRESS = new Set([
  // The email choice per notification kind: immediately, daily or off.
  "notification_settings.email",
]);

/** Every column that refers to a member: foreign keys to "user", and email columns. */
async function memberColumns(): Promise<string[]> {
  const keys = await queryRows<{ name: string }>(
    t.db,
    sql`select cl.relname || '.' || a.attname as name
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_namespace n on n.oid = cl.relnamespace
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        where c.contype = 'f' and c.confrelid = '"user"'::regclass and n.nspname = 'public'`,
  );
  const emails = await queryRows<{ name: string }>(
    t.db,
    sql`select table_name || '.' || column_name as name from information_schema.columns
        where table_schema = 'public' and column_name ~ '(^|_)email$'
          and data_type = 'text'`,
  );
  return [
    ...new Set([
      '"user".id',
      ...keys.map((row) => row.name),
      ...emails.map((row) => row.name).filter((name) => !NOT_AN_ADDRESS.has(name)),
    ]),
  ]
    .map((name) => name.replace('"user"', "user"))
    .sort();
}

function coveredColumns(): Set<string> {
  const covered = new Set<string>(Object.keys(NOT_EXPORTED));
  for (const section of Object.values(MEMBER_DATA_SECTIONS)) {
    for (const column of section.byId) covered.add(`${section.table}.${column}`);
    for (const column of "byEmail" in section ? section.byEmail : []) {
      covered.add(`${section.table}.${column}`);
    }
  }
  return covered;
}

/** The rows `section`'s table holds for the member, counted straight from the table. */
async function rowsInTable(
  section: (typeof MEMBER_DATA_SECTIONS)[keyof typeof MEMBER_DATA_SECTIONS],
  member: Member,
) {
  const byId = section.byId.map((column) => sql`${sql.identifier(column)} = ${member.id}`);
  const byEmail = ("byEmail" in section ? section.byEmail : []).map(
    (column) => sql`lower(${sql.identifier(column)}) = ${member.email}`,
  );
  const only = "only" in section ? section.only(member) : sql`true`;
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from ${sql.identifier(section.table)}
        where (${sql.join([...byId, ...byEmail], sql` or `)}) and ${only}`,
  );
  return Number(row?.n ?? 0);
}

function rowsInExport(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return value == null ? 0 : 1;
}

async function download(member: Member): Promise<MemberExport> {
  const response = await member.client.post("/api/account/export");
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get("content-disposition")).toMatch(
    /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
  );
  expect(response.headers.get("cache-control")).toContain("no-store");
  return (await response.json()) as MemberExport;
}

/** A member with a row in every table that can refer to one, and another member around them. */
async function memberWithEverything() {
  const ada = await createMember(t, { name: "Ada Exporter" });
  const bob = await createMember(t, { name: "Bobby Otherperson" });
  // Profile and avatar.
  await ada.client.patch("/api/profiles/me", {
    fullName: "Ada Exporter",
    bio: "Writes a lot",
    location: "Leeds",
  });
  const upload = await sendForm(
    t.app,
    ada.client,
    "PUT",
    "/api/profiles/me/avatar",
    await avatarForm(),
  );
  expect(upload.status).toBe(200);
  // A second session.
  await createClient(t.app, "10.9.9.9").post("/api/auth/sign-in/email", {
    email: ada.email,
    password: ada.password,
  });
  // Discussions both ways; Bob answers and mentions Ada; Ada replies in Bob's discussion.
  const adaThread = (await (
    await ada.client.post("/api/discussions", {
      category: "rants-and-vents",
      title: "Ada's rant",
      content: "Ada's words",
    })
  ).json()) as { id: string };
  const bobThread = (await (
    await bob.client.post("/api/discussions", {
      category: "rants-and-vents",
      title: "Bob's secret title",
      content: "Bob text",
    })
  ).json()) as { id: string };
  await bob.client.post(`/api/discussions/${adaThread.id}/replies`, {
    content: `Bob's private reply to ${mentionToken("Ada Exporter", ada.id)}`,
  });
  await ada.client.post(`/api/discussions/${bobThread.id}/replies`, { content: "Ada replies" });
  await ada.client.put(`/api/discussions/${bobThread.id}/follow`, { state: "muted" });
  await ada.client.put("/api/categories/personal-stories/follow", { state: "following" });
  await bob.client.put("/api/categories/personal-stories/follow", { state: "muted" });
  // Bookmarks (issue 42): each member's own, on the same discussion.
  await ada.client.post("/api/bookmarks", { discussionId: bobThread.id, note: "Ada's note" });
  await bob.client.post("/api/bookmarks", {
    discussionId: adaThread.id,
    note: "Bob's private reply",
  });
  // Reactions (issue 45): each member's own, on the other's discussion.
  expect((await ada.client.put(`/api/reactions/discussions/${bobThread.id}/hugs`)).status).toBe(
    201,
  );
  expect((await bob.client.put(`/api/reactions/discussions/${adaThread.id}/agree`)).status).toBe(
    201,
  );
  // Reading (issue 42): each member read the other's thread; Ada marked a category read.
  await ada.client.put(`/api/discussions/${bobThread.id}/read`, { seq: 0 });
  await bob.client.put(`/api/discussions/${adaThread.id}/read`, { seq: 0 });
  await ada.client.post("/api/discussions/mark-all-read", { category: "personal-stories" });
  // Digests (decision 073): each member had one planned this week.
  await t.db.execute(
    sql`insert into digest_deliveries (user_id, period, since, status)
        values (${ada.id}, 'weekly:2026-11-23', '2026-11-16T07:00:00Z', 'sent'),
               (${bob.id}, 'weekly:2026-11-23', '2026-11-16T07:00:00Z', 'empty')`,
  );
  // Tags (decision 067): each member created one.
  for (const member of [ada, bob]) {
    await t.db.execute(
      sql`insert into tags (name, created_by) values (${`tag-of-${member.id.slice(0, 8).toLowerCase()}`}, ${member.id})`,
    );
  }
  // Pictures (decision 065): each member's own uploads.
  for (const member of [ada, bob]) {
    await t.db.execute(
      sql`insert into post_images (uploader_id, storage_key, width, height, bytes)
          values (${member.id}, ${`post-images/${member.id}/x.webp`}, 1, 1, 1)`,
    );
  }
  // Drafts (decision 065): each member's own, at the same place.
  await ada.client.put(`/api/drafts/reply-to-${bobThread.id}`, { content: "Ada's half reply" });
  await bob.client.put(`/api/drafts/reply-to-${bobThread.id}`, { content: "Bob's private reply" });
  await bob.client.put("/api/drafts/new-discussion", { title: "Bob's secret title", content: "" });
  await ada.client.put("/api/notifications/settings", { email: { followed_discussion: "daily" } });
  // Notifications both ways (and their mail) come from the queue.
  await t.runJobs({ ignoreStartAfter: true });
  await t.db.execute(
    sql`insert into notification_mail_windows (user_id, topic, last_sent_at)
        values (${ada.id}, 'account', now()) on conflict do nothing`,
  );
  // Blocks both ways (issue 17), once the notifications above are written.
  await t.db.execute(
    sql`insert into member_blocks (blocker_id, blocked_id)
        values (${ada.id}, ${bob.id}), (${bob.id}, ${ada.id})`,
  );
  // Moderation (issue 17) both ways: Ada reports and acts as a moderator; Bob acts on Ada's
  // discussion and suspends her for a while, she appeals; each lifts the other's suspension.
  await ada.client.post("/api/moderation/reports", {
    targetKind: "discussion",
    targetId: bobThread.id,
    reason: "spam",
    details: "Ada thinks so",
  });
  await t.db.execute(
    sql`insert into moderation_actions (actor_id, action, target_kind, target_id, subject_id, reason)
        values (${ada.id}, 'hide', 'discussion', ${bobThread.id}, ${bob.id}, 'Ada hid it'),
               (${ada.id}, 'suspend', 'member', ${bob.id}, ${bob.id}, 'Ada suspended Bob')`,
  );
  const [againstAda] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into moderation_actions (actor_id, action, target_kind, target_id, subject_id, reason)
        values (${bob.id}, 'hide', 'discussion', ${adaThread.id}, ${ada.id}, 'Off topic')
        returning id`,
  );
  await t.db.execute(
    sql`insert into appeals (action_id, user_id, message)
        values (${againstAda?.id}, ${ada.id}, 'It was on topic')`,
  );
  await t.db.execute(
    sql`insert into suspensions (user_id, reason, created_by, lifted_at, lifted_by)
        values (${ada.id}, 'A cooling-off', ${bob.id}, now(), ${bob.id}),
               (${bob.id}, 'Ada suspended Bob', ${ada.id}, now(), ${ada.id})`,
  );
  // Roles: Ada becomes an admin (the system did it) and changes Bob's role.
  await setRole(t.db, { targetUserId: ada.id, newRole: "admin", changedBy: null, reason: "test" });
  // As an admin she must have a second factor (decision 060); the export lists it.
  await enrolSecondFactor(t, ada.id);
  // And a passkey (decision 063): listed by name and dates.
  await new TestAuthenticator(t.env.siteUrl).insertPasskey(t.db, ada.id);
  await ada.client.put(`/api/users/${bob.id}/role`, { role: "author" });
  const post = await ada.client.post("/api/cms/blog-posts", {
    title: "Ada's post",
    excerpt: "E",
    content: "C",
  });
  const postId = ((await post.json()) as { id: string }).id;
  const published = { title: "Ada's post", excerpt: "E", content: "C", status: "published" };
  await ada.client.put(`/api/cms/blog-posts/${postId}`, published);
  const mailed = await ada.client.post(`/api/cms/blog-posts/${postId}/newsletter`, {
    content: "excerpt",
  });
  expect(mailed.status, await mailed.clone().text()).toBe(202);
  const terms = await ada.client.put("/api/cms/site-pages/terms", {
    content: termsText("## Terms\nKind."),
  });
  expect(terms.status).toBe(200);
  // An Online Safety Act record version she saved (decision 076).
  const record = await ada.client.put("/api/cms/online-safety/assessment", {
    summary: "A small forum",
    reviewDueOn: "2027-03-01",
  });
  expect(record.status).toBe(200);
  // What Ada sent: signed in, and once signed out under her address in capitals.
  await ada.client.post("/api/newsletter", { email: ada.email });
  await ada.client.post("/api/contact", {
    name: "Ada",
    email: ada.email,
    subject: "Hi",
    message: "Hello",
  });
  await createClient(t.app, "10.9.9.10").post("/api/contact", {
    name: "Ada again",
    email: ada.email.toUpperCase(),
    subject: "Signed out",
    message: "From another device",
  });
  // One the spam defences held (its honeypot filled): still hers until a moderator decides.
  await ada.client.post("/api/contact", {
    name: "Ada held",
    email: ada.email,
    subject: "Held",
    message: "Held for review",
    website: "http://example.com",
  });
  await ada.client.post("/api/data-requests", {
    requestType: "access",
    email: ada.email,
    fullName: "Ada Exporter",
  });
  // A complaint of her own (decision 081), which she then looks after as an admin.
  await ada.client.post("/api/complaints", { kind: "duties", message: "No contact address" });
  const [complaint] = await queryRows<{ id: string }>(
    t.db,
    sql`select id from complaints where user_id = ${ada.id}`,
  );
  await ada.client.patch(`/api/complaints/${complaint?.id}`, { ownerId: ada.id });
  await queueMemberExport(t.deps, { userId: ada.id, sendTo: ada.email });
  await t.runJobs();
  return { ada, bob, bobThread: bobThread.id };
}

describe("Download my data", () => {
  it("knows every table with a column that refers to a member", async () => {
    const uncovered = (await memberColumns()).filter((name) => !coveredColumns().has(name));
    expect(uncovered, "columns that refer to a member but are not in the export").toEqual([]);
  });

  it("holds every row of every table that refers to the member, and nothing of another member", async () => {
    const { ada, bob } = await memberWithEverything();
    const document = await download(ada);
    for (const [name, section] of Object.entries(MEMBER_DATA_SECTIONS)) {
      const stored = await rowsInTable(section, ada);
      // The positive control: every section has something to hold.
      expect(stored, `${name}: nothing stored to export`).toBeGreaterThan(0);
      expect(rowsInExport(document[name as keyof MemberExport]), name).toBe(stored);
    }
    expect(document.avatar?.contentType).toBe("image/webp");
    expect(
      Buffer.from(document.avatar?.base64 ?? "", "base64")
        .subarray(8, 12)
        .toString(),
    ).toBe("WEBP");
    const text = JSON.stringify(document);
    for (const secret of [
      bob.id,
      bob.email,
      "Bobby",
      "Otherperson",
      "Bob's private reply",
      "Bob's secret title",
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    // Secrets stay out: session tokens, password hashes.
    expect(text).not.toMatch(/token|\$argon|scrypt|"password"/i);
    const sessionTokens = await queryRows<{ token: string }>(
      t.db,
      sql`select token from session where user_id = ${ada.id}`,
    );
    for (const { token } of sessionTokens) expect(text).not.toContain(token);
  });

  it("shows nothing others did to the member that they are not told of: a block, a report", async () => {
    // Twins who do the same; only Carol blocks and reports the first. Decision 031: nothing
    // may tell a member that someone blocked them.
    const carol = await createMember(t, { name: "Carol Blocker" });
    const carolThread = await insertDiscussionRow(t.db, { authorId: carol.id });
    const twins = [await createMember(t), await createMember(t)] as const;
    const [blocked] = twins;
    for (const twin of twins) {
      const own = (await (
        await twin.client.post("/api/discussions", {
          category: "rants-and-vents",
          title: "Twin's rant",
          content: "Words",
        })
      ).json()) as { id: string };
      await t.db.execute(
        sql`insert into moderation_actions (actor_id, action, target_kind, target_id, subject_id, reason)
            values (null, 'restore', 'discussion', ${own.id}, ${twin.id}, 'Restored')`,
      );
      if (twin === blocked) {
        await carol.client.put(`/api/blocks/${blocked.id}`);
        const report = await carol.client.post("/api/moderation/reports", {
          targetKind: "discussion",
          targetId: own.id,
          reason: "spam",
        });
        expect(report.status, await report.clone().text()).toBeLessThan(300);
        await t.db.execute(
          sql`insert into moderation_actions (actor_id, action, target_kind, target_id, subject_id, reason)
              values (${carol.id}, 'dismiss', 'discussion', ${own.id}, ${blocked.id}, 'Not spam')`,
        );
      }
      const reply = await twin.client.post(`/api/discussions/${carolThread}/replies`, {
        content: "A reply Carol may or may not hear of",
      });
      expect(reply.status).toBe(201);
    }
    await t.runJobs({ ignoreStartAfter: true });
    const [blockedFile, freeFile] = (await Promise.all(twins.map(download))) as [
      MemberExport,
      MemberExport,
    ];
    const shape = (document: MemberExport) =>
      Object.fromEntries(
        Object.entries(document)
          .filter(([name]) => name in MEMBER_DATA_SECTIONS)
          .map(([name, value]) => [name, rowsInExport(value)]),
      );
    expect(shape(blockedFile)).toEqual(shape(freeFile));
    const [block] = await queryRows<{ at: string }>(
      t.db,
      sql`select to_json(created_at)#>>'{}' as at from member_blocks where blocked_id = ${blocked.id}`,
    );
    const text = JSON.stringify(blockedFile);
    expect(block?.at).toBeTruthy();
    expect(text).not.toContain(block?.at);
    expect(text).not.toContain("dismiss");
    expect(text).not.toContain(carol.id);
  });

  it("builds a large export in the job queue and mails a link that works for that member only", async () => {
    const member = await createMember(t, { name: "Prolific Poster" });
    const thread = await insertDiscussionRow(t.db, { authorId: member.id });
    await t.db.execute(
      sql`insert into discussion_replies (discussion_id, author_id, content)
          select ${thread}::uuid, ${member.id}, 'Reply ' || n
          from generate_series(1, ${INLINE_EXPORT_MAX_ROWS}) n`,
    );
    const response = await member.client.post("/api/account/export");
    expect(response.status).toBe(202);
    expect((await response.json()) as ExportQueued).toEqual({
      status: "queued",
      email: member.email,
    });
    const mail = (await t.mailbox.latest(member.email)) ?? "";
    expect(mail).toContain("Your data is ready to download");
    const token = tokenIn(mail, "/settings/data-export");
    expect(token).toBeTruthy();
    const url = `/api/account/export/download?token=${encodeURIComponent(token ?? "")}`;

    const file = await member.client.get(url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment/);
    const document = (await file.json()) as MemberExport;
    expect((document.replies as unknown[]).length).toBe(INLINE_EXPORT_MAX_ROWS);

    // Signed out, or as another member, or with a changed token: nothing.
    expect((await createClient(t.app).get(url)).status).toBe(401);
    const other = await createMember(t);
    const refused = await other.client.get(url);
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as ApiErrorBody).error.message).toBe(
      "This download link is invalid or has expired",
    );
    expect((await member.client.get(`${url}x`)).status).toBe(404);
    // Expired: nothing either.
    await t.db.execute(
      sql`update data_exports set expires_at = now() - interval '1 second' where user_id = ${member.id}`,
    );
    expect((await member.client.get(url)).status).toBe(404);
  });

  it("is for signed-in members only", async () => {
    expect((await createClient(t.app).post("/api/account/export")).status).toBe(401);
  });
});

/** Counters the database keeps must equal the same counted afresh. */
async function expectCountersRight() {
  const { stored, fresh } = await storedAndFreshCounts(t.db);
  expect(stored).toEqual(fresh);
  const discussions = await queryRows<{ id: string }>(
    t.db,
    sql`select p.id from profiles p where p.discussions_count <> (select count(*) from discussions d
          where d.author_id = p.id and d.status = 'active')`,
  );
  expect(discussions).toEqual([]);
  const [members] = await queryRows<{ stored: number; fresh: number }>(
    t.db,
    sql`select (select sum(public_members)::int from member_counts) as stored,
          (select count(*)::int from profiles where is_public) as fresh`,
  );
  expect(members?.stored).toBe(members?.fresh);
}

/** Rows left anywhere that refer to the member by id. */
async function rowsReferring(id: string): Promise<string[]> {
  const left: string[] = [];
  for (const name of await memberColumns()) {
    const [table, column] = name.split(".") as [string, string];
    if (column.includes("email")) continue;
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}`,
    );
    if (Number(row?.n) > 0) left.push(name);
  }
  return left;
}

async function deleteAccount(member: Member, body: Record<string, unknown>) {
  return member.client.post("/api/account/delete", {
    password: member.password,
    confirmation: "DELETE",
    ...body,
  });
}

describe("Delete my account", () => {
  it("needs the password and DELETE typed out", async () => {
    const member = await createMember(t);
    const wrong = await deleteAccount(member, { password: "not the password" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ApiErrorBody).error.fields).toEqual({
      password: "Password is incorrect",
    });
    const untyped = await deleteAccount(member, { confirmation: "delete" });
    expect(untyped.status).toBe(400);
    expect(((await untyped.json()) as ApiErrorBody).error.fields).toEqual({
      confirmation: "Type DELETE to confirm",
    });
    expect((await member.client.get("/api/session")).ok).toBe(true);
    expect(await rowsReferring(member.id)).not.toEqual([]);
    expect((await createClient(t.app).post("/api/account/delete", {})).status).toBe(401);
  });

  it("erases the account and keeps the discussions and replies as Deleted member's", async () => {
    const member = await createMember(t, { name: "Gone Soon" });
    const other = await createMember(t, { name: "Stays Here" });
    await sendForm(t.app, member.client, "PUT", "/api/profiles/me/avatar", await avatarForm());
    const avatarFile = path.join(t.dataDir, "uploads", "avatars", member.id, "avatar.webp");
    expect(existsSync(avatarFile)).toBe(true);
    const second = createClient(t.app, "10.9.8.7");
    await second.post("/api/auth/sign-in/email", {
      email: member.email,
      password: member.password,
    });
    const thread = (await (
      await member.client.post("/api/discussions", {
        category: "rants-and-vents",
        title: "Kept",
        content: "Kept text",
      })
    ).json()) as { id: string };
    await member.client.post(`/api/discussions/${thread.id}/replies`, { content: "My reply" });
    // The member's bookmark goes with the account (issue 42); another's of their thread stays.
    const own = await member.client.post("/api/bookmarks", {
      discussionId: thread.id,
      note: "Mine",
    });
    expect(own.status).toBe(201);
    const kept = await other.client.post("/api/bookmarks", { discussionId: thread.id });
    expect(kept.status).toBe(201);
    const otherReply = (await (
      await other.client.post(`/api/discussions/${thread.id}/replies`, {
        content: `Thanks ${mentionToken("Gone Soon", member.id)}`,
      })
    ).json()) as { id: string };
    const naming = (await (
      await other.client.post("/api/discussions", {
        category: "rants-and-vents",
        title: "Naming a member",
        content: `**Hello** ${mentionToken("Gone Soon", member.id)}`,
      })
    ).json()) as { id: string };
    // The member's reaction goes with the account, and the count follows (issue 45).
    expect((await member.client.put(`/api/reactions/discussions/${naming.id}/agree`)).status).toBe(
      201,
    );
    await member.client.post("/api/newsletter", { email: member.email });
    await t.runJobs();

    const response = await deleteAccount(member, {});
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/rc\.session_token=;.*Max-Age=0/i);

    // Every session ended; sign-in fails.
    expect(await (await second.get("/api/session")).json()).toMatchObject({ user: null });
    const signIn = await createClient(t.app).post("/api/auth/sign-in/email", {
      email: member.email,
      password: member.password,
    });
    expect(signIn.status).toBe(401);
    // Nothing refers to the member any more; the avatar file and the subscription are gone.
    expect(await rowsReferring(member.id)).toEqual([]);
    expect(existsSync(avatarFile)).toBe(false);
    const [subscribed] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from newsletter_subscribers where email = ${member.email}`,
    );
    expect(subscribed?.n).toBe(0);
    const bookmarked = (await (await other.client.get("/api/bookmarks")).json()) as {
      bookmarks: { discussionId: string }[];
    };
    expect(bookmarked.bookmarks.map((bookmark) => bookmark.discussionId)).toEqual([thread.id]);
    const reacted = (await (
      await createClient(t.app).get(`/api/discussions/${naming.id}`)
    ).json()) as DiscussionItem;
    expect(reacted.reactions).toBeUndefined();
    // The discussion and the reply stay, as Deleted member's.
    const detail = (await (
      await createClient(t.app).get(`/api/discussions/${thread.id}`)
    ).json()) as DiscussionItem;
    expect(detail.author).toBe("Deleted member");
    expect(detail.content).toBe("Kept text");
    const replies = (await (
      await createClient(t.app).get(`/api/discussions/${thread.id}/replies`)
    ).json()) as { items: ReplyItem[] };
    expect(replies.items.map((reply) => [reply.content, reply.author?.displayName])).toEqual([
      ["My reply", "Deleted member"],
      ["Thanks @Deleted member", "Stays Here"],
    ]);
    expect(replies.items[1]?.id).toBe(otherReply.id);
    // A discussion naming them names Deleted member, in its text and in the search's.
    const search = async (term: string) =>
      (
        (await (await other.client.get(`/api/discussions?q=${term}`)).json()) as {
          items: DiscussionItem[];
        }
      ).items.map((item) => item.id);
    expect(await search("gone%20soon")).not.toContain(naming.id);
    expect(await search("hello%20%40deleted%20member")).toContain(naming.id);
    await expectCountersRight();
    // The audit row: date and kind, nothing personal.
    const [audit] = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select kind, content_removed, reason from account_erasures order by erased_at desc limit 1`,
    );
    expect(audit).toEqual({ kind: "member", content_removed: false, reason: null });
    // The address can sign up again, as a new member.
    const again = await createMember(t, { email: member.email, name: "Back Again" });
    expect(again.id).not.toBe(member.id);
  });

  it("removes the discussions and replies too when asked", async () => {
    const member = await createMember(t, { name: "Takes Everything" });
    const other = await createMember(t);
    const thread = (await (
      await member.client.post("/api/discussions", {
        category: "rants-and-vents",
        title: "Goes",
        content: "Goes text",
      })
    ).json()) as { id: string };
    const elsewhere = await insertDiscussionRow(t.db, { authorId: other.id });
    await member.client.post(`/api/discussions/${elsewhere}/replies`, { content: "My words" });
    await other.client.post(`/api/discussions/${elsewhere}/replies`, { content: "Theirs" });

    expect((await deleteAccount(member, { deleteContent: true })).status).toBe(200);
    expect((await createClient(t.app).get(`/api/discussions/${thread.id}`)).status).toBe(404);
    const replies = (await (
      await createClient(t.app).get(`/api/discussions/${elsewhere}/replies`)
    ).json()) as { items: ReplyItem[] };
    expect(replies.items.map((reply) => [reply.deleted, reply.content])).toEqual([
      [true, ""],
      [false, "Theirs"],
    ]);
    const [text] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from discussion_replies where content = 'My words'
          union all select count(*)::int from discussions where content = 'Goes text'`,
    );
    expect(text?.n).toBe(0);
    await expectCountersRight();
    const [audit] = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select kind, content_removed from account_erasures order by erased_at desc limit 1`,
    );
    expect(audit).toEqual({ kind: "member", content_removed: true });
  });

  it("refuses the last admin", async () => {
    const admin = await createMember(t, { role: "admin" });
    await t.db.execute(
      sql`update user_roles set role = 'user' where role = 'admin' and user_id <> ${admin.id}`,
    );
    const response = await deleteAccount(admin, {});
    expect(response.status).toBe(409);
    expect(((await response.json()) as ApiErrorBody).error.code).toBe("LAST_ADMIN");
    expect((await admin.client.get("/api/session")).ok).toBe(true);
    // With a second admin, the first may go.
    const second = await createMember(t, { role: "admin" });
    expect((await deleteAccount(admin, {})).status).toBe(200);
    expect(second.id).toBeTruthy();
  });
});

/** Rows of pg-boss's tables (waiting, done, archived) that name the member, mail opened. */
async function jobsNaming(member: Member): Promise<{ job: number; archive: number }> {
  const counts = { job: 0, archive: 0 };
  for (const table of ["job", "archive"] as const) {
    const rows = await queryRows<{ name: string; data: { sealed?: string } }>(
      t.db,
      sql`select name, data from ${sql.raw(`pgboss.${table}`)}`,
    );
    counts[table] = rows.filter((row) =>
      row.name === MAIL_QUEUE
        ? openMail(t.deps.secret, row.data as { sealed: string }).to.toLowerCase() === member.email
        : JSON.stringify(row.data).includes(member.id) ||
          JSON.stringify(row.data).toLowerCase().includes(`"${member.email}"`),
    ).length;
  }
  return counts;
}

describe("Delete my account leaves no trace (decision 047)", () => {
  it("of held form submissions sent from the address", async () => {
    const member = await createMember(t);
    const stranger = uniqueEmail("stranger");
    await t.db.execute(
      sql`insert into held_submissions (kind, payload, reason)
          values ('contact', ${JSON.stringify({ name: "M", email: member.email.toUpperCase(), subject: "S", message: "Hi" })}::jsonb, 'too_fast'),
                 ('newsletter', ${JSON.stringify({ email: stranger, userId: null })}::jsonb, 'honeypot')`,
    );
    expect((await deleteAccount(member, {})).status).toBe(200);
    const left = await queryRows<{ email: string }>(
      t.db,
      sql`select lower(payload->>'email') as email from held_submissions
          where lower(payload->>'email') in (${member.email}, ${stranger})`,
    );
    expect(left).toEqual([{ email: stranger }]);
  });

  it("of reports sent signed out with the address: exported, then kept without it (decision 079)", async () => {
    const member = await createMember(t);
    const stranger = uniqueEmail("stranger");
    const discussionId = await insertDiscussionRow(t.db);
    await t.db.execute(
      sql`insert into reports (reporter_email, target_kind, target_id, reason, harm_kind)
          values (${member.email.toLowerCase()}, 'discussion', ${discussionId}, 'illegal', 'fraud'),
                 (${stranger}, 'discussion', ${discussionId}, 'spam', null)`,
    );
    const document = await download(member);
    expect(document.reportsMade).toMatchObject([{ harmKind: "fraud", targetId: discussionId }]);
    expect((await deleteAccount(member, {})).status).toBe(200);
    const left = await queryRows<{ email: string | null; reason: string }>(
      t.db,
      sql`select reporter_email as email, reason from reports
          where target_id = ${discussionId} order by reason`,
    );
    expect(left).toEqual([
      { email: null, reason: "illegal" },
      { email: stranger, reason: "spam" },
    ]);
  });

  it("of complaints, signed in or out with the address: exported, then kept without it (decision 081)", async () => {
    const member = await createMember(t);
    const stranger = uniqueEmail("stranger");
    await t.db.execute(
      sql`insert into complaints (kind, email, user_id, message, due_at)
          values ('content', ${member.email.toLowerCase()}, null, 'Signed out', now()),
                 ('duties', ${member.email.toLowerCase()}, ${member.id}, 'Signed in', now()),
                 ('content', ${stranger}, null, 'A stranger', now())`,
    );
    const document = await download(member);
    expect(document.complaints).toMatchObject([
      { message: "Signed out" },
      { message: "Signed in" },
    ]);
    expect((await deleteAccount(member, {})).status).toBe(200);
    const left = await queryRows<{ email: string | null; message: string }>(
      t.db,
      sql`select email, message from complaints
          where message in ('Signed out', 'Signed in', 'A stranger') order by message`,
    );
    expect(left).toEqual([
      { email: stranger, message: "A stranger" },
      { email: null, message: "Signed in" },
      { email: null, message: "Signed out" },
    ]);
  });

  it("of rate-limit counters keyed by the address", async () => {
    const member = await createMember(t);
    const other = await createMember(t);
    for (const who of [member, other]) {
      await createClient(t.app).post("/api/auth/request-password-reset", { email: who.email });
    }
    const keyed = async (who: Member) => {
      const [row] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from rate_limit_hits where lower(key) like ${`%|${who.email}`}`,
      );
      return row?.n;
    };
    expect(await keyed(member)).toBeGreaterThan(0);
    expect((await deleteAccount(member, {})).status).toBe(200);
    expect(await keyed(member)).toBe(0);
    expect(await keyed(other)).toBeGreaterThan(0);
  });

  it("of job-queue rows naming the member, waiting, done or archived, and of mail to them", async () => {
    const member = await createMember(t);
    const other = await createMember(t);
    // Done: the confirmation mail (sign-up) and an event about the member; one archived.
    await t.deps.jobs.send(NOTIFICATION_EVENTS_QUEUE, {
      type: "role-changed",
      userId: member.id,
      role: "author",
      actorId: null,
    });
    await t.runJobs();
    await t.db.execute(
      sql`insert into pgboss.archive (select j.*, now() from pgboss.job j
          where j.state = 'completed' and j.data->>'userId' = ${member.id})`,
    );
    // Waiting: a reset mail to the member, and another member's event the member caused.
    await createClient(t.app).post("/api/auth/request-password-reset", { email: member.email });
    const othersEvent = await t.deps.jobs.send(NOTIFICATION_EVENTS_QUEUE, {
      type: "role-changed",
      userId: other.id,
      role: "author",
      actorId: member.id,
    });
    const before = await jobsNaming(member);
    expect(before.job).toBeGreaterThan(2);
    expect(before.archive).toBeGreaterThan(0);

    expect((await deleteAccount(member, {})).status).toBe(200);
    expect(await jobsNaming(member)).toEqual({ job: 0, archive: 0 });
    // The other member still hears of their new role, from nobody named.
    const [kept] = await queryRows<{ data: Record<string, unknown> }>(
      t.db,
      sql`select data from pgboss.job where id = ${othersEvent}::uuid`,
    );
    expect(kept?.data).toMatchObject({ userId: other.id, actorId: null });
  });

  it("of dev-mailbox messages to the address", async () => {
    const member = await createMember(t);
    const other = await createMember(t);
    // Factory members get no mail of their own: a reset link each puts one in the mailbox.
    for (const { email } of [member, other]) {
      await createClient(t.app).post("/api/auth/request-password-reset", { email });
    }
    expect(await t.mailbox.all(member.email)).not.toEqual([]);
    expect((await deleteAccount(member, {})).status).toBe(200);
    expect(await t.mailbox.all(member.email)).toEqual([]);
    expect(await t.mailbox.all(other.email)).not.toEqual([]);
  });
});

describe("a fresh address", () => {
  it("a member without anything still gets a document", async () => {
    const member = await createMember(t, { email: uniqueEmail("plain") });
    const document = await download(member);
    expect(document.account).toMatchObject({ email: member.email, emailVerified: true });
    expect(document.discussions).toEqual([]);
    expect(document.avatar).toBeNull();
  });
});
