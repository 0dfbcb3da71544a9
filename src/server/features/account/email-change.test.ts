// Email change as an attacker would try it (issue 33, docs/decisions/049): the current password
// is asked, confirming ends the other sessions and every older link, and the old inbox can
// undo the change for 7 days.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import {
  createMember,
  enrolSecondFactor,
  mailedToken,
  tokenIn,
  uniqueEmail,
} from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import { TestAuthenticator } from "@/server/test/webauthn";
import type { ApiErrorBody, SessionResponse } from "@/shared/api-types";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Client = ReturnType<typeof createClient>;
type Member = Awaited<ReturnType<typeof createMember>>;

async function signedInAs(client: Client): Promise<string | null> {
  return ((await (await client.get("/api/session")).json()) as SessionResponse).user?.email ?? null;
}

async function signInElsewhere(member: Member, email = member.email): Promise<Client> {
  const client = createClient(t.app, "203.0.113.40");
  const signedIn = await client.post("/api/auth/sign-in/email", {
    email,
    password: member.password,
  });
  expect(signedIn.status).toBe(200);
  return client;
}

/** Asks for the change with the right password and opens the link sent to the new address. */
async function changeEmail(member: Member, newEmail: string): Promise<void> {
  const asked = await member.client.post("/api/account/email", {
    email: newEmail,
    currentPassword: member.password,
  });
  expect(asked.status).toBe(200);
  const token = await mailedToken(t, newEmail, "/settings/email");
  const confirmed = await createClient(t.app).post("/api/account/email/confirm", { token });
  expect(confirmed.status).toBe(200);
}

function undo(token: string): Promise<Response> {
  return createClient(t.app).post("/api/account/email/undo", { token });
}

async function errorOf(response: Response) {
  return ((await response.json()) as ApiErrorBody).error;
}

describe("asking for an email change", () => {
  it("refuses a session without the current password", async () => {
    const member = await createMember(t);
    const asked = await member.client.post("/api/account/email", { email: uniqueEmail() });
    expect(asked.status).toBe(400);
    expect((await errorOf(asked)).fields).toEqual({ currentPassword: "Password is required" });
  });

  it("refuses a wrong password with the password change's words, and mails nothing", async () => {
    const member = await createMember(t);
    const newEmail = uniqueEmail("wanted");
    const asked = await member.client.post("/api/account/email", {
      email: newEmail,
      currentPassword: "not the password",
    });
    expect(asked.status).toBe(400);
    expect((await errorOf(asked)).fields).toEqual({
      currentPassword: "Current password is incorrect",
    });
    expect(await t.mailbox.all(newEmail)).toHaveLength(0);
  });
});

describe("a pending email change", () => {
  it("ends when the owner resets the password, as the notice advises", async () => {
    const member = await createMember(t);
    const newEmail = uniqueEmail("pending");
    await member.client.post("/api/account/email", {
      email: newEmail,
      currentPassword: member.password,
    });
    const token = await mailedToken(t, newEmail, "/settings/email");
    await createClient(t.app).post("/api/auth/request-password-reset", { email: member.email });
    const reset = await createClient(t.app).post("/api/auth/reset-password", {
      token: await mailedToken(t, member.email, "/auth/reset-password"),
      newPassword: "the owner's new password",
    });
    expect(reset.status).toBe(200);

    const confirmed = await createClient(t.app).post("/api/account/email/confirm", { token });
    expect(confirmed.status).toBe(400);
  });
});

describe("confirming an email change", () => {
  it("signs out the other sessions, keeps the asking one, and voids an older reset link", async () => {
    const member = await createMember(t);
    const laptop = await signInElsewhere(member);
    await createClient(t.app).post("/api/auth/request-password-reset", { email: member.email });
    const resetToken = await mailedToken(t, member.email, "/auth/reset-password");

    const newEmail = uniqueEmail("moved");
    await changeEmail(member, newEmail);

    expect(await signedInAs(laptop)).toBeNull();
    expect(await signedInAs(member.client)).toBe(newEmail);
    const reset = await createClient(t.app).post("/api/auth/reset-password", {
      token: resetToken,
      newPassword: "an attacker's new password",
    });
    expect(reset.status).toBe(400);
    expect((await errorOf(reset)).code).toBe("INVALID_TOKEN");
  });

  it("mails the old address a notice with an undo link", async () => {
    const member = await createMember(t);
    const newEmail = uniqueEmail("moved");
    await changeEmail(member, newEmail);
    const notice = (await t.mailbox.latest(member.email)) ?? "";
    expect(notice).toContain(newEmail);
    expect(tokenIn(notice, "/settings/email/undo")).toMatch(/^[\w-]{43}$/);
  });
});

describe("changing the email again", () => {
  it("waits while the last change's undo link works", async () => {
    const member = await createMember(t);
    await changeEmail(member, uniqueEmail("first"));
    const second = await member.client.post("/api/account/email", {
      email: uniqueEmail("second"),
      currentPassword: member.password,
    });
    expect(second.status).toBe(409);
    expect((await errorOf(second)).code).toBe("EMAIL_CHANGE_LOCKED");
  });
});

describe("undoing an email change", () => {
  it("restores the old address, signs everyone out and mails a reset link there", async () => {
    const member = await createMember(t);
    const oldEmail = member.email;
    const newEmail = uniqueEmail("stolen");
    await changeEmail(member, newEmail);
    const attackerLaptop = await signInElsewhere(member, newEmail);
    const token = await mailedToken(t, oldEmail, "/settings/email/undo");

    const undone = await undo(token);
    expect(undone.status).toBe(200);
    expect(undone.headers.getSetCookie()).toEqual([]);
    expect(await signedInAs(member.client)).toBeNull();
    expect(await signedInAs(attackerLaptop)).toBeNull();
    const [row] = await queryRows<{ email: string }>(
      t.db,
      sql`select email from "user" where id = ${member.id}`,
    );
    expect(row?.email).toBe(oldEmail);
    // Whoever made the change knew the password: it no longer signs in.
    const oldPassword = await createClient(t.app).post("/api/auth/sign-in/email", {
      email: oldEmail,
      password: member.password,
    });
    expect(oldPassword.status).toBe(401);
    const resetToken = await mailedToken(t, oldEmail, "/auth/reset-password");
    const reset = await createClient(t.app).post("/api/auth/reset-password", {
      token: resetToken,
      newPassword: "the owner's new password",
    });
    expect(reset.status).toBe(200);

    const again = await undo(token);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("ALREADY_UNDONE");
  });

  it("removes the passkeys and the authenticator app added since the change, not older ones", async () => {
    const member = await createMember(t);
    const oldEmail = member.email;
    await changeEmail(member, uniqueEmail("stolen"));
    const authenticator = new TestAuthenticator(t.env.siteUrl);
    // The owner's, dated before the change (had it been there, the change would have asked it).
    await authenticator.insertPasskey(t.db, member.id, "The owner's");
    await t.db.execute(
      sql`update passkey set created_at = now() - interval '1 day' where user_id = ${member.id}`,
    );
    await authenticator.insertPasskey(t.db, member.id, "The attacker's");
    await enrolSecondFactor(t, member.id);
    const undone = await undo(await mailedToken(t, oldEmail, "/settings/email/undo"));
    expect(undone.status).toBe(200);
    const left = await queryRows<{ name: string }>(
      t.db,
      sql`select name from passkey where user_id = ${member.id}`,
    );
    expect(left.map((row) => row.name)).toEqual(["The owner's"]);
    const [factor] = await queryRows<{ enabled: boolean; apps: number }>(
      t.db,
      sql`select two_factor_enabled as enabled,
            (select count(*)::int from two_factor where user_id = ${member.id}) as apps
          from "user" where id = ${member.id}`,
    );
    expect(factor).toEqual({ enabled: false, apps: 0 });
  });

  it("is refused when another account holds the old address meanwhile", async () => {
    const member = await createMember(t);
    const oldEmail = member.email;
    await changeEmail(member, uniqueEmail("moved"));
    const token = await mailedToken(t, oldEmail, "/settings/email/undo");
    await createMember(t, { email: oldEmail });

    const refused = await undo(token);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe("EMAIL_IN_USE");
    expect(await signedInAs(member.client)).not.toBeNull();
  });

  it("is refused once the link has expired", async () => {
    const member = await createMember(t);
    const oldEmail = member.email;
    const newEmail = uniqueEmail("moved");
    await changeEmail(member, newEmail);
    const token = await mailedToken(t, oldEmail, "/settings/email/undo");
    await t.db.execute(
      sql`update verification set expires_at = now() - interval '1 minute'
          where identifier like 'undo-email-change:%' and value like ${`${member.id} %`}`,
    );

    const refused = await undo(token);
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).code).toBe("INVALID_TOKEN");
    expect(await signedInAs(member.client)).toBe(newEmail);
  });

  it("works for a suspended member, from the page's plain form (no JavaScript)", async () => {
    const member = await createMember(t);
    const oldEmail = member.email;
    await changeEmail(member, uniqueEmail("moved"));
    await t.db.execute(
      sql`insert into suspensions (user_id, reason) values (${member.id}, 'Spam')`,
    );
    const token = await mailedToken(t, oldEmail, "/settings/email/undo");
    const form = (body: string) =>
      t.app.request(new URL("/api/account/email/undo", t.env.siteUrl).href, {
        method: "POST",
        body,
        headers: {
          origin: new URL(t.env.siteUrl).origin,
          "content-type": "application/x-www-form-urlencoded",
          cookie: [...member.client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        },
      });

    const undone = await form(new URLSearchParams({ token }).toString());
    expect(undone.status).toBe(303);
    expect(undone.headers.get("location")).toBe("/settings/email/undo?result=undone");
    expect(await signedInAs(member.client)).toBeNull();
    const again = await form(new URLSearchParams({ token }).toString());
    expect(again.headers.get("location")).toBe("/settings/email/undo?result=already-undone");
  });
});
