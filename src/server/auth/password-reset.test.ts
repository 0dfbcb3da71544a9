import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { createMember, mailedToken, tokenIn, uniqueEmail } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody, SessionResponse } from "@/shared/api-types";

let t: TestApp;
let listedEmail: string;
beforeAll(async () => {
  listedEmail = uniqueEmail("listed");
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1", ADMIN_EMAILS: listedEmail } });
});
afterAll(async () => {
  await t.close();
});

let ip = 0;
/** A client from an address of its own, so that the per-address limits do not add up. */
function freshClient() {
  ip += 1;
  return createClient(t.app, `10.20.${Math.floor(ip / 250)}.${ip % 250}`);
}

function requestReset(email: string, client = freshClient()) {
  return client.post("/api/auth/request-password-reset", { email });
}

async function signInStatus(email: string, password: string) {
  return (await freshClient().post("/api/auth/sign-in/email", { email, password })).status;
}

describe("forgot password", () => {
  it("mails a link that sets a new password once and ends every session", async () => {
    const member = await createMember(t);
    const other = freshClient();
    await other.post("/api/auth/sign-in/email", { email: member.email, password: member.password });

    const answer = await requestReset(member.email);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
    const token = await mailedToken(t, member.email, "/auth/reset-password");

    const reset = await freshClient().post("/api/auth/reset-password", {
      token,
      newPassword: "a brand new password",
    });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ ok: true });
    for (const client of [member.client, other]) {
      const session = (await (await client.get("/api/session")).json()) as SessionResponse;
      expect(session.user).toBeNull();
    }
    expect(await signInStatus(member.email, member.password)).toBe(401);
    expect(await signInStatus(member.email, "a brand new password")).toBe(200);

    const again = await freshClient().post("/api/auth/reset-password", {
      token,
      newPassword: "yet another password",
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as ApiErrorBody).error).toMatchObject({ code: "INVALID_TOKEN" });
  });

  it("answers the same for an unknown address and mails nothing", async () => {
    const nobody = uniqueEmail("nobody");
    const answer = await requestReset(nobody);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
    expect(await t.mailbox.all(nobody)).toEqual([]);
  });

  it("keeps every link valid for its hour after newer ones, and stops mailing after three", async () => {
    const member = await createMember(t);
    for (let i = 0; i < 5; i++) expect((await requestReset(member.email)).status).toBe(200);
    const mails = await t.mailbox.all(member.email);
    const tokens = mails.map((mail) => tokenIn(mail, "/auth/reset-password")).filter(Boolean);
    expect(tokens).toHaveLength(3);
    // The first link still works although two newer ones were sent.
    const reset = await freshClient().post("/api/auth/reset-password", {
      token: tokens[0],
      newPassword: "the first link still works",
    });
    expect(reset.status).toBe(200);
  });

  it("limits requests to ten an hour per client address", async () => {
    const client = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await requestReset(uniqueEmail(), client)).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("expires links after an hour", async () => {
    const member = await createMember(t);
    await requestReset(member.email);
    const token = await mailedToken(t, member.email, "/auth/reset-password");
    await t.db.execute(
      sql`update verification set expires_at = now() - interval '1 second'
          where identifier = ${`reset-password:${token}`}`,
    );
    const reset = await freshClient().post("/api/auth/reset-password", {
      token,
      newPassword: "too late for this",
    });
    expect(reset.status).toBe(400);
  });

  it("verifies an unverified account: the link proves the inbox", async () => {
    const email = listedEmail;
    await freshClient().post("/api/auth/sign-up/email", {
      name: "Pending",
      email,
      password: "typed by whoever",
    });
    await requestReset(email);
    const token = await mailedToken(t, email, "/auth/reset-password");
    await freshClient().post("/api/auth/reset-password", {
      token,
      newPassword: "the owner's pick",
    });
    const client = freshClient();
    expect(
      (await client.post("/api/auth/sign-in/email", { email, password: "the owner's pick" }))
        .status,
    ).toBe(200);
    const session = (await (await client.get("/api/session")).json()) as SessionResponse;
    expect(session.role).toBe("admin");
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from profiles p join "user" u on u.id = p.id where u.email = ${email}`,
    );
    expect(row?.n).toBe(1);
  });

  it("refuses a short new password with sign-up's message", async () => {
    const response = await freshClient().post("/api/auth/reset-password", {
      token: "whatever",
      newPassword: "short",
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).error.fields).toEqual({
      newPassword: "Password must be at least 8 characters",
    });
  });
});

describe("change password", () => {
  it("needs the current password, keeps this session and ends the others", async () => {
    const member = await createMember(t);
    const other = freshClient();
    await other.post("/api/auth/sign-in/email", { email: member.email, password: member.password });

    const wrong = await member.client.post("/api/auth/change-password", {
      currentPassword: "not the password",
      newPassword: "a changed password",
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ApiErrorBody).error.fields).toEqual({
      currentPassword: "Current password is incorrect",
    });

    const changed = await member.client.post("/api/auth/change-password", {
      currentPassword: member.password,
      newPassword: "a changed password",
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ ok: true });
    const mine = (await (await member.client.get("/api/session")).json()) as SessionResponse;
    expect(mine.user?.email).toBe(member.email);
    const theirs = (await (await other.get("/api/session")).json()) as SessionResponse;
    expect(theirs.user).toBeNull();
    expect(await signInStatus(member.email, "a changed password")).toBe(200);
  });

  it("answers 401 when signed out", async () => {
    const response = await freshClient().post("/api/auth/change-password", {
      currentPassword: "whatever it is",
      newPassword: "a changed password",
    });
    expect(response.status).toBe(401);
  });
});
