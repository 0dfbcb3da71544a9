import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user, verification } from "@/server/db/schema";
import {
  createMember,
  insertSignedUpUser,
  mailedToken,
  tokenIn,
  uniqueEmail,
} from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody, PendingConfirmation } from "@/shared/api-types";
import { removeStaleAccounts } from "./account-lifecycle";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1" } });
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = "a pending password";
let ip = 0;
function freshClient() {
  ip += 1;
  return createClient(t.app, `10.30.${Math.floor(ip / 250)}.${ip % 250}`);
}

async function signUp(email: string) {
  await freshClient().post("/api/auth/sign-up/email", {
    name: "Pending Pat",
    email,
    password: PASSWORD,
  });
}

function resend(email: string, client = freshClient()) {
  return client.post("/api/auth/resend-confirmation", { email });
}

describe("signing in before confirming", () => {
  it("says so to whoever has the password, and mails nothing", async () => {
    // An account from before decision 061, whose sign-up kept the password typed there.
    const email = uniqueEmail("early");
    const { hash } = (await t.auth.$context).password;
    await insertSignedUpUser(t.auth, { email, name: "Pat", passwordHash: await hash(PASSWORD) });
    const before = (await t.mailbox.all(email)).length;
    for (let i = 0; i < 3; i++) {
      const response = await freshClient().post("/api/auth/sign-in/email", {
        email,
        password: PASSWORD,
      });
      expect(response.status).toBe(403);
      expect(((await response.json()) as ApiErrorBody).error).toEqual({
        code: "EMAIL_NOT_VERIFIED",
        message:
          "Please confirm your email address first. Check your inbox for the confirmation link.",
      });
    }
    expect(await t.mailbox.all(email)).toHaveLength(before);
  });
});

describe("resend confirmation", () => {
  it("sends a fresh link to an unverified account; the earlier one stops working", async () => {
    const email = uniqueEmail("resend");
    await signUp(email);
    const first = await mailedToken(t, email, "/auth/confirm");
    const answer = await resend(email);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
    const second = await mailedToken(t, email, "/auth/confirm");
    expect(second).not.toBe(first);

    const stale = await freshClient().get(`/api/auth/confirm-email?token=${first}`);
    expect(stale.status).toBe(400);
    const current = await freshClient().get(`/api/auth/confirm-email?token=${second}`);
    expect(current.status).toBe(200);
    expect((await current.json()) as PendingConfirmation).toMatchObject({
      email,
      name: "Pending Pat",
      terms: { version: 1 },
    });
  });

  it("answers the same for a verified or unknown address and mails nothing", async () => {
    const member = await createMember(t);
    const unknown = uniqueEmail("unknown");
    const before = (await t.mailbox.all(member.email)).length;
    for (const email of [member.email, unknown]) {
      const answer = await resend(email);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ok: true });
    }
    expect(await t.mailbox.all(member.email)).toHaveLength(before);
    expect(await t.mailbox.all(unknown)).toEqual([]);
  });

  it("mails an address at most three times an hour, and the newest link sent keeps working", async () => {
    const email = uniqueEmail("flooded");
    await signUp(email); // the first mail
    for (let i = 0; i < 4; i++) expect((await resend(email)).status).toBe(200);
    const tokens = (await t.mailbox.all(email)).map((mail) => tokenIn(mail, "/auth/confirm"));
    expect(tokens).toHaveLength(3);
    // The requests over the limit sent nothing and revoked nothing.
    const newest = await freshClient().get(`/api/auth/confirm-email?token=${tokens.at(-1)}`);
    expect(newest.status).toBe(200);
  });

  it("limits requests to ten an hour per client address", async () => {
    const client = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await resend(uniqueEmail(), client)).status);
    expect(statuses.filter((status) => status === 429)).toEqual([429]);
    expect(statuses[10]).toBe(429);
  });
});

describe("the confirmation page", () => {
  it("refuses an unknown, expired or malformed token with 400", async () => {
    const email = uniqueEmail("expired");
    await signUp(email);
    const token = await mailedToken(t, email, "/auth/confirm");
    await t.db.execute(
      sql`update verification set expires_at = now() - interval '1 second'
          where identifier like 'confirm-email:%'`,
    );
    for (const bad of [token, "nope", "x".repeat(500)]) {
      const shown = await freshClient().get(`/api/auth/confirm-email?token=${bad}`);
      expect(shown.status).toBe(400);
      const used = await freshClient().post("/api/auth/confirm-email", {
        token: bad,
        name: "Someone",
        password: "a long enough one",
        termsVersion: 1,
      });
      expect(used.status).toBe(400);
    }
  });

  it("keeps links hashed: the database holds no working token", async () => {
    const email = uniqueEmail("hashed");
    await signUp(email);
    const token = await mailedToken(t, email, "/auth/confirm");
    const rows = await t.db.select({ identifier: verification.identifier }).from(verification);
    expect(rows.some((row) => row.identifier.includes(token))).toBe(false);
  });

  it("uses the name chosen on the page for the new profile", async () => {
    const email = uniqueEmail("renamed");
    await signUp(email);
    const token = await mailedToken(t, email, "/auth/confirm");
    const client = freshClient();
    const confirmed = await client.post("/api/auth/confirm-email", {
      token,
      name: "  Chosen <Name>  ",
      password: "the chosen password",
      termsVersion: 1,
    });
    expect(confirmed.status).toBe(200);
    const own = (await (await client.get("/api/profiles/me")).json()) as { fullName: string };
    expect(own.fullName).toBe("Chosen Name");
  });
});

describe("stale accounts", () => {
  it("removes unverified accounts after seven days, never verified ones", async () => {
    const stale = uniqueEmail("stale");
    const recent = uniqueEmail("recent");
    await signUp(stale);
    await signUp(recent);
    const member = await createMember(t);
    await t.db
      .update(user)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(sql`${user.email} in (${stale}, ${member.email})`);
    expect(await removeStaleAccounts(t.db)).toBe(1);
    const left = await t.db.select({ email: user.email }).from(user);
    const emails = left.map((row) => row.email);
    expect(emails).not.toContain(stale);
    expect(emails).toContain(recent);
    expect(emails).toContain(member.email);
    const [expired] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(verification)
      .where(sql`${verification.expiresAt} < now()`);
    expect(expired?.n).toBe(0);
    // The member is untouched.
    expect(await t.db.select().from(user).where(eq(user.id, member.id))).toHaveLength(1);
  });
});
