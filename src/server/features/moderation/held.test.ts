// The spam defences of the public forms (docs/decisions/034): a honeypot and a minimum fill
// time on sign-up, contact, newsletter and data request. A submission that trips them gets the
// answer any other gets, is held in the queue (never dropped), and takes effect when a
// moderator releases it; a data request is always stored, flagged.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { formTokenIssuedAt, issueFormToken } from "@/server/domain/spam/form-token";
import { createMember, uniqueEmail } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody, ReceivedResponse } from "@/shared/api-types";
import type { ModerationQueue } from "@/shared/moderation";
import type { FormTokenResponse } from "@/shared/spam";

type Member = Awaited<ReturnType<typeof createMember>>;

// The honeypot holds whatever the minimum fill time is: this app checks no time (0 s).
let t: TestApp;
// This one asks 3 seconds between showing a form and sending it.
let timed: TestApp;
let mo: Member;
let ben: Member;

beforeAll(async () => {
  [t, timed] = await Promise.all([
    createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "100" } }),
    createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "100", SPAM_MIN_FILL_SECONDS: "3" } }),
  ]);
  [mo, ben] = await Promise.all([
    createMember(t, { name: "Mo Moderator", role: "moderator" }),
    createMember(t, { name: "Ben Member" }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), timed?.close()]);
});

let ipCounter = 0;
const visitor = (app: TestApp = t) => createClient(app.app, `10.44.0.${++ipCounter}`);

const contact = (email = uniqueEmail("contact")) => ({
  name: "Sam Sender",
  email,
  subject: "Cheap pills",
  message: "Buy now",
});

async function held(app: TestApp = t) {
  return queryRows<{ id: string; kind: string; reason: string; payload: Record<string, unknown> }>(
    app.db,
    sql`select id, kind, reason, payload from held_submissions order by created_at`,
  );
}

async function contactCount(app: TestApp, email: string) {
  const [row] = await queryRows<{ n: number }>(
    app.db,
    sql`select count(*)::int as n from contact_messages where email = ${email}`,
  );
  return row?.n ?? 0;
}

async function heldFor(email: string, app: TestApp = t) {
  return (await held(app)).find((row) => row.payload.email === email);
}

async function queue(member: Member): Promise<ModerationQueue> {
  const response = await member.client.get("/api/moderation/queue");
  expect(response.status).toBe(200);
  return (await response.json()) as ModerationQueue;
}

async function logRows(targetId: string) {
  return queryRows<{ actor_id: string; action: string; reason: string }>(
    t.db,
    sql`select actor_id, action, reason from moderation_actions where target_id = ${targetId}`,
  );
}

describe("the minimum fill time", () => {
  it("GET /api/forms/token hands out a signed time, never cached", async () => {
    const response = await visitor(timed).get("/api/forms/token");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { token } = (await response.json()) as FormTokenResponse;
    const issuedAt = formTokenIssuedAt(timed.deps.secret, token);
    expect(Math.abs((issuedAt ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it("holds a form sent sooner than the minimum after it was shown, with the same answer", async () => {
    const { token } = (await (
      await visitor(timed).get("/api/forms/token")
    ).json()) as FormTokenResponse;
    const fast = contact();
    const early = await visitor(timed).post("/api/contact", { ...fast, formToken: token });
    expect(early.status).toBe(201);
    expect(Object.keys((await early.json()) as ReceivedResponse)).toEqual(["id"]);
    expect(await contactCount(timed, fast.email)).toBe(0);
    expect((await heldFor(fast.email, timed))?.reason).toBe("too_fast");

    // Shown four seconds ago (a token the server signed then): it goes through.
    const patient = contact();
    const fourSecondsAgo = issueFormToken(timed.deps.secret, Date.now() - 4000);
    const later = await visitor(timed).post("/api/contact", {
      ...patient,
      formToken: fourSecondsAgo,
    });
    expect(later.status).toBe(201);
    expect(await contactCount(timed, patient.email)).toBe(1);
    expect(await heldFor(patient.email, timed)).toBeUndefined();
  });

  it("holds a form sent without a token, with a forged one, or with one a day old", async () => {
    const cases = [
      ["no_token", undefined],
      ["bad_token", `${Date.now() - 60_000}.forged`],
      ["bad_token", issueFormToken("another-secret-another-secret-another", Date.now() - 60_000)],
      ["bad_token", issueFormToken(timed.deps.secret, Date.now() - 25 * 3600 * 1000)],
    ] as const;
    for (const [reason, formToken] of cases) {
      const body = contact();
      const response = await visitor(timed).post("/api/contact", { ...body, formToken });
      expect(response.status).toBe(201);
      expect(await contactCount(timed, body.email)).toBe(0);
      expect((await heldFor(body.email, timed))?.reason).toBe(reason);
    }
  });

  it("a token that is not text is held, not refused", async () => {
    const body = contact();
    const response = await visitor(timed).post("/api/contact", { ...body, formToken: 12 });
    expect(response.status).toBe(201);
    expect((await heldFor(body.email, timed))?.reason).toBe("no_token");
  });
});

describe("the honeypot", () => {
  it("holds a contact message (same answer), shows it in the queue, and releasing it reaches the Inbox", async () => {
    const body = contact();
    const response = await visitor().post("/api/contact", {
      ...body,
      website: "http://spam.example",
    });
    expect(response.status).toBe(201);
    expect(Object.keys((await response.json()) as ReceivedResponse)).toEqual(["id"]);
    expect(await contactCount(t, body.email)).toBe(0);

    const item = (await queue(mo)).held.find((entry) => entry.fields.email === body.email);
    expect(item).toMatchObject({
      kind: "contact",
      reason: "honeypot",
      fields: { name: "Sam Sender", subject: "Cheap pills", message: "Buy now" },
    });
    if (!item) throw new Error("not in the queue");

    // Members cannot see or decide held submissions.
    expect((await ben.client.get("/api/moderation/queue")).status).toBe(403);
    expect(
      (await ben.client.post(`/api/moderation/held/${item.id}/release`, { reason: "ok" })).status,
    ).toBe(403);

    const released = await mo.client.post(`/api/moderation/held/${item.id}/release`, {
      reason: "A real person",
    });
    expect(released.status).toBe(200);
    await t.runJobs();
    expect(await contactCount(t, body.email)).toBe(1);
    expect(await logRows(item.id)).toEqual([
      { actor_id: mo.id, action: "release", reason: "A real person" },
    ]);
    // Decided once: it is gone from the queue.
    expect((await queue(mo)).held.some((entry) => entry.id === item.id)).toBe(false);
    const again = await mo.client.post(`/api/moderation/held/${item.id}/discard`, { reason: "x" });
    expect(again.status).toBe(404);
  });

  it("discarding a held message removes it, audited, and nothing reaches the Inbox", async () => {
    const body = contact();
    await visitor().post("/api/contact", { ...body, website: "x" });
    const row = await heldFor(body.email);
    if (!row) throw new Error("not held");
    const discarded = await mo.client.post(`/api/moderation/held/${row.id}/discard`, {
      reason: "Spam",
    });
    expect(discarded.status).toBe(200);
    await t.runJobs();
    expect(await contactCount(t, body.email)).toBe(0);
    expect(await heldFor(body.email)).toBeUndefined();
    expect(await logRows(row.id)).toEqual([{ actor_id: mo.id, action: "discard", reason: "Spam" }]);
  });

  it("a decision needs a reason and a real id", async () => {
    const body = contact();
    await visitor().post("/api/contact", { ...body, website: "x" });
    const row = await heldFor(body.email);
    const noReason = await mo.client.post(`/api/moderation/held/${row?.id}/release`, {});
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as ApiErrorBody).error.fields).toHaveProperty("reason");
    const notAnId = await mo.client.post("/api/moderation/held/nope/release", { reason: "x" });
    expect(notAnId.status).toBe(404);
  });

  it("holds a newsletter subscription with the same answer; released, the confirmation mail goes out", async () => {
    const email = uniqueEmail("news");
    const response = await visitor().post("/api/newsletter", { email, website: "http://x" });
    expect(`${response.status} ${await response.text()}`).toBe('200 {"status":"check_email"}');
    expect(await t.mailbox.all(email)).toEqual([]);
    const row = await heldFor(email);
    expect(row).toMatchObject({ kind: "newsletter", reason: "honeypot" });
    await mo.client.post(`/api/moderation/held/${row?.id}/release`, { reason: "Looks real" });
    expect(await t.mailbox.latest(email)).toContain("/newsletter/confirm");
  });

  it("holds a sign-up with the answer a new sign-up gets: no account, no mail until released", async () => {
    const email = uniqueEmail("signup");
    const normal = await visitor().post("/api/auth/sign-up/email", {
      name: "Real Person",
      email: uniqueEmail("real"),
      password: "correct horse battery",
    });
    const heldAnswer = await visitor().post("/api/auth/sign-up/email", {
      name: "Bot Person",
      email,
      password: "correct horse battery",
      website: "http://spam.example",
    });
    expect(heldAnswer.status).toBe(normal.status);
    const shape = (body: { user: Record<string, unknown> }) => [
      Object.keys(body).sort(),
      Object.keys(body.user).sort(),
    ];
    expect(shape(await heldAnswer.json())).toEqual(shape(await normal.json()));
    const accounts = () =>
      queryRows<{ id: string }>(t.db, sql`select id from "user" where email = ${email}`);
    expect(await accounts()).toEqual([]);
    expect(await t.mailbox.all(email)).toEqual([]);
    const row = await heldFor(email);
    expect(row?.payload).toEqual({ name: "Bot Person", email });

    await mo.client.post(`/api/moderation/held/${row?.id}/release`, { reason: "Real" });
    await t.runJobs();
    expect(await accounts()).toHaveLength(1);
    expect(await t.mailbox.latest(email)).toContain("/auth/confirm");
  });

  it("never holds a data request: it is stored, flagged, and confirmed by mail", async () => {
    const email = uniqueEmail("gdpr");
    const response = await visitor().post("/api/data-requests", {
      requestType: "access",
      email,
      fullName: "Grace Hopper",
      details: "",
      website: "http://x",
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as ReceivedResponse;
    const [row] = await queryRows<{ suspected_spam: boolean }>(
      t.db,
      sql`select suspected_spam from data_requests where id = ${id}`,
    );
    expect(row?.suspected_spam).toBe(true);
    expect(await t.mailbox.latest(email)).toContain("/data-request/confirm");
    expect(await heldFor(email)).toBeUndefined();
  });

  it("an empty honeypot holds nothing", async () => {
    const body = contact();
    expect((await visitor().post("/api/contact", { ...body, website: "" })).status).toBe(201);
    expect(await contactCount(t, body.email)).toBe(1);
  });
});
