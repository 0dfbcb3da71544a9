// Issue 47 through the API: reporting illegal content, for anyone (docs/decisions/079). A
// visitor's report reaches the queue at once and the reporter's mailbox; the same answer for
// any post state; limits per post, address and network; confirmed and illegal reports first;
// the mail never echoes the reporter's words nor names the moderator.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember, uniqueEmail } from "@/server/test/factories";
import { insertReplyRow } from "@/server/test/replies";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody } from "@/shared/api-types";
import {
  HARM_KIND_REQUIRED,
  type ModerationQueue,
  VISITOR_REPORT_THANKS,
} from "@/shared/moderation";
import { HONEYPOT_FIELD } from "@/shared/spam";
import { VISITOR_REPORT_LIMITS } from "./visitor-reports";

type Member = Awaited<ReturnType<typeof createMember>>;

let t: TestApp;
let ana: Member; // writes the posts
let mo: Member; // moderator

beforeAll(async () => {
  t = await createTestApp();
  [ana, mo] = await Promise.all([
    createMember(t, { name: "Ana Writer" }),
    createMember(t, { name: "Mo Moderator", role: "moderator" }),
  ]);
});
afterAll(async () => {
  await t.close();
});

let clientCounter = 0;
/** A visitor on a network (an IPv4 /24) of its own, so the per-network limit does not answer. */
const visitor = () => {
  clientCounter += 1;
  return createClient(t.app, `10.${47 + Math.floor(clientCounter / 250)}.${clientCounter % 250}.1`);
};

const ROUTE = "/api/moderation/visitor-reports";

const post = (ageMinutes?: number) =>
  insertDiscussionRow(t.db, { authorId: ana.id, ...(ageMinutes ? { ageMinutes } : {}) });

function report(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail("reporter"),
    targetKind: "discussion",
    reason: "illegal",
    harmKind: "fraud",
    details: "It asks for bank details to claim a prize.",
    ...overrides,
  };
}

const reportsOf = (targetId: string) =>
  queryRows<{
    reporter_id: string | null;
    reporter_email: string | null;
    reason: string;
    harm_kind: string | null;
    email_confirmed_at: string | null;
  }>(
    t.db,
    sql`select reporter_id, reporter_email, reason, harm_kind, email_confirmed_at
        from reports where target_id = ${targetId}`,
  );

async function queue(): Promise<ModerationQueue> {
  const response = await mo.client.get("/api/moderation/queue");
  expect(response.status).toBe(200);
  return (await response.json()) as ModerationQueue;
}

/** The queue's order of the given items. */
async function queueOrder(ids: string[]): Promise<string[]> {
  return (await queue()).items.map((item) => item.targetId).filter((id) => ids.includes(id));
}

describe("POST /api/moderation/visitor-reports", () => {
  it("puts a visitor's illegal-content report in the queue at once and mails an acknowledgement", async () => {
    const discussionId = await post();
    const body = report({ targetId: discussionId, email: "Visitor.Report@Example.com" });
    const response = await visitor().post(ROUTE, body);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: VISITOR_REPORT_THANKS });

    expect(await reportsOf(discussionId)).toEqual([
      {
        reporter_id: null,
        reporter_email: "visitor.report@example.com",
        reason: "illegal",
        harm_kind: "fraud",
        email_confirmed_at: null,
      },
    ]);
    const item = (await queue()).items.find((entry) => entry.targetId === discussionId);
    expect(item).toMatchObject({
      targetKind: "discussion",
      reportCount: 1,
      reasons: { illegal: 1 },
      harmKinds: ["fraud"],
      unconfirmedCount: 1,
    });
    expect(Date.parse(item?.firstReportedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);

    const mail = await t.mailbox.latest("visitor.report@example.com");
    expect(mail).toContain("We received your report of a discussion");
    expect(mail).toContain("Illegal content: Fraud and financial offences");
    expect(mail).toContain("/report/confirm?token=");
    // Never the reporter's own words: the address may be someone else's.
    expect(mail).not.toContain("bank details");
  });

  it("asks for the kind of illegal content, and drops a kind given with another reason", async () => {
    const discussionId = await post();
    const refused = await visitor().post(
      ROUTE,
      report({ targetId: discussionId, harmKind: undefined }),
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ApiErrorBody).error.fields).toEqual({
      harmKind: HARM_KIND_REQUIRED,
    });
    const notAKind = await visitor().post(
      ROUTE,
      report({ targetId: discussionId, harmKind: "rude" }),
    );
    expect(notAKind.status).toBe(400);
    expect(await reportsOf(discussionId)).toEqual([]);

    const spam = await visitor().post(ROUTE, report({ targetId: discussionId, reason: "spam" }));
    expect(spam.status).toBe(201);
    expect(await reportsOf(discussionId)).toMatchObject([{ reason: "spam", harm_kind: null }]);
  });

  it("a member's report of illegal content names its kind too", async () => {
    const discussionId = await post();
    const member = await createMember(t);
    const path = "/api/moderation/reports";
    const target = { targetKind: "discussion", targetId: discussionId, reason: "illegal" };
    const refused = await member.client.post(path, target);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ApiErrorBody).error.fields).toEqual({
      harmKind: HARM_KIND_REQUIRED,
    });
    expect((await member.client.post(path, { ...target, harmKind: "hate" })).status).toBe(201);
    expect(await reportsOf(discussionId)).toMatchObject([
      { reporter_id: member.id, harm_kind: "hate" },
    ]);
  });

  it("answers the same for a missing, hidden or deleted post, and queues nothing for a missing one", async () => {
    const shown = await post();
    const hidden = await post();
    await t.db.execute(sql`update discussions set hidden_at = now() where id = ${hidden}::uuid`);
    const deleted = await post();
    await t.db.execute(
      sql`update discussions set status = 'deleted', deleted_at = now() where id = ${deleted}::uuid`,
    );
    const deletedReply = await insertReplyRow(t.db, shown, { authorId: ana.id });
    await t.db.execute(
      sql`update discussion_replies set deleted_at = now() where id = ${deletedReply}::uuid`,
    );
    const missing = randomUUID();
    const cases = [
      { targetKind: "discussion", targetId: shown },
      { targetKind: "discussion", targetId: hidden },
      { targetKind: "discussion", targetId: deleted },
      { targetKind: "reply", targetId: deletedReply },
      { targetKind: "discussion", targetId: missing },
      { targetKind: "reply", targetId: missing },
      { targetKind: "discussion", targetId: "not-a-post" },
    ];
    const answers = [];
    for (const target of cases) {
      const response = await visitor().post(ROUTE, report(target));
      answers.push({ status: response.status, body: await response.json() });
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toEqual({ status: 201, body: { message: VISITOR_REPORT_THANKS } });

    for (const id of [shown, hidden, deleted, deletedReply]) {
      expect(await reportsOf(id)).toHaveLength(1);
    }
    expect(await reportsOf(missing)).toEqual([]);
    expect(await reportsOf("not-a-post")).toEqual([]);
  });

  it("holds a report that trips the spam defences, with the same answer", async () => {
    const discussionId = await post();
    const email = uniqueEmail("held");
    const response = await visitor().post(ROUTE, {
      ...report({ targetId: discussionId, email }),
      [HONEYPOT_FIELD]: "https://spam.example",
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: VISITOR_REPORT_THANKS });
    expect(await reportsOf(discussionId)).toEqual([]);
    const held = await queryRows<{ kind: string; reason: string }>(
      t.db,
      sql`select kind, reason from held_submissions where payload->>'email' = ${email}`,
    );
    expect(held).toEqual([{ kind: "report", reason: "honeypot" }]);
    expect(await t.mailbox.latest(email)).toBeNull();

    // Released by a moderator: queued, and acknowledged, as if just sent.
    const item = (await queue()).held.find((entry) => entry.fields.email === email);
    const released = await mo.client.post(`/api/moderation/held/${item?.id}/release`, {
      reason: "A real person",
    });
    expect(released.status).toBe(200);
    await t.runJobs();
    expect(await reportsOf(discussionId)).toMatchObject([
      { reporter_email: email, reason: "illegal", harm_kind: "fraud" },
    ]);
    expect(await t.mailbox.latest(email)).toContain("We received your report");
  });

  it("limits the reports of one post", async () => {
    const discussionId = await post();
    const { max } = VISITOR_REPORT_LIMITS.perItem;
    for (let n = 0; n < max; n += 1) {
      expect((await visitor().post(ROUTE, report({ targetId: discussionId }))).status).toBe(201);
    }
    const over = await visitor().post(ROUTE, report({ targetId: discussionId }));
    expect(over.status).toBe(429);
    expect(await reportsOf(discussionId)).toHaveLength(max);
  });

  it("limits the reports from one address", async () => {
    const email = uniqueEmail("busy");
    const { max } = VISITOR_REPORT_LIMITS.perEmail;
    for (let n = 0; n < max; n += 1) {
      const response = await visitor().post(ROUTE, report({ targetId: await post(), email }));
      expect(response.status).toBe(201);
    }
    const over = await visitor().post(ROUTE, report({ targetId: await post(), email }));
    expect(over.status).toBe(429);
  });

  it("limits the reports from one IPv6 /64, whichever address in it sends them", async () => {
    const { max } = VISITOR_REPORT_LIMITS.perNetwork;
    for (let n = 0; n < max; n += 1) {
      const client = createClient(t.app, `2001:db8:47:1::${(n + 1).toString(16)}`);
      expect((await client.post(ROUTE, report({ targetId: await post() }))).status).toBe(201);
    }
    const sameNetwork = createClient(t.app, "2001:db8:47:1:ffff::9");
    expect((await sameNetwork.post(ROUTE, report({ targetId: await post() }))).status).toBe(429);
    const otherNetwork = createClient(t.app, "2001:db8:47:2::1");
    expect((await otherNetwork.post(ROUTE, report({ targetId: await post() }))).status).toBe(201);
  });
});

describe("the queue's order", () => {
  it("puts illegal content first, and confirmed reports above unconfirmed ones", async () => {
    // Oldest first: a spam report by a visitor, another, then an illegal one.
    const older = await post();
    const newer = await post();
    const illegal = await post();
    const newerEmail = uniqueEmail("confirms");
    await visitor().post(ROUTE, report({ targetId: older, reason: "spam" }));
    await visitor().post(ROUTE, report({ targetId: newer, reason: "spam", email: newerEmail }));
    await visitor().post(ROUTE, report({ targetId: illegal }));
    expect(await queueOrder([older, newer, illegal])).toEqual([illegal, older, newer]);

    // The newer one's reporter opens the mailed link: confirmed, it goes above the older one.
    const link = await t.mailbox.latestLink(newerEmail);
    const token = new URL(link ?? "").searchParams.get("token");
    const confirmed = await visitor().post(`${ROUTE}/confirm`, { token });
    expect(confirmed.status).toBe(200);
    expect(await reportsOf(newer)).toMatchObject([{ email_confirmed_at: expect.any(String) }]);
    expect(await queueOrder([older, newer, illegal])).toEqual([illegal, newer, older]);
    const item = (await queue()).items.find((entry) => entry.targetId === newer);
    expect(item?.unconfirmedCount).toBe(0);
  });

  it("refuses a link this server did not make", async () => {
    const response = await visitor().post(`${ROUTE}/confirm`, { token: "made.up" });
    expect(response.status).toBe(400);
  });
});

describe("the outcome", () => {
  it("mails the visitor what was done, without naming who decided or echoing their words", async () => {
    const discussionId = await post();
    const email = uniqueEmail("outcome");
    await visitor().post(ROUTE, report({ targetId: discussionId, email }));
    const acted = await mo.client.post(`/api/moderation/items/discussion/${discussionId}/actions`, {
      action: "hide",
      reason: "Fraudulent prize offer",
    });
    expect(acted.status).toBe(200);
    const mail = await t.mailbox.latest(email);
    expect(mail).toContain("The outcome of your report");
    expect(mail).toContain("hid it from the site");
    expect(mail).not.toContain("Mo Moderator");
    expect(mail).not.toContain(mo.email);
    expect(mail).not.toContain("bank details");
  });
});

// Last in the file: it fills the site's hour.
describe("the whole site's limit", () => {
  it("refuses every visitor's report once the site has had its hour's reports, and stores none", async () => {
    const { name, max } = VISITOR_REPORT_LIMITS.site;
    // One report left in the site's hour, whatever the earlier tests sent.
    await t.db.execute(
      sql`insert into rate_limit_hits (key, count, window_started_at)
          values (${`${name}|site`}, ${max - 1}, now())
          on conflict (key) do update set count = ${max - 1}, window_started_at = now()`,
    );
    expect((await visitor().post(ROUTE, report({ targetId: await post() }))).status).toBe(201);
    const discussionId = await post();
    const refused = await visitor().post(ROUTE, report({ targetId: discussionId }));
    expect(refused.status).toBe(429);
    expect(await reportsOf(discussionId)).toEqual([]);
  });
});
