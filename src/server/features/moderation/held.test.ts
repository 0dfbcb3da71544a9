// The spam defences of the public forms (docs/decisions/034): a honeypot and a minimum fill
// time on sign-up, contact, newsletter and data request. A submission that trips them gets the
// answer any other gets, is held in the queue (never dropped), and takes effect when a
// moderator releases it; a data request is always stored, flagged.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { formTokenIssuedAt, issueFormToken } from "@/server/domain/spam/form-token";
import { SIGNED_UP_AGAIN } from "@/server/domain/spam/held-submissions";
import { keyedHash } from "@/server/lib/keyed-hash";
import { microsecondText } from "@/server/lib/page-cursor";
import { createMember, uniqueEmail } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody, ReceivedResponse } from "@/shared/api-types";
import type { ModerationQueue } from "@/shared/moderation";
import type { FormTokenResponse } from "@/shared/spam";
import { RELEASED_AFTER_DELAY, releaseDueSubmissions } from "./held";

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

  it("a v1 token from a form shown before the upgrade still counts; a forged v1 does not", async () => {
    const shownAt = String(Date.now() - 10_000);
    const v1 = `${shownAt}.${keyedHash(timed.deps.secret, "form-shown v1", shownAt)}`;
    expect(formTokenIssuedAt(timed.deps.secret, v1)).toBe(Number(shownAt));
    const forged = `${shownAt}.${keyedHash("another-secret-another-secret-another", "form-shown v1", shownAt)}`;
    expect(formTokenIssuedAt(timed.deps.secret, forged)).toBeNull();
    const body = contact();
    expect((await visitor(timed).post("/api/contact", { ...body, formToken: v1 })).status).toBe(
      201,
    );
    expect(await contactCount(timed, body.email)).toBe(1);
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

describe("sent too fast with a valid token: out by itself after the delay (decision 058)", () => {
  const MINUTE = 60_000;
  const signUp = (app: TestApp, email: string, extra: Record<string, unknown>) =>
    visitor(app).post("/api/auth/sign-up/email", {
      name: "Quick Person",
      email,
      password: "correct horse battery",
      ...extra,
    });
  const freshToken = () => issueFormToken(timed.deps.secret, Date.now());
  const accountsOf = (email: string) =>
    queryRows<{ id: string }>(timed.db, sql`select id from "user" where email = ${email}`);
  /** The held row's release time as the queue shows it (microseconds, UTC), or null. */
  const releaseText = async (email: string) =>
    (
      await queryRows<{ release_at: string | null }>(
        timed.db,
        sql`select ${microsecondText(sql`release_at`)} as release_at
            from held_submissions where payload->>'email' = ${email}`,
      )
    )[0]?.release_at;
  const releaseAt = async (email: string) => {
    const text = await releaseText(email);
    return text ? new Date(text) : text;
  };

  it("a sign-up gets its confirmation mail once the delay has run out, not before", async () => {
    const email = uniqueEmail("quick");
    expect((await signUp(timed, email, { formToken: freshToken() })).status).toBe(200);
    const row = await heldFor(email, timed);
    expect(row?.reason).toBe("too_fast");
    const at = await releaseAt(email);
    expect(at).toBeInstanceOf(Date);
    // The default delay: 10 minutes from now, give or take the request.
    expect(Math.abs((at as Date).getTime() - (Date.now() + 10 * MINUTE))).toBeLessThan(MINUTE);

    // A minute before the time, the sweep leaves it.
    await releaseDueSubmissions(timed.deps, new Date((at as Date).getTime() - MINUTE));
    await timed.runJobs();
    expect(await accountsOf(email)).toEqual([]);
    expect(await timed.mailbox.all(email)).toEqual([]);

    // At the time, it goes out as a release does, logged as the system's. (A Date keeps
    // milliseconds, the column microseconds: the next millisecond is past it.)
    await releaseDueSubmissions(timed.deps, new Date((at as Date).getTime() + 1));
    await timed.runJobs();
    expect(await heldFor(email, timed)).toBeUndefined();
    expect(await accountsOf(email)).toHaveLength(1);
    expect(await timed.mailbox.latest(email)).toContain("/auth/confirm");
    const logged = await queryRows<{ actor_id: string | null; action: string; reason: string }>(
      timed.db,
      sql`select actor_id, action, reason from moderation_actions where target_id = ${row?.id}`,
    );
    expect(logged).toEqual([{ actor_id: null, action: "release", reason: RELEASED_AFTER_DELAY }]);
  });

  it("the queue shows when it goes out; a discard before then keeps it from going out", async () => {
    const email = uniqueEmail("discarded");
    await signUp(timed, email, { formToken: freshToken() });
    const staff = await createMember(timed, { role: "moderator" });
    const listed = (await queue(staff)).held.find((item) => item.fields.email === email);
    expect(listed?.releaseAt).toEqual(expect.any(String));
    expect(listed?.releaseAt).toBe(await releaseText(email));
    const discard = await staff.client.post(`/api/moderation/held/${listed?.id}/discard`, {
      reason: "A bot after all",
    });
    expect(discard.status).toBe(200);
    await releaseDueSubmissions(timed.deps, new Date(Date.now() + 60 * MINUTE));
    await timed.runJobs();
    expect(await accountsOf(email)).toEqual([]);
    expect(await timed.mailbox.all(email)).toEqual([]);
  });

  it("honeypot hits and missing or forged tokens stay held past any delay", async () => {
    const cases = [
      { website: "http://spam.example", formToken: issueFormToken(timed.deps.secret, 0) },
      {},
      { formToken: `${Date.now()}.forged` },
    ];
    const emails = cases.map(() => uniqueEmail("stays"));
    for (const [i, extra] of cases.entries()) await signUp(timed, emails[i] as string, extra);
    for (const email of emails) expect(await releaseAt(email)).toBeNull();
    await releaseDueSubmissions(timed.deps, new Date(Date.now() + 365 * 24 * 60 * MINUTE));
    await timed.runJobs();
    for (const email of emails) {
      expect(await heldFor(email, timed)).toBeDefined();
      expect(await accountsOf(email)).toEqual([]);
    }
  });

  it("a contact message sent too fast reaches the Inbox after the delay", async () => {
    const body = contact();
    await visitor(timed).post("/api/contact", { ...body, formToken: freshToken() });
    expect(await contactCount(timed, body.email)).toBe(0);
    await releaseDueSubmissions(timed.deps, new Date(Date.now() + 11 * MINUTE));
    await timed.runJobs();
    expect(await contactCount(timed, body.email)).toBe(1);
  });

  it("a sign-up that goes through drops the held sign-up of the same address", async () => {
    const email = uniqueEmail("again");
    await signUp(timed, email, { formToken: freshToken() });
    const row = await heldFor(email, timed);
    expect(row).toBeDefined();
    const patient = await signUp(timed, email, {
      formToken: issueFormToken(timed.deps.secret, Date.now() - 5000),
    });
    expect(patient.status).toBe(200);
    expect(await heldFor(email, timed)).toBeUndefined();
    const logged = await queryRows<{ action: string; reason: string }>(
      timed.db,
      sql`select action, reason from moderation_actions where target_id = ${row?.id}`,
    );
    expect(logged).toEqual([{ action: "discard", reason: SIGNED_UP_AGAIN }]);
  });

  it("with SPAM_RELEASE_AFTER_MINUTES=0 it stays held", async () => {
    const never = await createTestApp({
      env: { SPAM_MIN_FILL_SECONDS: "3", SPAM_RELEASE_AFTER_MINUTES: "0" },
    });
    try {
      const email = uniqueEmail("never");
      await signUp(never, email, { formToken: issueFormToken(never.deps.secret, Date.now()) });
      const [row] = await queryRows<{ release_at: string | null }>(
        never.db,
        sql`select release_at from held_submissions where payload->>'email' = ${email}`,
      );
      expect(row).toEqual({ release_at: null });
    } finally {
      await never.close();
    }
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
