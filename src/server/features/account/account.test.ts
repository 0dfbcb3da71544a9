import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { createMember, mailedToken, uniqueEmail } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type {
  AccountSessionsResponse,
  ApiErrorBody,
  EmailChangeRequested,
  SessionResponse,
} from "@/shared/api-types";

let t: TestApp;
let listedEmail: string;
beforeAll(async () => {
  listedEmail = uniqueEmail("listed");
  t = await createTestApp({ env: { ADMIN_EMAILS: listedEmail } });
});
afterAll(async () => {
  await t.close();
});

const FIREFOX_ON_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:128.0) Gecko/20100101 Firefox/128.0";

async function sessionOf(client: ReturnType<typeof createClient>) {
  return (await (await client.get("/api/session")).json()) as SessionResponse;
}

describe("change email", () => {
  it("changes nothing until the link sent to the new address is opened", async () => {
    const member = await createMember(t);
    const newEmail = uniqueEmail("new");
    const asked = await member.client.post("/api/account/email", {
      email: newEmail.toUpperCase(),
      currentPassword: member.password,
    });
    expect(asked.status).toBe(200);
    expect((await asked.json()) as EmailChangeRequested).toEqual({ pendingEmail: newEmail });
    expect((await sessionOf(member.client)).user?.email).toBe(member.email);

    // The old address is told, without a link that would change anything.
    const notice = (await t.mailbox.latest(member.email)) ?? "";
    expect(notice).toContain(newEmail);
    expect(notice).not.toContain("/settings/email");

    const token = await mailedToken(t, newEmail, "/settings/email");
    // Anyone holding the link may use it (it may be opened on another device): it proves the inbox.
    const confirmed = await createClient(t.app).post("/api/account/email/confirm", { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ email: newEmail });
    expect((await sessionOf(member.client)).user?.email).toBe(newEmail);
    const signIn = await createClient(t.app).post("/api/auth/sign-in/email", {
      email: newEmail,
      password: member.password,
    });
    expect(signIn.status).toBe(200);
    const [profile] = await queryRows<{ email: string }>(
      t.db,
      sql`select email from profiles where id = ${member.id}`,
    );
    expect(profile?.email).toBe(newEmail);

    const again = await createClient(t.app).post("/api/account/email/confirm", { token });
    expect(again.status).toBe(400);
  });

  it("answers the same for an address another account holds, and sends nothing", async () => {
    const member = await createMember(t);
    const holder = await createMember(t);
    const before = (await t.mailbox.all(holder.email)).length;
    const asked = await member.client.post("/api/account/email", {
      email: holder.email,
      currentPassword: member.password,
    });
    expect(asked.status).toBe(200);
    expect(await t.mailbox.all(holder.email)).toHaveLength(before);
    expect((await sessionOf(member.client)).user?.email).toBe(member.email);
  });

  it("refuses when another account verified the address after the link was sent", async () => {
    const member = await createMember(t);
    const contested = uniqueEmail("contested");
    await member.client.post("/api/account/email", {
      email: contested,
      currentPassword: member.password,
    });
    const token = await mailedToken(t, contested, "/settings/email");
    await createMember(t, { email: contested });
    const response = await createClient(t.app).post("/api/account/email/confirm", { token });
    expect(response.status).toBe(409);
    expect(((await response.json()) as ApiErrorBody).error.code).toBe("EMAIL_IN_USE");
  });

  it("takes the address from an unverified account, which owns nothing", async () => {
    const member = await createMember(t);
    const squatted = uniqueEmail("squatted");
    await createClient(t.app).post("/api/auth/sign-up/email", {
      name: "Squatter",
      email: squatted,
      password: "squatter's password",
    });
    await member.client.post("/api/account/email", {
      email: squatted,
      currentPassword: member.password,
    });
    const token = await mailedToken(t, squatted, "/settings/email");
    const response = await createClient(t.app).post("/api/account/email/confirm", { token });
    expect(response.status).toBe(200);
    expect((await sessionOf(member.client)).user?.email).toBe(squatted);
  });

  it("applies ADMIN_EMAILS to the confirmed new address", async () => {
    const member = await createMember(t);
    await member.client.post("/api/account/email", {
      email: listedEmail,
      currentPassword: member.password,
    });
    const token = await mailedToken(t, listedEmail, "/settings/email");
    await createClient(t.app).post("/api/account/email/confirm", { token });
    expect((await sessionOf(member.client)).role).toBe("admin");
  });

  it("refuses the current address, a malformed one, and the signed-out", async () => {
    const member = await createMember(t);
    const same = await member.client.post("/api/account/email", {
      email: member.email,
      currentPassword: member.password,
    });
    expect(same.status).toBe(400);
    expect(((await same.json()) as ApiErrorBody).error.fields).toEqual({
      email: "This is already your email address",
    });
    const malformed = await member.client.post("/api/account/email", {
      email: "nope@",
      currentPassword: member.password,
    });
    expect(((await malformed.json()) as ApiErrorBody).error.fields).toEqual({
      email: "Please enter a valid email address",
    });
    const anonymous = await createClient(t.app).post("/api/account/email", {
      email: uniqueEmail(),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("active sessions", () => {
  it("lists browser, system, address and last use, marks this one, and never a token", async () => {
    const member = await createMember(t);
    const laptop = createClient(t.app, "203.0.113.9");
    await laptop.post(
      "/api/auth/sign-in/email",
      { email: member.email, password: member.password },
      { "user-agent": FIREFOX_ON_MAC },
    );
    const response = await laptop.get("/api/account/sessions");
    // Made for a session: private as well (docs/decisions/050).
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const { sessions } = (await response.json()) as AccountSessionsResponse;
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      browser: "Firefox 128",
      os: "macOS Catalina",
      ipAddress: "203.0.113.9",
      current: true,
    });
    expect(sessions[1]?.current).toBe(false);
    const [tokenRow] = await queryRows<{ token: string }>(
      t.db,
      sql`select token from session where user_id = ${member.id} limit 1`,
    );
    expect(JSON.stringify(sessions)).not.toContain(tokenRow?.token);
  });

  it("signs out one other session, or all the others, and keeps this one", async () => {
    const member = await createMember(t);
    const phone = createClient(t.app, "203.0.113.10");
    const tablet = createClient(t.app, "203.0.113.11");
    for (const device of [phone, tablet]) {
      await device.post("/api/auth/sign-in/email", {
        email: member.email,
        password: member.password,
      });
    }
    const listed = (await (
      await member.client.get("/api/account/sessions")
    ).json()) as AccountSessionsResponse;
    const phoneSession = listed.sessions.find((s) => s.ipAddress === "203.0.113.10");
    const revoked = await member.client.delete(`/api/account/sessions/${phoneSession?.id}`);
    expect(revoked.status).toBe(200);
    expect((await sessionOf(phone)).user).toBeNull();
    expect((await sessionOf(tablet)).user?.id).toBe(member.id);

    const others = await member.client.post("/api/account/sessions/revoke-others");
    expect(others.status).toBe(200);
    expect((await sessionOf(tablet)).user).toBeNull();
    expect((await sessionOf(member.client)).user?.id).toBe(member.id);
    const left = (await (
      await member.client.get("/api/account/sessions")
    ).json()) as AccountSessionsResponse;
    expect(left.sessions.map((s) => s.current)).toEqual([true]);
  });

  it("cannot end another member's session: 404, and it stays", async () => {
    const member = await createMember(t);
    const victim = await createMember(t);
    const [row] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from session where user_id = ${victim.id} limit 1`,
    );
    const response = await member.client.delete(`/api/account/sessions/${row?.id}`);
    expect(response.status).toBe(404);
    expect((await sessionOf(victim.client)).user?.id).toBe(victim.id);
  });
});
