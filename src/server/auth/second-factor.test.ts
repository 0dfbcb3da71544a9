// Two-factor sign-in (issue 37, docs/decisions/060) through the real routes: setting it up,
// the second step with an app code and with a recovery code, what is refused (a reused code,
// a skipped step, a session made any other way), turning it off, and the admin's reset.
import { makeSignature } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import {
  createMember,
  enrolSecondFactor,
  insertSignedUpUser,
  mailedToken,
  totpCode,
  uniqueEmail,
} from "@/server/test/factories";
import { createClient, createTestApp, type TestApp, type TestClient } from "@/server/test/test-app";
import type { ApiErrorBody, SessionResponse } from "@/shared/api-types";
import { SECOND_FACTOR_REQUIRED_CODE, type TwoFactorEnrolment } from "@/shared/second-factor";
import { issueToken } from "./account-tokens";
import { resetSecondFactorByEmail } from "./second-factor-reset";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1" } });
});
afterAll(async () => {
  await t.close();
});

let ip = 0;
/** A browser of its own address, so that the per-address limits do not add up. */
function freshClient(): TestClient {
  ip += 1;
  return createClient(t.app, `10.37.${Math.floor(ip / 250)}.${ip % 250}`);
}

async function sessionOf(client: TestClient): Promise<SessionResponse> {
  return (await (await client.get("/api/session")).json()) as SessionResponse;
}

async function errorOf(response: Response): Promise<ApiErrorBody["error"]> {
  return ((await response.json()) as ApiErrorBody).error;
}

/** Sessions of the member that would work (not expired). */
async function liveSessions(userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from session where user_id = ${userId} and expires_at > now()`,
  );
  return row?.n ?? 0;
}

/** A member with a confirmed authenticator app, signed in on `member.client`. */
async function memberWithFactor() {
  const member = await createMember(t, { secondFactor: true });
  return { ...member, totpSecret: member.totpSecret ?? "" };
}

/** The password step of a sign-in on a new browser: no session yet, the second step pending. */
async function passwordStep(member: { email: string; password: string }) {
  const client = freshClient();
  const response = await client.post("/api/auth/sign-in/email", {
    email: member.email,
    password: member.password,
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ twoFactorRedirect: true });
  return client;
}

/** A code of the step after `code`'s, so that two sign-ins in one test do not share one. */
function nextStepCode(secret: string): Promise<string> {
  return totpCode(secret, Date.now() + 30_000);
}

describe("setting up an authenticator app", () => {
  it("shows the secret and recovery codes, and turns on only once a code is confirmed", async () => {
    const member = await createMember(t);
    const wrong = await member.client.post("/api/auth/two-factor/enable", { password: "nope" });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).fields).toEqual({ password: "Password is incorrect" });

    const started = await member.client.post("/api/auth/two-factor/enable", {
      password: member.password,
    });
    expect(started.status).toBe(200);
    const enrolment = (await started.json()) as TwoFactorEnrolment;
    expect(enrolment.totpUri).toMatch(/^otpauth:\/\/totp\//);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]+$/);
    expect(enrolment.recoveryCodes).toHaveLength(10);
    // Not on until confirmed: a password sign-in still gives a session.
    const before = freshClient();
    await before.post("/api/auth/sign-in/email", {
      email: member.email,
      password: member.password,
    });
    expect((await sessionOf(before)).user?.id).toBe(member.id);

    const malformed = await member.client.post("/api/auth/two-factor/verify-totp", {
      code: "12ab",
    });
    expect(malformed.status).toBe(400);
    const code = await totpCode({ base32: enrolment.secret });
    const wrongCode = code === "000000" ? "111111" : "000000";
    const refused = await member.client.post("/api/auth/two-factor/verify-totp", {
      code: wrongCode,
    });
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).code).toBe("INVALID_CODE");

    const confirmed = await member.client.post("/api/auth/two-factor/verify-totp", { code });
    expect(confirmed.status).toBe(200);
    // The session was renewed, not ended.
    expect((await sessionOf(member.client)).user?.id).toBe(member.id);
    const status = await (await member.client.get("/api/auth/two-factor")).json();
    expect(status).toMatchObject({ enabled: true, required: false });
    expect(await t.mailbox.latest(member.email)).toContain("An authenticator app was added");

    // Now the password alone is not enough.
    const after = freshClient();
    const signIn = await after.post("/api/auth/sign-in/email", {
      email: member.email,
      password: member.password,
    });
    expect(await signIn.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await sessionOf(after)).user).toBeNull();
  });
});

describe("signing in with a second factor", () => {
  it("makes a session only after the app's code, and never accepts that code again", async () => {
    const member = await memberWithFactor();
    const client = await passwordStep(member);
    expect((await sessionOf(client)).user).toBeNull();
    expect(await liveSessions(member.id)).toBe(1);

    const code = await totpCode(member.totpSecret);
    const passed = await client.post("/api/auth/two-factor/verify-totp", { code });
    expect(passed.status).toBe(200);
    expect(await passed.json()).toEqual({ ok: true });
    expect((await sessionOf(client)).user?.id).toBe(member.id);

    // The same code again, on another browser within its 30 seconds: refused.
    const second = await passwordStep(member);
    const reused = await second.post("/api/auth/two-factor/verify-totp", { code });
    expect(reused.status).toBe(401);
    expect(await errorOf(reused)).toMatchObject({
      code: "TOTP_CODE_REUSED",
      message: "This code has been used already. Wait for the next one in your authenticator app.",
    });
    expect((await sessionOf(second)).user).toBeNull();
    // The next code works.
    const next = await second.post("/api/auth/two-factor/verify-totp", {
      code: await nextStepCode(member.totpSecret),
    });
    expect(next.status).toBe(200);
  });

  it("accepts each recovery code once", async () => {
    const member = await memberWithFactor();
    const [recoveryCode] = member.recoveryCodes;
    const client = await passwordStep(member);
    const passed = await client.post("/api/auth/two-factor/verify-backup-code", {
      code: recoveryCode,
    });
    expect(passed.status).toBe(200);
    expect((await sessionOf(client)).user?.id).toBe(member.id);

    const again = await passwordStep(member);
    const refused = await again.post("/api/auth/two-factor/verify-backup-code", {
      code: recoveryCode,
    });
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).code).toBe("INVALID_CODE");
    expect((await sessionOf(again)).user).toBeNull();
  });

  it("refuses a second step without a pending sign-in, and a malformed code", async () => {
    const member = await memberWithFactor();
    const stranger = freshClient();
    const noSignIn = await stranger.post("/api/auth/two-factor/verify-totp", {
      code: await totpCode(member.totpSecret),
    });
    expect(noSignIn.status).toBe(401);
    expect((await errorOf(noSignIn)).code).toBe("SIGN_IN_EXPIRED");
    const client = await passwordStep(member);
    for (const code of ["", "12345", "1234567", "abcdef", "12 34 5x"]) {
      const response = await client.post("/api/auth/two-factor/verify-totp", { code });
      expect(response.status, code).toBe(400);
    }
    expect((await sessionOf(client)).user).toBeNull();
  });

  it("gives the password step no session anywhere: later endpoints refuse it", async () => {
    const member = await memberWithFactor();
    const client = await passwordStep(member);
    const calls = [
      client.get("/api/account/sessions"),
      client.get("/api/auth/two-factor"),
      client.post("/api/auth/change-password", {
        currentPassword: member.password,
        newPassword: "a brand new password",
      }),
      client.post("/api/auth/two-factor/disable", {
        password: member.password,
        code: member.recoveryCodes[1],
      }),
      client.post("/api/auth/two-factor/generate-backup-codes", {
        password: member.password,
        code: await totpCode(member.totpSecret),
      }),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(401);
    expect(await liveSessions(member.id)).toBe(1);
  });

  it("makes any other session for the member dead from the start", async () => {
    const member = await memberWithFactor();
    const context = await t.auth.$context;
    // As a route added later would, without the second step.
    const made = await context.internalAdapter.createSession(member.id, false);
    expect(made.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    const client = freshClient();
    const signature = await makeSignature(made.token, context.secret);
    client.cookies.set(
      context.authCookies.sessionToken.name,
      encodeURIComponent(`${made.token}.${signature}`),
    );
    expect((await sessionOf(client)).user).toBeNull();
    expect((await client.get("/api/account/sessions")).status).toBe(401);
  });

  it("asks the second factor after the confirmation page and after a password reset", async () => {
    // The confirmation page signs in with the password it sets.
    const email = uniqueEmail("confirming");
    const context = await t.auth.$context;
    const pending = await insertSignedUpUser(t.auth, {
      email,
      name: "Pending",
      passwordHash: await context.password.hash("typed at sign-up"),
    });
    await enrolSecondFactor(t, pending.id);
    const token = await issueToken(t.db, "confirm-email", { userId: pending.id, email }, 3600);
    const confirming = freshClient();
    const confirmed = await confirming.post("/api/auth/confirm-email", {
      token,
      name: "Pending",
      password: "the chosen password",
      termsVersion: 1,
    });
    expect(confirmed.status).toBe(200);
    expect((await sessionOf(confirming)).user).toBeNull();
    expect(await liveSessions(pending.id)).toBe(0);

    // A reset sets the password and signs in nowhere; the next sign-in asks the code.
    const member = await memberWithFactor();
    await freshClient().post("/api/auth/request-password-reset", { email: member.email });
    const resetToken = await mailedToken(t, member.email, "/auth/reset-password");
    const resetting = freshClient();
    const reset = await resetting.post("/api/auth/reset-password", {
      token: resetToken,
      newPassword: "a brand new password",
    });
    expect(reset.status).toBe(200);
    expect((await sessionOf(resetting)).user).toBeNull();
    expect(await liveSessions(member.id)).toBe(0);
    await passwordStep({ email: member.email, password: "a brand new password" });
    expect(await liveSessions(member.id)).toBe(0);
    expect(await t.mailbox.latest(member.email)).toContain("password of your");
  });
});

describe("changing and turning off", () => {
  it("turns off only with the password and a code, and ends the other sessions", async () => {
    const member = await memberWithFactor();
    const other = await passwordStep(member);
    await other.post("/api/auth/two-factor/verify-totp", {
      code: await totpCode(member.totpSecret),
    });
    expect(await liveSessions(member.id)).toBe(2);

    const passwordOnly = await member.client.post("/api/auth/two-factor/disable", {
      password: member.password,
    });
    expect(passwordOnly.status).toBe(400);
    const wrongPassword = await member.client.post("/api/auth/two-factor/disable", {
      password: "not it",
      code: member.recoveryCodes[0],
    });
    expect(wrongPassword.status).toBe(400);
    const wrongCode = await member.client.post("/api/auth/two-factor/disable", {
      password: member.password,
      code: "zzzzz-zzzzz",
    });
    expect(wrongCode.status).toBe(400);
    expect((await errorOf(wrongCode)).code).toBe("INVALID_CODE");

    const off = await member.client.post("/api/auth/two-factor/disable", {
      password: member.password,
      code: member.recoveryCodes[0],
    });
    expect(off.status).toBe(200);
    expect((await sessionOf(member.client)).user?.id).toBe(member.id);
    expect((await sessionOf(other)).user).toBeNull();
    expect(await liveSessions(member.id)).toBe(1);
    expect(await t.mailbox.latest(member.email)).toContain(
      "Two-factor authentication was turned off",
    );
    const signIn = freshClient();
    await signIn.post("/api/auth/sign-in/email", {
      email: member.email,
      password: member.password,
    });
    expect((await sessionOf(signIn)).user?.id).toBe(member.id);
  });

  it("makes new recovery codes with the password and a code; the old ones stop working", async () => {
    const member = await memberWithFactor();
    const withoutCode = await member.client.post("/api/auth/two-factor/generate-backup-codes", {
      password: member.password,
    });
    expect(withoutCode.status).toBe(400);
    const made = await member.client.post("/api/auth/two-factor/generate-backup-codes", {
      password: member.password,
      code: await totpCode(member.totpSecret),
    });
    expect(made.status).toBe(200);
    const { recoveryCodes } = (await made.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    const old = await passwordStep(member);
    const refused = await old.post("/api/auth/two-factor/verify-backup-code", {
      code: member.recoveryCodes[0],
    });
    expect(refused.status).toBe(401);
    const fresh = await old.post("/api/auth/two-factor/verify-backup-code", {
      code: recoveryCodes[0],
    });
    expect(fresh.status).toBe(200);
  });

  it("counts codes per account: the eleventh try in 15 minutes waits", async () => {
    const member = await memberWithFactor();
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await member.client.post("/api/auth/two-factor/disable", {
        password: member.password,
        code: "zzzzz-zzzzz",
      });
      expect(response.status).toBe(400);
    }
    const limited = await member.client.post("/api/auth/two-factor/disable", {
      password: member.password,
      code: member.recoveryCodes[0],
    });
    expect(limited.status).toBe(429);
  });
});

describe("staff must use a second factor", () => {
  it("refuses a moderator's existing session everything but the set-up, at once", async () => {
    const moderator = await createMember(t, { role: "moderator", secondFactor: false });
    const session = await sessionOf(moderator.client);
    expect(session.user && session.secondFactorRequired).toBe(true);
    for (const path of ["/api/moderation/queue", "/api/account/sessions", "/api/discussions"]) {
      const response = await moderator.client.get(path);
      expect(response.status, path).toBe(403);
      expect((await errorOf(response)).code, path).toBe(SECOND_FACTOR_REQUIRED_CODE);
    }
    const started = await moderator.client.post("/api/auth/two-factor/enable", {
      password: moderator.password,
    });
    expect(started.status).toBe(200);
    const { secret } = (await started.json()) as TwoFactorEnrolment;
    const confirmed = await moderator.client.post("/api/auth/two-factor/verify-totp", {
      code: await totpCode({ base32: secret }),
    });
    expect(confirmed.status).toBe(200);
    expect((await moderator.client.get("/api/discussions")).status).toBe(200);
    expect((await sessionOf(moderator.client)).secondFactorRequired).toBe(false);
  });

  it("follows the admin setting on the next request", async () => {
    const admin = await createMember(t, { role: "admin" });
    const author = await createMember(t, { role: "author" });
    expect((await author.client.get("/api/discussions")).status).toBe(200);
    const changed = await admin.client.put("/api/cms/settings", {
      secondFactorRoles: ["author", "admin"],
    });
    expect(changed.status).toBe(200);
    try {
      const refused = await author.client.get("/api/discussions");
      expect(refused.status).toBe(403);
    } finally {
      await admin.client.put("/api/cms/settings", { secondFactorRoles: ["admin", "moderator"] });
    }
    expect((await author.client.get("/api/discussions")).status).toBe(200);
  });
});

describe("recovery through an admin", () => {
  it("mails the member a link; the factor goes only when they open it", async () => {
    const admin = await createMember(t, { role: "admin" });
    const member = await memberWithFactor();
    const path = `/api/users/${member.id}/second-factor-reset`;
    const wrongCode = await admin.client.post(path, { code: "000000" });
    expect(wrongCode.status).toBe(400);
    const own = await admin.client.post(`/api/users/${admin.id}/second-factor-reset`, {
      code: await totpCode(admin.totpSecret ?? ""),
    });
    expect(own.status).toBe(400);
    const started = await admin.client.post(path, {
      code: await nextStepCode(admin.totpSecret ?? ""),
    });
    expect(started.status).toBe(200);
    // Nothing changed yet: the member's sign-in still asks the code.
    await passwordStep(member);

    const token = await mailedToken(t, member.email, "/settings/two-factor/reset");
    const opened = await freshClient().post("/api/auth/two-factor/reset", { token });
    expect(opened.status).toBe(200);
    expect((await sessionOf(member.client)).user).toBeNull();
    const signIn = freshClient();
    await signIn.post("/api/auth/sign-in/email", {
      email: member.email,
      password: member.password,
    });
    expect((await sessionOf(signIn)).user?.id).toBe(member.id);
    const again = await freshClient().post("/api/auth/two-factor/reset", { token });
    expect(again.status).toBe(400);

    const logged = await queryRows<{ action: string; actor_id: string | null }>(
      t.db,
      sql`select action, actor_id from moderation_actions where subject_id = ${member.id}
          order by created_at`,
    );
    expect(logged).toEqual([
      { action: "second-factor-reset", actor_id: admin.id },
      { action: "second-factor-removed", actor_id: member.id },
    ]);
  });

  it("resets the last admin only on the server", async () => {
    const admin = await createMember(t, { role: "admin" });
    expect(await resetSecondFactorByEmail(t.db, admin.email.toUpperCase())).toEqual({
      ok: true,
      email: admin.email,
    });
    expect((await sessionOf(admin.client)).user).toBeNull();
    expect((await resetSecondFactorByEmail(t.db, admin.email)).ok).toBe(false);
  });
});

describe("the member's data", () => {
  it("lists the factor by name and date, never its secret or recovery codes", async () => {
    const member = await memberWithFactor();
    const response = await member.client.post("/api/account/export");
    expect(response.status).toBe(200);
    const text = await response.text();
    expect((JSON.parse(text) as { secondFactors: unknown }).secondFactors).toEqual([
      { name: "Authenticator app", confirmed: true, addedAt: expect.any(String) },
    ]);
    expect(text).not.toContain(member.totpSecret);
    for (const code of member.recoveryCodes) expect(text).not.toContain(code);
  });
});

describe("notices", () => {
  it("mails a sign-in from a new browser, not from one that signed in before", async () => {
    const member = await createMember(t);
    await t.db.execute(sql`update profiles set last_active_at = now() where id = ${member.id}`);
    const browser = freshClient();
    const chrome =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
    const signIn = () =>
      browser.post(
        "/api/auth/sign-in/email",
        { email: member.email, password: member.password },
        { "user-agent": chrome },
      );
    expect((await signIn()).status).toBe(200);
    const notices = async () =>
      (await t.mailbox.all(member.email)).filter((mail) =>
        mail.includes("has not been used on before"),
      );
    expect(await notices()).toHaveLength(1);
    expect((await notices())[0]).toContain("Chrome 131 on Linux");
    await browser.post("/api/auth/sign-out");
    expect((await signIn()).status).toBe(200);
    expect(await notices()).toHaveLength(1);
  });

  it("mails a password change, which ends the other sessions", async () => {
    const member = await createMember(t);
    const other = freshClient();
    await other.post("/api/auth/sign-in/email", { email: member.email, password: member.password });
    const changed = await member.client.post("/api/auth/change-password", {
      currentPassword: member.password,
      newPassword: "a brand new password",
    });
    expect(changed.status).toBe(200);
    expect((await sessionOf(other)).user).toBeNull();
    expect(await t.mailbox.latest(member.email)).toContain("password of your");
  });
});
