// The digest (issue 43, docs/decisions/073): who is due and how often, what it says (and never
// says), that a period brings one at most (a plan run again, a worker that died mid-batch), and
// the one-click unsubscribe of its mail. The routes on every role: permission-matrix.test.ts.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import type { MailMessage, MailTransport } from "@/server/lib/mail";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { insertReplyRow } from "@/server/test/replies";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody } from "@/shared/api-types";
import { type DigestSetting, INVALID_DIGEST_CHOICE } from "@/shared/digest";
import { digestContents } from "./content";
import { currentPeriods, planDigests } from "./plan";
import { DIGEST_SEND_QUEUE } from "./sender";

type Member = Awaited<ReturnType<typeof createMember>>;
let t: TestApp;
let ana: Member;
let ben: Member;
let cy: Member;

/** A Wednesday noon in London: the weekly period began on the Monday 07:00 a week before. */
const AT = new Date("2026-11-25T12:00:00Z");
const LONG_AGO = "2026-10-01T00:00:00Z";

beforeAll(async () => {
  t = await createTestApp();
  [ana, ben, cy] = await Promise.all([
    createMember(t, { name: "Ana Away" }),
    createMember(t, { name: "Ben Writer" }),
    createMember(t, { name: "Cy Blocked" }),
  ]);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.runJobs();
  await t.db.execute(sql`delete from digest_deliveries`);
  await t.db.execute(sql`delete from discussions`);
  await t.db.execute(sql`delete from notifications`);
  await t.db.execute(sql`delete from member_blocks`);
  await t.db.execute(sql`delete from read_positions`);
  // Everyone joined long ago and chose weekly; Ana was last here long ago, the others today.
  await t.db.execute(sql`update profiles set digest = 'weekly', created_at = ${LONG_AGO},
    last_active_at = case when id = ${ana.id} then ${LONG_AGO}::timestamptz else now() end,
    marked_read_at = null, last_visit_at = null`);
});

/** Plans the period of AT and runs the send jobs; the mail Ana got meanwhile (dev mailbox). */
async function sendDigests(at = AT): Promise<string[]> {
  const before = (await t.mailbox.all(ana.email)).length;
  await planDigests(t.db, at);
  await t.deps.jobs.send(DIGEST_SEND_QUEUE, {}, { singletonKey: "digest" });
  await t.runJobs();
  return (await t.mailbox.all(ana.email)).slice(before);
}

async function statuses(): Promise<Record<string, string>> {
  const rows = await queryRows<{ user_id: string; status: string }>(
    t.db,
    sql`select user_id, status from digest_deliveries`,
  );
  return Object.fromEntries(rows.map((row) => [row.user_id, row.status]));
}

/** A busy discussion by Ben, replied to during the week: `replies` replies by Ben. */
async function busyDiscussion(title: string, replies = 3, authorId = ben.id) {
  const id = await insertDiscussionRow(t.db, { title, authorId, ageMinutes: 60 * 24 * 30 });
  const ids: string[] = [];
  for (let n = 0; n < replies; n += 1) ids.push(await insertReplyRow(t.db, id, { authorId }));
  return { id, replies: ids };
}

describe("who is due", () => {
  it("ends periods at 07:00 London time: daily each day, weekly on Mondays", async () => {
    const periods = await currentPeriods(t.db, AT);
    expect(periods.map((period) => [period.key, period.since.toISOString()])).toEqual([
      ["daily:2026-11-25", "2026-11-24T07:00:00.000Z"],
      ["weekly:2026-11-23", "2026-11-16T07:00:00.000Z"],
    ]);
    // Before 07:00 on a Monday the week before is still the current one (British Summer Time:
    // 07:00 in London is 06:00 UTC).
    const early = await currentPeriods(t.db, new Date("2026-06-01T05:30:00Z"));
    expect(early.map((period) => period.key)).toEqual(["daily:2026-05-31", "weekly:2026-05-25"]);
  });

  it("plans a member who chose the period and stayed away; once, however often it runs", async () => {
    await t.db.execute(sql`update profiles set digest = 'off' where id = ${cy.id}`);
    expect(await planDigests(t.db, AT)).toBe(1);
    expect(await statuses()).toEqual({ [ana.id]: "queued" });
    // Run again (a second instance, the next hour, a restart): nothing new.
    expect(await planDigests(t.db, AT)).toBe(0);
    expect(await planDigests(t.db, new Date(AT.getTime() + 3_600_000))).toBe(0);
    // The next week is another period.
    expect(await planDigests(t.db, new Date("2026-11-30T08:00:00Z"))).toBe(1);
  });

  it("leaves out members who were active in the period, joined in it, or chose otherwise", async () => {
    await t.db.execute(sql`update profiles set last_active_at = ${LONG_AGO}`);
    // Ben visited during the week; Cy joined during it; Ana chose daily.
    await t.db.execute(sql`update profiles set last_active_at = '2026-11-20T10:00:00Z'
      where id = ${ben.id}`);
    await t.db.execute(sql`update profiles set created_at = '2026-11-20T10:00:00Z',
      last_active_at = null where id = ${cy.id}`);
    await t.db.execute(sql`update profiles set digest = 'daily' where id = ${ana.id}`);
    await planDigests(t.db, AT);
    const planned = await queryRows<{ user_id: string; period: string }>(
      t.db,
      sql`select user_id, period from digest_deliveries`,
    );
    expect(planned).toEqual([{ user_id: ana.id, period: "daily:2026-11-25" }]);
  });
});

describe("what it says", () => {
  it("lists replies to the member's discussions, mentions and the week's busy discussions, each linking to the first unread reply", async () => {
    const own = await insertDiscussionRow(t.db, {
      title: "Ana's own rant",
      authorId: ana.id,
      ageMinutes: 60 * 24 * 60,
    });
    const seen = await insertReplyRow(t.db, own, {
      authorId: ben.id,
      createdAt: new Date(LONG_AGO),
    });
    await t.deps.readPositions.record(ana.id, own, await seqOf(seen));
    const firstNew = await insertReplyRow(t.db, own, { authorId: ben.id });
    await insertReplyRow(t.db, own, { authorId: ben.id });
    const busy = await busyDiscussion("The week's loudest thread", 4);
    const quiet = await busyDiscussion("A quieter one", 1);
    const mentionedIn = await busyDiscussion("Where Ana was named", 1);
    await t.db.execute(sql`insert into notifications (user_id, kind, discussion_id, reply_id, group_key)
      values (${ana.id}, 'mention', ${mentionedIn.id}::uuid, ${mentionedIn.replies[0]}::uuid,
        ${`mention:${mentionedIn.id}`})`);

    const [mail, ...more] = await sendDigests();
    expect(more).toEqual([]);
    expect(mail).toContain("Subject: What you missed on");
    expect(mail).toContain("REPLIES TO YOUR DISCUSSIONS");
    expect(mail).toContain(
      `“Ana's own rant”: 2 new replies\n${siteLink(`/discussion/${own}?reply=${firstNew}`)}`,
    );
    expect(mail).toContain("MENTIONS OF YOU");
    expect(mail).toContain(
      `You were mentioned in “Where Ana was named”\n${siteLink(`/discussion/${mentionedIn.id}?reply=${mentionedIn.replies[0]}`)}`,
    );
    expect(mail).toContain("DISCUSSIONS YOU MISSED");
    // Busiest first; never opened: the top of the discussion. Already listed above: not again.
    const missed = mail?.slice(mail.indexOf("DISCUSSIONS YOU MISSED")) ?? "";
    expect(missed.indexOf("The week's loudest thread")).toBeLessThan(
      missed.indexOf("A quieter one"),
    );
    expect(missed).toContain(
      `“The week's loudest thread”: 4 replies this week\n${siteLink(`/discussion/${busy.id}`)}\n`,
    );
    expect(missed).toContain(`“A quieter one”: 1 reply this week`);
    expect(missed).not.toContain("Where Ana was named");
    expect(mail).not.toContain("Ben Writer");
    expect(await statuses()).toMatchObject({ [ana.id]: "sent" });
    void quiet;
  });

  it("sends nothing when there is nothing new to the member", async () => {
    const read = await busyDiscussion("Read it all already", 2);
    await t.deps.readPositions.record(ana.id, read.id, await seqOf(read.replies.at(-1) ?? ""));
    await busyDiscussion("Ana's muted thread", 2);
    await t.db.execute(sql`insert into discussion_follows (user_id, discussion_id, state)
      select ${ana.id}, id, 'muted' from discussions where title = 'Ana''s muted thread'`);
    expect(await sendDigests()).toEqual([]);
    expect(await statuses()).toEqual({ [ana.id]: "empty" });
  });

  it("never includes what is hidden, held or deleted, nor the posts of members the reader blocked", async () => {
    const hidden = await busyDiscussion("Hidden by a moderator", 3);
    await t.db.execute(sql`update discussions set hidden_at = now() where id = ${hidden.id}::uuid`);
    const deleted = await busyDiscussion("Deleted since", 3);
    await t.db.execute(sql`update discussions set status = 'deleted', deleted_at = now()
      where id = ${deleted.id}::uuid`);
    const held = await busyDiscussion("Held for review", 3);
    await t.db.execute(sql`update discussions set status = 'held' where id = ${held.id}::uuid`);
    await busyDiscussion("By someone Ana blocked", 3, cy.id);
    await t.db.execute(sql`insert into member_blocks (blocker_id, blocked_id)
      values (${ana.id}, ${cy.id})`);
    // A mention whose reply a moderator hid since.
    const mention = await busyDiscussion("Mention hidden since", 1, ben.id);
    await t.db.execute(sql`update discussion_replies set hidden_at = now()
      where id = ${mention.replies[0]}::uuid`);
    await t.db.execute(
      sql`update discussions set hidden_at = now() where id = ${mention.id}::uuid`,
    );
    await t.db.execute(sql`insert into notifications (user_id, kind, discussion_id, reply_id)
      values (${ana.id}, 'mention', ${mention.id}::uuid, ${mention.replies[0]}::uuid)`);
    // Replies to Ana's own discussion: one hidden, one by the member she blocked.
    const own = await insertDiscussionRow(t.db, { title: "Ana's", authorId: ana.id });
    await t.deps.readPositions.record(ana.id, own, 0);
    const hiddenReply = await insertReplyRow(t.db, own, { authorId: ben.id });
    await t.db.execute(
      sql`update discussion_replies set hidden_at = now() where id = ${hiddenReply}::uuid`,
    );
    await insertReplyRow(t.db, own, { authorId: cy.id });

    const contents = await digestContents(t.db, [
      { userId: ana.id, since: new Date("2026-11-16T07:00:00Z") },
    ]);
    expect(contents.get(ana.id)).toEqual({ replies: [], mentions: [], missed: [] });
    // Staff read hidden posts on the site; a mail shows none of it, whoever it goes to.
    await t.db.execute(sql`update user_roles set role = 'moderator' where user_id = ${ana.id}`);
    const asModerator = await digestContents(t.db, [
      { userId: ana.id, since: new Date("2026-11-16T07:00:00Z") },
    ]);
    await t.db.execute(sql`update user_roles set role = 'user' where user_id = ${ana.id}`);
    expect(asModerator.get(ana.id)).toEqual({ replies: [], mentions: [], missed: [] });
  });
});

describe("at most one a period", () => {
  it("skips, and never sends again, a digest whose worker died holding it", async () => {
    await busyDiscussion("Something to tell", 2);
    await planDigests(t.db, AT);
    // A worker claimed Ana's row and was killed before it recorded anything.
    await t.db.execute(sql`update digest_deliveries set status = 'sending',
      claimed_at = now() - interval '1 hour'`);
    expect(await sendDigests()).toEqual([]);
    expect(await statuses()).toEqual({ [ana.id]: "skipped" });
    // A restart plans the same period again: the row is there, nothing is made or sent.
    expect(await planDigests(t.db, AT)).toBe(0);
    expect(await sendDigests()).toEqual([]);
  });

  it("sends nothing to a member who turned it off after the plan", async () => {
    await busyDiscussion("Something to tell", 2);
    await planDigests(t.db, AT);
    await t.db.execute(sql`update profiles set digest = 'off' where id = ${ana.id}`);
    expect(await sendDigests()).toEqual([]);
    expect(await statuses()).toEqual({ [ana.id]: "empty" });
  });
});

describe("the setting and the unsubscribe link", () => {
  it("is weekly for a new member; a member reads and changes their own", async () => {
    const fresh = await createMember(t);
    const answer = await fresh.client.get("/api/digest");
    expect(await answer.json()).toEqual({ digest: "weekly" } satisfies DigestSetting);
    const changed = await fresh.client.put("/api/digest", { digest: "daily" });
    expect(await changed.json()).toEqual({ digest: "daily" });
    expect(await (await fresh.client.get("/api/digest")).json()).toEqual({ digest: "daily" });
    const refused = await fresh.client.put("/api/digest", { digest: "hourly" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ApiErrorBody).error.message).toBe(INVALID_DIGEST_CHOICE);
    expect((await createClient(t.app).get("/api/digest")).status).toBe(401);
  });

  it("carries List-Unsubscribe headers whose one-click address turns the digest off", async () => {
    await busyDiscussion("Something to tell", 2);
    const [mail] = await sendDigests();
    expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const oneClick = mail?.match(/List-Unsubscribe: <([^>]+)>/)?.[1] ?? "";
    expect(new URL(oneClick).pathname).toBe("/api/digest/unsubscribe");
    expect(mail).toContain(`${siteLink("/digest/unsubscribe?token=")}`);
    const answer = await t.app.request(oneClick, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(answer.status).toBe(200);
    const [row] = await queryRows<{ digest: string }>(
      t.db,
      sql`select digest from profiles where id = ${ana.id}`,
    );
    expect(row?.digest).toBe("off");
    // Off: the next week's plan leaves Ana out.
    expect(await planDigests(t.db, new Date("2026-11-30T08:00:00Z"))).toBe(0);
  });
});

describe("when the mail server fails", () => {
  /** An SMTP error as nodemailer reports it. */
  const smtpError = (fields: Record<string, unknown>) =>
    Object.assign(new Error("refused"), fields);
  let failing: TestApp;
  let refuse: (message: MailMessage) => Error | null = () => null;
  const delivered: string[] = [];
  const transport: MailTransport = {
    async deliver(message) {
      const error = refuse(message);
      if (error) throw error;
      delivered.push(message.to);
    },
  };
  let members: Member[];

  beforeAll(async () => {
    failing = await createTestApp({ mailTransport: transport });
    members = await Promise.all([1, 2, 3].map(() => createMember(failing)));
    // Started by nobody among them, so that it is "missed" for each.
    const id = await insertDiscussionRow(failing.db, { title: "Busy" });
    for (const member of members) await insertReplyRow(failing.db, id, { authorId: member.id });
  });
  afterAll(async () => {
    await failing.close();
  });
  beforeEach(async () => {
    delivered.length = 0;
    await failing.db.execute(sql`delete from digest_deliveries`);
    await failing.db.execute(sql`update profiles set digest = 'weekly', created_at = ${LONG_AGO},
      last_active_at = ${LONG_AGO}`);
  });

  async function run(): Promise<Record<string, string>> {
    await failing.deps.jobs.send(DIGEST_SEND_QUEUE, {}, { singletonKey: "digest" });
    await failing.runJobs();
    const rows = await queryRows<{ email: string; status: string }>(
      failing.db,
      sql`select u.email, d.status from digest_deliveries d join "user" u on u.id = d.user_id`,
    );
    return Object.fromEntries(rows.map((row) => [row.email, row.status]));
  }

  it("goes on past a recipient refused: failed for good (5xx), skipped for now (4xx)", async () => {
    const [full, gone, fine] = members.map((member) => member.email);
    refuse = (message) =>
      message.to === gone
        ? smtpError({ code: "EENVELOPE", command: "RCPT TO", responseCode: 550 })
        : message.to === full
          ? smtpError({ code: "EENVELOPE", command: "RCPT TO", responseCode: 452 })
          : null;
    await planDigests(failing.db, AT);
    expect(await run()).toEqual({
      [full as string]: "skipped",
      [gone as string]: "failed",
      [fine as string]: "sent",
    });
    expect(delivered).toEqual([fine]);
  });

  it("puts the batch back when nothing was taken, and sends it once the server is back", async () => {
    refuse = () => smtpError({ code: "ECONNECTION", command: "CONN" });
    await planDigests(failing.db, AT);
    const down = await run();
    expect(Object.values(down)).toEqual(["queued", "queued", "queued"]);
    refuse = () => null;
    await failing.runJobs({ ignoreStartAfter: true });
    expect(new Set(delivered)).toEqual(new Set(members.map((member) => member.email)));
    expect(delivered).toHaveLength(3);
  });

  it("never sends again a mail that may have gone (a time-out mid-send)", async () => {
    const [first] = members.map((member) => member.email);
    refuse = (message) => (message.to === first ? smtpError({ code: "ETIMEDOUT" }) : null);
    await planDigests(failing.db, AT);
    const after = await run();
    await failing.runJobs({ ignoreStartAfter: true });
    expect(after[first as string]).toBe("skipped");
    expect(delivered.filter((to) => to === first)).toEqual([]);
    expect(delivered).toHaveLength(2);
  });
});

function siteLink(path: string): string {
  return new URL(path, t.env.siteUrl).href;
}

async function seqOf(replyId: string): Promise<number> {
  const [row] = await queryRows<{ seq: number }>(
    t.db,
    sql`select seq::int8 as seq from discussion_replies where id = ${replyId}::uuid`,
  );
  return Number(row?.seq);
}
