// Notifications through the API and the queue (docs/decisions/023): which events notify whom,
// mute and follow, grouping, read state, email settings and their mail (through a real SMTP
// server), one mail per discussion an hour, and unsubscribing without a session.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { NOTIFICATION_EVENTS_QUEUE } from "@/server/domain/notifications/events";
import { createMember } from "@/server/test/factories";
import { insertReplyRow } from "@/server/test/replies";
import { type SmtpSink, startSmtpSink } from "@/server/test/smtp-sink";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { DiscussionItem, ReplyItem } from "@/shared/api-types";
import { mentionToken } from "@/shared/mentions";
import { DELETED_REPLY, HIDDEN_BY_MODERATOR } from "@/shared/moderation-texts";
import type {
  NotificationItem,
  NotificationPage,
  NotificationSettings,
  UnreadCount,
} from "@/shared/notifications";
import { FAN_OUT_PART } from "./fan-out";
import { NOTIFICATION_SWEEP_QUEUE, SWEEP_BATCH } from "./retention";

type Member = Awaited<ReturnType<typeof createMember>>;
let t: TestApp;
let sink: SmtpSink;
let ana: Member;
let ben: Member;
let cleo: Member;
let dan: Member;
let mod: Member;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" }, alsoSmtpUrl: sink.url });
  ana = await createMember(t, { name: "Ana Author" });
  ben = await createMember(t, { name: "Ben Replier" });
  cleo = await createMember(t, { name: "Cleo Third" });
  dan = await createMember(t, { name: "Dan Fourth" });
  mod = await createMember(t, { name: "Mo Moderator", role: "moderator" });
  await t.runJobs();
});
afterAll(async () => {
  await t.close();
  await sink.close();
});
beforeEach(async () => {
  await t.runJobs({ ignoreStartAfter: true });
  sink.received.length = 0;
});

async function startDiscussion(member: Member, title = "Why are queues so long?") {
  const answer = await member.client.post("/api/discussions", {
    category: "rants-and-vents",
    title,
    content: "Discuss.",
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as DiscussionItem).id;
}

async function reply(member: Member, discussionId: string, content: string, replyToId?: string) {
  const answer = await member.client.post(`/api/discussions/${discussionId}/replies`, {
    content,
    ...(replyToId ? { replyToId } : {}),
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as ReplyItem).id;
}

async function entries(member: Member): Promise<NotificationItem[]> {
  await t.runJobs();
  const answer = await member.client.get("/api/notifications");
  expect(answer.status).toBe(200);
  return ((await answer.json()) as NotificationPage).notifications;
}

async function unread(member: Member): Promise<number> {
  await t.runJobs();
  const answer = await member.client.get("/api/notifications/unread-count");
  return ((await answer.json()) as UnreadCount).unread;
}

async function readAllOf(...members: Member[]) {
  for (const member of members) await member.client.post("/api/notifications/read-all");
}

describe("who hears of what", () => {
  it("tells the author of a reply to their discussion, with a permalink, and not the replier", async () => {
    const discussion = await startDiscussion(ana);
    const replyId = await reply(ben, discussion, "First!");
    const [entry] = await entries(ana);
    expect(entry).toMatchObject({
      kind: "reply_to_discussion",
      actorName: "Ben Replier",
      othersCount: 0,
      discussion: { id: discussion, title: "Why are queues so long?" },
      replyId,
      read: false,
    });
    expect(await entries(ben)).toEqual([]);
  });

  it("tells the member whose reply was answered, and the mentioned member, once each", async () => {
    const discussion = await startDiscussion(ana, "Answers");
    await readAllOf(ana, ben, cleo, dan);
    const benReply = await reply(ben, discussion, "My take");
    const answer = await reply(
      cleo,
      discussion,
      `I disagree, ${mentionToken("Dan Fourth", dan.id)} and ${mentionToken("Ben Replier", ben.id)}`,
      benReply,
    );
    // Ben is answered and mentioned: one entry, by the closer reason.
    const benEntries = (await entries(ben)).filter((entry) => !entry.read);
    expect(benEntries.map((entry) => [entry.kind, entry.replyId])).toEqual([
      ["reply_to_reply", answer],
    ]);
    expect((await entries(dan)).filter((entry) => !entry.read).map((entry) => entry.kind)).toEqual([
      "mention",
    ]);
    // Ana's discussion: both replies gather into one entry.
    const [anaEntry] = (await entries(ana)).filter((entry) => !entry.read);
    expect(anaEntry).toMatchObject({
      kind: "reply_to_discussion",
      othersCount: 1,
      replyId: answer,
    });
  });

  it("groups several replies into one entry: 'Ana and 3 others'", async () => {
    const discussion = await startDiscussion(dan, "Grouped");
    await readAllOf(dan);
    await reply(ana, discussion, "one");
    await reply(ben, discussion, "two");
    await reply(ben, discussion, "two again");
    await reply(cleo, discussion, "three");
    const last = await reply(mod, discussion, "four");
    const fresh = (await entries(dan)).filter((entry) => !entry.read);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({ actorName: "Mo Moderator", othersCount: 3, replyId: last });
    expect(await unread(dan)).toBe(1);
  });

  it("tells followers who are not the author, and the author of a pin and a lock", async () => {
    const discussion = await startDiscussion(ana, "Followed");
    await reply(ben, discussion, "I follow now");
    await readAllOf(ana, ben, cleo);
    await reply(cleo, discussion, "Hello followers");
    expect((await entries(ben)).filter((e) => !e.read).map((e) => e.kind)).toEqual([
      "followed_discussion",
    ]);
    await mod.client.put(`/api/discussions/${discussion}/pin`, { pinned: true });
    await mod.client.put(`/api/discussions/${discussion}/lock`, { locked: true });
    const moderated = (await entries(ana)).filter((e) => e.kind === "discussion_moderated");
    expect(moderated.map((e) => e.detail).sort()).toEqual(["locked", "pinned"]);
  });

  it("tells a member whose role changed", async () => {
    const admin = await createMember(t, { name: "Al Admin", role: "admin" });
    await admin.client.put(`/api/users/${cleo.id}/role`, { role: "author", reason: "" });
    const [entry] = (await entries(cleo)).filter((e) => e.kind === "role_changed");
    expect(entry).toMatchObject({ detail: "author", discussion: null });
  });
});

describe("a large fan-out", () => {
  it("writes every follower's entry once, in parts of FAN_OUT_PART", async () => {
    const discussion = await startDiscussion(ana, "Crowded");
    await t.db.execute(sql`
      with made as (
        insert into "user" (id, name, email, email_verified)
        select gen_random_uuid()::text, 'Crowd ' || n, 'crowd-' || gen_random_uuid() || '@example.com', true
        from generate_series(1, ${FAN_OUT_PART * 2 + 50}) n
        returning id
      )
      insert into discussion_follows (discussion_id, user_id, state)
      select ${discussion}::uuid, id, 'following' from made`);
    await reply(ben, discussion, "to the crowd");
    await t.runJobs();
    const [counts] = await queryRows<{ entries: number; people: number }>(
      t.db,
      sql`select count(*)::int as entries, count(distinct user_id)::int as people
          from notifications where discussion_id = ${discussion}::uuid`,
    );
    // The crowd and Ana (the author); Ben replied.
    expect(counts).toEqual({ entries: FAN_OUT_PART * 2 + 51, people: FAN_OUT_PART * 2 + 51 });
    const [parts] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pgboss.job
          where name = 'notification-events' and data ? 'upTo' and data->>'replyId' in (
            select id::text from discussion_replies where discussion_id = ${discussion}::uuid)`,
    );
    expect(parts?.n).toBe(3);
  });
});

describe("follow and mute", () => {
  it("a muted discussion sends nothing, not even an answer or a mention", async () => {
    const discussion = await startDiscussion(ana, "Muted");
    const benReply = await reply(ben, discussion, "before mute");
    await readAllOf(ana, ben);
    const muted = await ana.client.put(`/api/discussions/${discussion}/follow`, { state: "muted" });
    expect(await muted.json()).toEqual({ state: "muted" });
    await ben.client.put(`/api/discussions/${discussion}/follow`, { state: "muted" });
    await reply(cleo, discussion, `${mentionToken("Ben Replier", ben.id)} hi`, benReply);
    expect((await entries(ana)).filter((e) => !e.read)).toEqual([]);
    expect((await entries(ben)).filter((e) => !e.read)).toEqual([]);
    // Replying again does not unmute.
    await reply(ana, discussion, "still muted");
    const state = await ana.client.get(`/api/discussions/${discussion}/follow`);
    expect(await state.json()).toEqual({ state: "muted" });
  });

  it("Follow makes a bystander hear of every reply; none stops it", async () => {
    const discussion = await startDiscussion(ana, "Bystander");
    await readAllOf(dan);
    expect(await (await dan.client.get(`/api/discussions/${discussion}/follow`)).json()).toEqual({
      state: "none",
    });
    await dan.client.put(`/api/discussions/${discussion}/follow`, { state: "following" });
    await reply(ben, discussion, "for Dan");
    expect((await entries(dan)).filter((e) => !e.read).map((e) => e.kind)).toEqual([
      "followed_discussion",
    ]);
    await readAllOf(dan);
    await dan.client.put(`/api/discussions/${discussion}/follow`, { state: "none" });
    await reply(ben, discussion, "not for Dan");
    expect((await entries(dan)).filter((e) => !e.read)).toEqual([]);
  });

  it("starting a discussion or replying follows it; muted stays muted, unfollowed follows again", async () => {
    const discussion = await startDiscussion(ana, "Who follows");
    const stateOf = async (member: Member) =>
      (
        (await (await member.client.get(`/api/discussions/${discussion}/follow`)).json()) as {
          state: string;
        }
      ).state;
    expect(await stateOf(ana)).toBe("following");
    expect(await stateOf(ben)).toBe("none");
    await reply(ben, discussion, "now I follow");
    expect(await stateOf(ben)).toBe("following");
    await ben.client.put(`/api/discussions/${discussion}/follow`, { state: "none" });
    expect(await stateOf(ben)).toBe("none");
    await reply(ben, discussion, "and again");
    expect(await stateOf(ben)).toBe("following");
    await cleo.client.put(`/api/discussions/${discussion}/follow`, { state: "muted" });
    await reply(cleo, discussion, "muted but talking");
    expect(await stateOf(cleo)).toBe("muted");
  });

  it("answers 401 signed out, 400 for an unknown state and 404 for a discussion that is not there", async () => {
    const discussion = await startDiscussion(ana, "Follow rights");
    const visitor = createClient(t.app);
    expect((await visitor.get(`/api/discussions/${discussion}/follow`)).status).toBe(401);
    expect(
      (await visitor.put(`/api/discussions/${discussion}/follow`, { state: "following" })).status,
    ).toBe(401);
    const unknown = await ana.client.put(`/api/discussions/${discussion}/follow`, {
      state: "subscribed",
    });
    expect(unknown.status).toBe(400);
    expect(await (await ana.client.get(`/api/discussions/${discussion}/follow`)).json()).toEqual({
      state: "following",
    });
    expect(
      (
        await ana.client.put(`/api/discussions/00000000-0000-4000-8000-000000000000/follow`, {
          state: "muted",
        })
      ).status,
    ).toBe(404);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await ana.client.get(`/api/discussions/${missing}/follow`)).status).toBe(404);
    expect((await ana.client.get("/api/discussions/not-an-id/follow")).status).toBe(404);
  });
});

describe("read state", () => {
  it("marks one read, then all; another member's entry is a 404", async () => {
    const discussion = await startDiscussion(ana, "Read state");
    await readAllOf(ana, ben);
    await reply(ben, discussion, "one");
    await reply(cleo, discussion, `${mentionToken("Ana Author", ana.id)} two`);
    const fresh = (await entries(ana)).filter((e) => !e.read);
    expect(fresh).toHaveLength(2);
    expect(await unread(ana)).toBe(2);
    const replies = fresh.find((entry) => entry.kind === "reply_to_discussion");
    expect((await ben.client.post(`/api/notifications/${replies?.id}/read`)).status).toBe(404);
    expect((await ana.client.post(`/api/notifications/${replies?.id}/read`)).status).toBe(204);
    expect(await unread(ana)).toBe(1);
    // A read entry takes no more events: the next reply starts a new one.
    await reply(ben, discussion, "three");
    expect(await unread(ana)).toBe(2);
    expect((await ana.client.post("/api/notifications/read-all")).status).toBe(204);
    expect(await unread(ana)).toBe(0);
  });

  it("keeps the list to its owner and signed-in members", async () => {
    expect((await createClient(t.app).get("/api/notifications")).status).toBe(401);
    expect((await createClient(t.app).get("/api/notifications/unread-count")).status).toBe(401);
  });
});

describe("email", () => {
  it("mails a verified author at once: text and HTML, member text escaped, one-click unsubscribe", async () => {
    const discussion = await startDiscussion(ana, "Mail <b>me</b> & you");
    await reply(ben, discussion, "A reply with <script>alert(1)</script> & **bold**\nline two");
    await t.runJobs();
    const mail = sink.received.find((m) => m.recipients.includes(ana.email));
    expect(mail).toBeDefined();
    if (!mail) return;
    expect(mail.headers.get("subject")).toBe(
      "Ben Replier replied to your discussion “Mail bme/b & you”",
    );
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = mail.headers.get("list-unsubscribe")?.match(/^<(https?:\/\/[^>]+)>$/)?.[1];
    expect(unsubscribe).toMatch(/\/api\/notifications\/unsubscribe\?token=/);
    expect(mail.text).toContain("/discussion/");
    expect(mail.text).toContain("?reply=");
    expect(mail.text).toContain("/notifications/unsubscribe?token=");
    // §5.1 took < and > out of the reply; the mail reads its plain text, without the markup's
    // markers (decision 064); the HTML escapes whatever member text holds.
    expect(mail.html).toContain("&amp; bold<br>line two");
    expect(mail.html).not.toMatch(/<script|<b>/);
    // Ben (the replier) gets nothing; Cleo has nothing to do with it.
    expect(sink.received.some((m) => m.recipients.includes(ben.email))).toBe(false);
  });

  it("sends at most one mail per discussion an hour; later replies wait for the next", async () => {
    const discussion = await startDiscussion(cleo, "Hourly");
    await reply(ben, discussion, "first");
    await t.runJobs();
    expect(sink.received.filter((m) => m.recipients.includes(cleo.email))).toHaveLength(1);
    await reply(ana, discussion, "second");
    await reply(dan, discussion, "third");
    await t.runJobs();
    // Held back: due an hour after the first mail.
    expect(sink.received.filter((m) => m.recipients.includes(cleo.email))).toHaveLength(1);
    const [held] = await queryRows<{ due: boolean }>(
      t.db,
      sql`select start_after > now() + interval '50 minutes' as due from pgboss.job
          where name = 'notification-mail' and state = 'created' and data->>'userId' = ${cleo.id}`,
    );
    expect(held?.due).toBe(true);
    // An hour on: one mail gathers both.
    await t.db.execute(
      sql`update notification_mail_windows set last_sent_at = now() - interval '61 minutes'
          where user_id = ${cleo.id}`,
    );
    await t.runJobs({ ignoreStartAfter: true });
    const mails = sink.received.filter((m) => m.recipients.includes(cleo.email));
    expect(mails).toHaveLength(2);
    // The group holds Ben (mailed already), Ana and Dan.
    expect(mails[1]?.text).toContain("Dan Fourth and 2 others replied to your discussion");
  });

  it("follows the settings: off sends nothing, daily waits for the digest", async () => {
    const settings = await dan.client.put("/api/notifications/settings", {
      email: { reply_to_discussion: "daily", mention: "off" },
    });
    expect(((await settings.json()) as NotificationSettings).email).toMatchObject({
      reply_to_discussion: "daily",
      mention: "off",
      reply_to_reply: "immediately",
      followed_discussion: "off",
    });
    const discussion = await startDiscussion(dan, "Digest me");
    await reply(ben, discussion, "look");
    const other = await startDiscussion(ana, "Mention only");
    await reply(ben, other, `${mentionToken("Dan Fourth", dan.id)} here too`);
    await t.runJobs();
    expect(sink.received.filter((m) => m.recipients.includes(dan.email))).toEqual([]);
    await t.deps.jobs.send("notification-digest", {});
    await t.runJobs();
    const digests = sink.received.filter((m) => m.recipients.includes(dan.email));
    expect(digests).toHaveLength(1);
    expect(digests[0]?.headers.get("subject")).toBe("Your daily Rant Community digest: 1 update");
    expect(digests[0]?.text).toContain("Ben Replier replied to your discussion “Digest me”");
    await dan.client.put("/api/notifications/settings", {
      email: { reply_to_discussion: "immediately", mention: "immediately" },
    });
  });

  it("refuses settings it does not know", async () => {
    const answer = await ana.client.put("/api/notifications/settings", {
      email: { reply_to_discussion: "hourly" },
    });
    expect(answer.status).toBe(400);
  });

  it("mails verified addresses only", async () => {
    const discussion = await startDiscussion(ana, "Unverified");
    await t.db.execute(sql`update "user" set email_verified = false where id = ${ana.id}`);
    await reply(ben, discussion, "into the void");
    await t.runJobs({ ignoreStartAfter: true });
    expect(sink.received.filter((m) => m.recipients.includes(ana.email))).toEqual([]);
    await t.db.execute(sql`update "user" set email_verified = true where id = ${ana.id}`);
  });
});

/** A moderator hides (or deletes) a discussion or a reply from the queue. */
async function moderate(kind: "discussion" | "reply", id: string, action: "hide" | "delete") {
  const answer = await mod.client.post(`/api/moderation/items/${kind}/${id}/actions`, {
    action,
    reason: "Rude",
  });
  expect(answer.status).toBe(200);
}

/** Puts off `member`'s next mail about `discussionId` by an hour, as if one was just sent. */
async function holdMail(member: Member, discussionId: string) {
  await t.db.execute(
    sql`insert into notification_mail_windows (user_id, topic, last_sent_at)
        values (${member.id}, ${discussionId}, now())
        on conflict (user_id, topic) do update set last_sent_at = now()`,
  );
}

async function releaseMail(member: Member) {
  await t.db.execute(
    sql`update notification_mail_windows set last_sent_at = now() - interval '61 minutes'
        where user_id = ${member.id}`,
  );
  await t.runJobs({ ignoreStartAfter: true });
}

const mailsTo = (member: Member) =>
  sink.received.filter((m) => m.recipients.includes(member.email));

// Issue 32: notifications ask the visibility rule when written, mailed and listed (decision 052).
describe("hidden and deleted items", () => {
  it("writes nothing about a reply hidden before the fan-out: no entry, no mail", async () => {
    const discussion = await startDiscussion(ana, "Quiet thread");
    await readAllOf(ana, dan);
    const words = "Dan lives at flat 12b, phone 07700900123";
    const hidden = await reply(ben, discussion, `${mentionToken("Dan Fourth", dan.id)} ${words}`);
    await moderate("reply", hidden, "hide");
    await t.runJobs({ ignoreStartAfter: true });
    expect((await entries(dan)).filter((e) => e.discussion?.id === discussion)).toEqual([]);
    expect((await entries(ana)).filter((e) => e.discussion?.id === discussion)).toEqual([]);
    expect(mailsTo(dan)).toEqual([]);
    expect(JSON.stringify(sink.received)).not.toContain("07700900123");
  });

  it("writes nothing about a reply held for review or deleted when the fan-out runs", async () => {
    const discussion = await startDiscussion(ana, "Held thread");
    await readAllOf(ana);
    for (const state of [sql`held_at = now()`, sql`deleted_at = now()`]) {
      const replyId = await insertReplyRow(t.db, discussion, { authorId: ben.id });
      await t.db.execute(sql`update discussion_replies set ${state} where id = ${replyId}::uuid`);
      await t.deps.jobs.send(NOTIFICATION_EVENTS_QUEUE, { type: "reply-created", replyId });
    }
    await t.runJobs();
    expect((await entries(ana)).filter((e) => !e.read)).toEqual([]);
  });

  it("does not mail an entry whose reply was hidden before the mail went, nor show its words", async () => {
    const discussion = await startDiscussion(ana, "Mail held back");
    await readAllOf(dan);
    await holdMail(dan, discussion);
    const hidden = await reply(
      ben,
      discussion,
      `${mentionToken("Dan Fourth", dan.id)} 07700900123`,
    );
    const [entry] = (await entries(dan)).filter((e) => e.discussion?.id === discussion);
    expect(entry).toMatchObject({ kind: "mention", replyId: hidden, replyMasked: null });
    await moderate("reply", hidden, "hide");
    await releaseMail(dan);
    expect(mailsTo(dan)).toEqual([]);
    const [shown] = (await entries(dan)).filter((e) => e.discussion?.id === discussion);
    expect(shown).toMatchObject({ kind: "mention", replyMasked: HIDDEN_BY_MODERATOR });
    expect(JSON.stringify(shown)).not.toContain("07700900123");
  });

  it("leaves out of the digest what was hidden since, and sends none when nothing is left", async () => {
    await readAllOf(dan);
    await dan.client.put("/api/notifications/settings", { email: { mention: "daily" } });
    const first = await startDiscussion(ana, "Digest kept");
    const second = await startDiscussion(ana, "Digest hidden");
    await reply(ben, first, `${mentionToken("Dan Fourth", dan.id)} shown words`);
    const hidden = await reply(cleo, second, `${mentionToken("Dan Fourth", dan.id)} 07700900123`);
    await t.runJobs();
    await moderate("reply", hidden, "hide");
    await t.deps.jobs.send("notification-digest", {});
    await t.runJobs();
    const [digest, ...more] = mailsTo(dan);
    expect(more).toEqual([]);
    expect(digest?.headers.get("subject")).toBe("Your daily Rant Community digest: 1 update");
    expect(digest?.text).toContain("Ben Replier mentioned you in “Digest kept”");
    expect(digest?.text).not.toContain("Digest hidden");

    sink.received.length = 0;
    const third = await startDiscussion(ana, "Digest all hidden");
    const alone = await reply(ben, third, `${mentionToken("Dan Fourth", dan.id)} 07700900123`);
    await t.runJobs();
    await moderate("reply", alone, "hide");
    await t.deps.jobs.send("notification-digest", {});
    await t.runJobs();
    expect(mailsTo(dan)).toEqual([]);
    await dan.client.put("/api/notifications/settings", { email: { mention: "immediately" } });
  });

  it("masks a discussion hidden after the entry: followers read the mask, its author and moderators the title", async () => {
    const discussion = await startDiscussion(ana, "Flat 12b is awful");
    await reply(cleo, discussion, "I follow");
    await reply(mod, discussion, "So do I");
    await readAllOf(ana, cleo, mod);
    await reply(ben, discussion, "Hello followers");
    await t.runJobs();
    await moderate("discussion", discussion, "hide");
    const [follower] = (await entries(cleo)).filter((e) => e.discussion?.id === discussion);
    expect(follower).toMatchObject({
      kind: "followed_discussion",
      discussion: { id: discussion, title: HIDDEN_BY_MODERATOR },
    });
    expect(JSON.stringify(await entries(cleo))).not.toContain("Flat 12b");
    // Listed, so counted: the bell's count and the list agree.
    expect(await unread(cleo)).toBe(1);
    for (const reader of [ana, mod]) {
      const [own] = (await entries(reader)).filter((e) => e.discussion?.id === discussion);
      expect(own?.discussion?.title).toBe("Flat 12b is awful");
    }
  });

  it("writes no entry about a hidden discussion for a member who may not read it", async () => {
    const discussion = await startDiscussion(ana, "Hidden before");
    await reply(cleo, discussion, "I follow");
    await reply(mod, discussion, "So do I");
    await moderate("discussion", discussion, "hide");
    await t.runJobs();
    await readAllOf(ana, cleo, mod);
    await reply(ben, discussion, "After the hide");
    expect((await entries(cleo)).filter((e) => !e.read)).toEqual([]);
    expect(await unread(cleo)).toBe(0);
    // Its author and a moderator still hear of it, with the title.
    for (const reader of [ana, mod]) {
      const fresh = (await entries(reader)).filter((e) => !e.read);
      expect(fresh.map((e) => e.discussion?.title)).toEqual(["Hidden before"]);
    }
  });

  it("says 'This reply was deleted.' for a reply deleted after the entry, with no permalink", async () => {
    const discussion = await startDiscussion(ana, "Deleted later");
    await readAllOf(ana);
    const gone = await reply(ben, discussion, "Regrettable words");
    const [before] = (await entries(ana)).filter((e) => e.discussion?.id === discussion);
    expect(before).toMatchObject({ replyId: gone, replyMasked: null });
    expect((await ben.client.delete(`/api/replies/${gone}`)).status).toBe(204);
    const [after] = (await entries(ana)).filter((e) => e.discussion?.id === discussion);
    expect(after).toMatchObject({
      kind: "reply_to_discussion",
      replyId: null,
      replyMasked: DELETED_REPLY,
      discussion: { id: discussion, title: "Deleted later" },
    });
  });
});

describe("unsubscribe without a session", () => {
  it("turns the mail's kinds off with the one-click POST, and refuses a forged token", async () => {
    const discussion = await startDiscussion(ben, "Unsubscribe me");
    await reply(cleo, discussion, "hello");
    await t.runJobs({ ignoreStartAfter: true });
    const mail = sink.received.find((m) => m.recipients.includes(ben.email));
    const url = mail?.headers.get("list-unsubscribe")?.slice(1, -1) ?? "";
    const token = new URL(url).searchParams.get("token") ?? "";
    // A mail provider's POST (RFC 8058): no cookie, no Origin, a form body.
    const oneClick = await t.app.request(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    const settings = (await (
      await ben.client.get("/api/notifications/settings")
    ).json()) as NotificationSettings;
    expect(settings.email.reply_to_discussion).toBe("off");
    // Forged: another member's id with Ben's signature, or a changed kind list.
    const [payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify([ana.id, ["reply_to_discussion"]])).toString(
      "base64url",
    );
    for (const bad of [
      `${forged}.${signature}`,
      // One character changed (a signature that starts with x once made this the real one).
      `${payload}.${signature?.startsWith("x") ? "y" : "x"}${signature?.slice(1)}`,
      "nonsense",
      "",
    ]) {
      const answer = await t.app.request(
        `http://localhost:3000/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`,
        { method: "POST" },
      );
      expect(answer.status).toBe(400);
    }
    const anaSettings = (await (
      await ana.client.get("/api/notifications/settings")
    ).json()) as NotificationSettings;
    expect(anaSettings.email.reply_to_discussion).toBe("immediately");
    await ben.client.put("/api/notifications/settings", {
      email: { reply_to_discussion: "immediately" },
    });
  });
});

describe("keeping entries", () => {
  it("the daily sweep removes read entries after 90 days and any after a year", async () => {
    const rita = await createMember(t, { name: "Rita Retention" });
    // Each row: its label, days since its last activity, and whether it was read.
    const rows: Array<[string, number, boolean]> = [
      ["read, 89 days", 89, true],
      ["read, 91 days", 91, false],
      ["unread, 200 days", 200, false],
      ["unread, 364 days", 364, false],
      ["unread, 366 days", 366, false],
      ["read, 400 days", 400, true],
    ];
    // "read, 91 days" is read now, below, through the API: read in the app, then swept.
    for (const [label, days, read] of rows) {
      await t.db.execute(
        sql`insert into notifications (user_id, kind, actor_id, data, updated_at, created_at, read_at)
            values (${rita.id}, 'role_changed', ${ana.id}, ${JSON.stringify({ role: label })}::jsonb,
              now() - make_interval(days => ${days}), now() - make_interval(days => ${days}),
              ${read ? sql`now() - make_interval(days => ${days})` : sql`null`})`,
      );
    }
    // More than one batch of old read entries: the sweep goes on until none is left.
    await t.db.execute(
      sql`insert into notifications (user_id, kind, data, updated_at, read_at)
          select ${rita.id}, 'role_changed', '{"role":"bulk"}'::jsonb,
            now() - interval '120 days', now() - interval '100 days'
          from generate_series(1, ${SWEEP_BATCH + 5})`,
    );
    await t.db.execute(
      sql`insert into notification_actors (notification_id, actor_id)
          select id, ${ana.id} from notifications where user_id = ${rita.id}`,
    );
    const listed = await entries(rita);
    const ninetyOne = listed.find((entry) => entry.detail === "read, 91 days");
    expect((await rita.client.post(`/api/notifications/${ninetyOne?.id}/read`)).status).toBe(204);

    // Through the queue, as the cron's job runs it.
    await t.deps.jobs.send(NOTIFICATION_SWEEP_QUEUE, {});
    await t.runJobs();

    const kept = (await entries(rita)).map((entry) => entry.detail).sort();
    expect(kept).toEqual(["read, 89 days", "unread, 200 days", "unread, 364 days"]);
    expect(await unread(rita)).toBe(2);
    const [actors] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from notification_actors a
          join notifications n on n.id = a.notification_id where n.user_id = ${rita.id}`,
    );
    const [orphans] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from notification_actors a
          where not exists (select 1 from notifications n where n.id = a.notification_id)`,
    );
    expect({ actors: actors?.n, orphans: orphans?.n }).toEqual({ actors: 3, orphans: 0 });
  });
});
