// Issue 47's complaints procedure through the API (docs/decisions/081): a complaint is stored
// with a due date from the data requests' clock and acknowledged by mail; the admins' list puts
// overdue ones first; resolving mails the outcome; limits per address and network; the same
// answer whatever the link points at; a member's own decision points to the appeal.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember, uniqueEmail } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody } from "@/shared/api-types";
import {
  COMPLAINT_APPEAL_HINT,
  COMPLAINT_RESPONSE_DAYS,
  COMPLAINT_THANKS,
  type ComplaintItem,
  type ComplaintsList,
} from "@/shared/complaints";
import { HONEYPOT_FIELD } from "@/shared/spam";
import { COMPLAINT_LIMITS } from "./routes";

type Member = Awaited<ReturnType<typeof createMember>>;

let t: TestApp;
let ana: Member; // a member
let ada: Member; // admin
let mo: Member; // moderator

beforeAll(async () => {
  t = await createTestApp();
  [ana, ada, mo] = await Promise.all([
    createMember(t, { name: "Ana Member" }),
    createMember(t, { name: "Ada Admin", role: "admin" }),
    createMember(t, { name: "Mo Moderator", role: "moderator" }),
  ]);
});
afterAll(async () => {
  await t.close();
});

let clientCounter = 0;
/** A visitor on a network of its own, so the per-network limit does not answer. */
const visitor = () => {
  clientCounter += 1;
  return createClient(t.app, `10.${81 + Math.floor(clientCounter / 250)}.${clientCounter % 250}.1`);
};

const ROUTE = "/api/complaints";

function complaint(overrides: Record<string, unknown> = {}) {
  return {
    kind: "content",
    email: uniqueEmail("complainant"),
    link: "https://example.com/discussions/1",
    message: "The post names my neighbour and says where she lives.",
    ...overrides,
  };
}

const storedOf = (email: string) =>
  queryRows<{ kind: string; user_id: string | null; status: string; days: number }>(
    t.db,
    sql`select kind, user_id, status,
          round(extract(epoch from due_at - received_at) / 86400)::int as days
        from complaints where email = ${email}`,
  );

async function list(): Promise<ComplaintsList> {
  const response = await ada.client.get(ROUTE);
  expect(response.status).toBe(200);
  return (await response.json()) as ComplaintsList;
}

describe("POST /api/complaints", () => {
  it("stores a visitor's complaint with a due date from the clock and mails an acknowledgement", async () => {
    const response = await visitor().post(
      ROUTE,
      complaint({ email: "Some.One@Example.com", kind: "duties" }),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: COMPLAINT_THANKS });
    expect(await storedOf("some.one@example.com")).toEqual([
      { kind: "duties", user_id: null, status: "pending", days: COMPLAINT_RESPONSE_DAYS },
    ]);
    const mail = await t.mailbox.latest("some.one@example.com");
    expect(mail).toContain("We received your complaint about how the site meets its online");
    // Never the complainant's own words: the address may be someone else's.
    expect(mail).not.toContain("neighbour");
  });

  it("asks a visitor for an address, and takes a member's from the account", async () => {
    const refused = await visitor().post(ROUTE, complaint({ email: "" }));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ApiErrorBody).error.fields?.email).toBe("Email is required");

    const response = await ana.client.post(ROUTE, complaint({ email: "" }));
    expect(response.status).toBe(201);
    expect(await storedOf(ana.email)).toEqual([
      { kind: "content", user_id: ana.id, status: "pending", days: COMPLAINT_RESPONSE_DAYS },
    ]);
  });

  it("answers and mails the same whatever the link points at: shown, hidden, deleted or missing", async () => {
    const shown = await insertDiscussionRow(t.db, { authorId: ana.id });
    const hidden = await insertDiscussionRow(t.db, { authorId: ana.id });
    await t.db.execute(sql`update discussions set hidden_at = now() where id = ${hidden}::uuid`);
    const deleted = await insertDiscussionRow(t.db, { authorId: ana.id });
    await t.db.execute(sql`update discussions set deleted_at = now() where id = ${deleted}::uuid`);
    const answers = new Set<string>();
    const mails = new Set<string>();
    for (const id of [shown, hidden, deleted, "00000000-0000-4000-8000-000000000000"]) {
      const email = uniqueEmail("same");
      const response = await visitor().post(
        ROUTE,
        complaint({ email, link: `${t.env.siteUrl}/discussions/${id}` }),
      );
      expect(response.status).toBe(201);
      answers.add(await response.text());
      // The message from its greeting on (the headers carry the date and the address).
      const mail = (await t.mailbox.latest(email)) ?? "none";
      mails.add(mail.slice(mail.indexOf("Hello,")));
    }
    expect(answers.size).toBe(1);
    expect(mails.size).toBe(1);
  });

  it("points a member to the appeal when a decision of their own may still be appealed", async () => {
    const member = await createMember(t, { name: "Hidden Author" });
    const before = await member.client.post(ROUTE, complaint({ kind: "moderation_decision" }));
    expect(await before.json()).toEqual({ message: COMPLAINT_THANKS });
    await t.db.execute(
      sql`insert into moderation_actions (actor_id, action, target_kind, target_id, subject_id, reason)
          values (${mo.id}, 'hide', 'discussion', 'x', ${member.id}, 'Spam')`,
    );
    const after = await member.client.post(ROUTE, complaint({ kind: "moderation_decision" }));
    expect(after.status).toBe(201);
    expect(await after.json()).toEqual({
      message: COMPLAINT_THANKS,
      appeal: COMPLAINT_APPEAL_HINT,
    });
    // A visitor's answer never varies.
    const fromVisitor = await visitor().post(ROUTE, complaint({ kind: "moderation_decision" }));
    expect(await fromVisitor.json()).toEqual({ message: COMPLAINT_THANKS });
  });

  it("holds a complaint that trips the spam defences, with the same answer, until released", async () => {
    const email = uniqueEmail("held");
    const response = await visitor().post(ROUTE, {
      ...complaint({ email }),
      [HONEYPOT_FIELD]: "https://spam.example",
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: COMPLAINT_THANKS });
    expect(await storedOf(email)).toEqual([]);
    expect(await t.mailbox.latest(email)).toBeNull();
    const [held] = await queryRows<{ id: string; kind: string }>(
      t.db,
      sql`select id, kind from held_submissions where payload->>'email' = ${email}`,
    );
    expect(held?.kind).toBe("complaint");
    const released = await mo.client.post(`/api/moderation/held/${held?.id}/release`, {
      reason: "A real person",
    });
    expect(released.status).toBe(200);
    await t.runJobs();
    expect(await storedOf(email)).toHaveLength(1);
    expect(await t.mailbox.latest(email)).toContain("We received your complaint");
  });

  it("limits the complaints from one address", async () => {
    const email = uniqueEmail("busy");
    for (let n = 0; n < COMPLAINT_LIMITS.perEmail.max; n += 1) {
      expect((await visitor().post(ROUTE, complaint({ email }))).status).toBe(201);
    }
    expect((await visitor().post(ROUTE, complaint({ email }))).status).toBe(429);
  });

  it("limits the complaints from one IPv6 /64, whichever address in it sends them", async () => {
    for (let n = 0; n < COMPLAINT_LIMITS.perNetwork.max; n += 1) {
      const client = createClient(t.app, `2001:db8:81:1::${(n + 1).toString(16)}`);
      expect((await client.post(ROUTE, complaint())).status).toBe(201);
    }
    const sameNetwork = createClient(t.app, "2001:db8:81:1:ffff::9");
    expect((await sameNetwork.post(ROUTE, complaint())).status).toBe(429);
    const otherNetwork = createClient(t.app, "2001:db8:81:2::1");
    expect((await otherNetwork.post(ROUTE, complaint())).status).toBe(201);
  });
});

describe("the admins' complaints list", () => {
  it("shows the due date and puts overdue complaints first, then by due date", async () => {
    const early = uniqueEmail("early");
    const late = uniqueEmail("late");
    const overdue = uniqueEmail("overdue");
    for (const email of [early, late, overdue]) {
      await visitor().post(ROUTE, complaint({ email }));
    }
    // Received 40 days ago (past the 30 days), and 10 days ago.
    await t.db.execute(
      sql`update complaints set received_at = now() - interval '40 days',
            due_at = now() - interval '10 days' where email = ${overdue}`,
    );
    await t.db.execute(
      sql`update complaints set received_at = now() - interval '10 days',
            due_at = now() + interval '20 days' where email = ${early}`,
    );
    const { complaints } = await list();
    const mine = complaints.filter((item) => [early, late, overdue].includes(item.email ?? ""));
    expect(mine.map((item) => item.email)).toEqual([overdue, early, late]);
    expect(mine[0]).toMatchObject({ overdue: true, daysLeft: -10, status: "pending" });
    expect(mine[1]).toMatchObject({ overdue: false, daysLeft: 20 });
    // Every overdue complaint comes before every other.
    const firstOnTime = complaints.findIndex((item) => !item.overdue);
    expect(complaints.slice(firstOnTime).some((item) => item.overdue)).toBe(false);
  });

  it("assigns an admin, moves the status forward and mails the outcome without naming who decided", async () => {
    const email = uniqueEmail("outcome");
    await visitor().post(ROUTE, complaint({ email }));
    const item = (await list()).complaints.find((entry) => entry.email === email);
    const path = `${ROUTE}/${item?.id}`;

    expect((await ada.client.patch(path, { ownerId: mo.id })).status).toBe(400);
    const owned = await ada.client.patch(path, { ownerId: ada.id, status: "in_progress" });
    expect(owned.status).toBe(200);
    expect(await owned.json()).toMatchObject({
      owner: { id: ada.id, name: "Ada Admin" },
      status: "in_progress",
    });
    // Resolving needs the outcome that is mailed.
    expect((await ada.client.patch(path, { status: "completed" })).status).toBe(400);
    const resolved = await ada.client.patch(path, {
      status: "completed",
      outcome: "We removed the post and warned its author.",
    });
    expect(resolved.status).toBe(200);
    const body = (await resolved.json()) as ComplaintItem;
    expect(body).toMatchObject({ status: "completed", overdue: false });
    expect(body.resolvedAt).not.toBeNull();
    const mail = await t.mailbox.latest(email);
    expect(mail).toContain("The outcome of your complaint");
    expect(mail).toContain("We removed the post and warned its author.");
    expect(mail).not.toContain("Ada");
    // Only forward: a resolved complaint does not go back.
    expect((await ada.client.patch(path, { status: "in_progress" })).status).toBe(409);
  });

  it("is for admins only, as the inbox is", async () => {
    expect((await visitor().get(ROUTE)).status).toBe(401);
    expect((await ana.client.get(ROUTE)).status).toBe(403);
    expect((await mo.client.get(ROUTE)).status).toBe(403);
    const id = (await list()).complaints[0]?.id;
    expect((await mo.client.patch(`${ROUTE}/${id}`, { status: "in_progress" })).status).toBe(403);
  });
});
