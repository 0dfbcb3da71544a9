// Passkeys (issue 37, docs/decisions/063) through the real routes, with a software
// authenticator (test/webauthn.ts): adding, renaming and removing one in settings, signing in
// with one alone, and what is refused (a reused, forged or other flow's challenge, no user
// verification, another origin or RP ID, another account's passkey, a malformed body), the
// passkey as the second factor (the gate, the staff rule) and the limits.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { createMember, totpCode, uniqueEmail } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp, type TestClient } from "@/server/test/test-app";
import { TestAuthenticator } from "@/server/test/webauthn";
import type { ApiErrorBody, SessionResponse } from "@/shared/api-types";
import type { PasskeyList, PasskeySummary } from "@/shared/passkeys";
import { SECOND_FACTOR_REQUIRED_CODE } from "@/shared/second-factor";
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
  return createClient(t.app, `10.63.${Math.floor(ip / 250)}.${ip % 250}`);
}

async function sessionOf(client: TestClient): Promise<SessionResponse> {
  return (await (await client.get("/api/session")).json()) as SessionResponse;
}

async function errorOf(response: Response): Promise<ApiErrorBody["error"]> {
  return ((await response.json()) as ApiErrorBody).error;
}

async function liveSessions(userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from session where user_id = ${userId} and expires_at > now()`,
  );
  return row?.n ?? 0;
}

// biome-ignore lint/suspicious/noExplicitAny: the options' JSON as the server sent it
type Options = any;

async function registrationOptions(client: TestClient): Promise<Options> {
  const response = await client.post("/api/auth/passkeys/registration-options");
  expect(response.status).toBe(200);
  return response.json();
}

async function signInOptions(client: TestClient): Promise<Options> {
  const response = await client.post("/api/auth/passkeys/sign-in/options");
  expect(response.status).toBe(200);
  return response.json();
}

/** A member (no authenticator app) and their passkey, added through settings. */
async function memberWithPasskey(overrides: Parameters<typeof createMember>[1] = {}) {
  const member = await createMember(t, { secondFactor: false, ...overrides });
  const authenticator = new TestAuthenticator(t.env.siteUrl);
  const response = authenticator.register(await registrationOptions(member.client));
  const added = await member.client.post("/api/auth/passkeys", { name: "My laptop", response });
  expect(added.status).toBe(201);
  const summary = (await added.json()) as PasskeySummary;
  return { ...member, authenticator, passkeyId: summary.id };
}

/** Signs in on a new browser with the member's passkey. */
async function passkeySignIn(authenticator: TestAuthenticator) {
  const client = freshClient();
  const response = await client.post("/api/auth/passkeys/sign-in", {
    response: authenticator.assert(await signInOptions(client)),
  });
  return { client, response };
}

describe("adding a passkey in settings", () => {
  it("keeps it under the member's name for it, lists it, mails a notice and ends no session", async () => {
    const member = await createMember(t, { secondFactor: false });
    const elsewhere = freshClient();
    await elsewhere.post("/api/auth/sign-in/email", {
      email: member.email,
      password: member.password,
    });
    const authenticator = new TestAuthenticator(t.env.siteUrl);
    const options = await registrationOptions(member.client);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });
    expect(options.rp.id).toBe("localhost");
    // Ed25519, ES256, RS256 only: not ML-DSA, which only some runtimes verify.
    expect(options.pubKeyCredParams.map((param: { alg: number }) => param.alg)).toEqual([
      -8, -7, -257,
    ]);
    const response = authenticator.register(options);
    const added = await member.client.post("/api/auth/passkeys", {
      name: " Work phone ",
      response,
    });
    expect(added.status).toBe(201);

    const list = (await (await member.client.get("/api/auth/passkeys")).json()) as PasskeyList;
    expect(list.passkeys).toEqual([
      {
        id: expect.any(String),
        name: "Work phone",
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    expect(await t.mailbox.latest(member.email)).toContain(
      'A passkey named "Work phone" was added',
    );
    expect((await sessionOf(elsewhere)).user?.id).toBe(member.id);

    // The same answer again: its challenge was used.
    const again = await member.client.post("/api/auth/passkeys", { response });
    expect(again.status).toBe(400);
    expect((await errorOf(again)).code).toBe("PASSKEY_REQUEST_EXPIRED");
  });

  it("names an unnamed passkey after the browser and system", async () => {
    const member = await createMember(t, { secondFactor: false });
    const response = new TestAuthenticator(t.env.siteUrl).register(
      await registrationOptions(member.client),
    );
    const added = await member.client.post(
      "/api/auth/passkeys",
      { response },
      {
        "user-agent":
          "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      },
    );
    expect(added.status).toBe(201);
    expect(((await added.json()) as PasskeySummary).name).toMatch(/^Chrome 131 on macOS/);
  });

  it("refuses an answer without user verification, for another site, or for another member's challenge", async () => {
    const member = await createMember(t, { secondFactor: false });
    const other = await createMember(t, { secondFactor: false });
    const authenticator = new TestAuthenticator(t.env.siteUrl);
    const cases = [
      { userVerified: false },
      { origin: "https://evil.example" },
      { rpId: "evil.example" },
    ];
    for (const bend of cases) {
      const response = authenticator.register(await registrationOptions(member.client), bend);
      const refused = await member.client.post("/api/auth/passkeys", { response });
      expect(refused.status, JSON.stringify(bend)).toBe(401);
      expect((await errorOf(refused)).code).toBe("PASSKEY_NOT_VERIFIED");
    }
    // The other member's challenge is bound to them.
    const theirs = authenticator.register(await registrationOptions(other.client));
    const stolen = await member.client.post("/api/auth/passkeys", { response: theirs });
    expect(stolen.status).toBe(400);
    expect((await errorOf(stolen)).code).toBe("PASSKEY_REQUEST_EXPIRED");
    const list = (await (await member.client.get("/api/auth/passkeys")).json()) as PasskeyList;
    expect(list.passkeys).toEqual([]);
  });

  it("answers a malformed body with 400 in our shape, never a 500", async () => {
    const member = await createMember(t, { secondFactor: false });
    const options = await registrationOptions(member.client);
    const good = new TestAuthenticator(t.env.siteUrl).register(options);
    const bodies = [
      {},
      { response: "nope" },
      { response: { ...good, response: { ...good.response, clientDataJSON: "%%%" } } },
      { response: { ...good, response: { ...good.response, clientDataJSON: "bm90IGpzb24" } } },
      { response: { ...good, response: { ...good.response, attestationObject: "AAAA" } } },
    ];
    for (const body of bodies) {
      const refused = await member.client.post("/api/auth/passkeys", body);
      expect([400, 401], JSON.stringify(body)).toContain(refused.status);
      expect((await errorOf(refused)).message).toBeTruthy();
    }
  });
});

describe("signing in with a passkey", () => {
  it("makes a working session without the password or a code, once per challenge", async () => {
    const member = await memberWithPasskey();
    const client = freshClient();
    const assertion = member.authenticator.assert(await signInOptions(client));
    const signedIn = await client.post("/api/auth/passkeys/sign-in", { response: assertion });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual({ ok: true });
    expect((await sessionOf(client)).user?.id).toBe(member.id);
    // The browser is remembered (decision 051).
    expect([...client.cookies.keys()].some((name) => name.endsWith(".device"))).toBe(true);
    const list = (await (await member.client.get("/api/auth/passkeys")).json()) as PasskeyList;
    expect(list.passkeys[0]?.lastUsedAt).not.toBeNull();

    // The same assertion again, on another browser: its challenge is spent.
    const replay = freshClient();
    const reused = await replay.post("/api/auth/passkeys/sign-in", { response: assertion });
    expect(reused.status).toBe(400);
    expect((await errorOf(reused)).code).toBe("PASSKEY_REQUEST_EXPIRED");
    expect((await sessionOf(replay)).user).toBeNull();
  });

  it("mails a passkey sign-in from a new browser, as any sign-in", async () => {
    const member = await memberWithPasskey();
    await t.db.execute(sql`update profiles set last_active_at = now() where id = ${member.id}`);
    const { response } = await passkeySignIn(member.authenticator);
    expect(response.status).toBe(200);
    await expect
      .poll(async () => (await t.mailbox.latest(member.email)) ?? "")
      .toContain("signed in to from a device or browser it has not been used on before");
  });

  it("refuses an assertion without user verification, for another origin or RP ID, or with a forged challenge", async () => {
    const member = await memberWithPasskey();
    const sessionsBefore = await liveSessions(member.id);
    const bends = [
      { bend: { userVerified: false }, status: 401 },
      { bend: { origin: "http://localhost.evil.example" }, status: 401 },
      { bend: { rpId: "example.com" }, status: 401 },
      { bend: { challenge: "Zm9yZ2VkLWNoYWxsZW5nZQ" }, status: 400 },
    ];
    for (const { bend, status } of bends) {
      const client = freshClient();
      const response = member.authenticator.assert(await signInOptions(client), bend);
      const refused = await client.post("/api/auth/passkeys/sign-in", { response });
      expect(refused.status, JSON.stringify(bend)).toBe(status);
      expect((await errorOf(refused)).message).toBeTruthy();
      expect((await sessionOf(client)).user).toBeNull();
    }
    expect(await liveSessions(member.id)).toBe(sessionsBefore);
  });

  it("refuses a challenge of another flow, an unknown passkey and another account's handle", async () => {
    const member = await memberWithPasskey();
    const other = await createMember(t, { secondFactor: false });
    // A registration challenge is not a sign-in's.
    const registration = await registrationOptions(member.client);
    const client = freshClient();
    const crossFlow = await client.post("/api/auth/passkeys/sign-in", {
      response: member.authenticator.assert(registration),
    });
    expect(crossFlow.status).toBe(400);
    // A passkey this site never registered.
    const stranger = new TestAuthenticator(t.env.siteUrl);
    stranger.register(await registrationOptions(other.client));
    const unknown = await client.post("/api/auth/passkeys/sign-in", {
      response: stranger.assert(await signInOptions(client)),
    });
    expect(unknown.status).toBe(401);
    expect((await errorOf(unknown)).code).toBe("UNKNOWN_PASSKEY");
    // The member's passkey claiming to be the other account's.
    const assertion = member.authenticator.assert(await signInOptions(client));
    const otherHandle = Buffer.from(other.id).toString("base64url");
    const swapped = await client.post("/api/auth/passkeys/sign-in", {
      response: { ...assertion, response: { ...assertion.response, userHandle: otherHandle } },
    });
    expect(swapped.status).toBe(401);
    expect((await sessionOf(client)).user).toBeNull();
  });

  it("refuses an older signature count (a copied authenticator)", async () => {
    const member = await memberWithPasskey();
    const first = await passkeySignIn(member.authenticator);
    expect(first.response.status).toBe(200);
    const client = freshClient();
    const stale = member.authenticator.assert(await signInOptions(client), { counter: 1 });
    const refused = await client.post("/api/auth/passkeys/sign-in", { response: stale });
    expect(refused.status).toBe(401);
  });

  it("answers a malformed body with 400, never a session or a 500", async () => {
    const client = freshClient();
    for (const body of [{}, { response: 1 }, { response: { id: "x" } }, { extra: true }]) {
      const refused = await client.post("/api/auth/passkeys/sign-in", body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await sessionOf(client)).user).toBeNull();
  });
});

describe("a passkey as the second factor", () => {
  it("makes a password sign-in wait for the passkey: the password alone makes no session", async () => {
    const member = await memberWithPasskey();
    const client = freshClient();
    const signIn = await client.post("/api/auth/sign-in/email", {
      email: member.email,
      password: member.password,
    });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toEqual({ passkeyRequired: true });
    expect((await sessionOf(client)).user).toBeNull();
    expect(await liveSessions(member.id)).toBe(1);
  });

  it("signs in a member with an authenticator app too without a code", async () => {
    const member = await memberWithPasskey();
    const totp = await createMember(t, { secondFactor: true });
    const authenticator = new TestAuthenticator(t.env.siteUrl);
    await authenticator.insertPasskey(t.db, totp.id);
    const { client, response } = await passkeySignIn(authenticator);
    expect(response.status).toBe(200);
    expect((await sessionOf(client)).user?.id).toBe(totp.id);
    expect(member.id).not.toBe(totp.id);
  });

  it("satisfies the staff rule: a moderator without one can add a passkey, and then works", async () => {
    const moderator = await createMember(t, { role: "moderator", secondFactor: false });
    const refused = await moderator.client.get("/api/moderation/queue");
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe(SECOND_FACTOR_REQUIRED_CODE);
    expect((await sessionOf(moderator.client)).secondFactorRequired).toBe(true);

    const authenticator = new TestAuthenticator(t.env.siteUrl);
    const response = authenticator.register(await registrationOptions(moderator.client));
    const added = await moderator.client.post("/api/auth/passkeys", { response });
    expect(added.status).toBe(201);
    expect((await sessionOf(moderator.client)).secondFactorRequired).toBe(false);
    expect((await moderator.client.get("/api/moderation/queue")).status).toBe(200);
    // And signs them in alone.
    const { client } = await passkeySignIn(authenticator);
    expect((await client.get("/api/moderation/queue")).status).toBe(200);
  });
});

describe("renaming and removing", () => {
  it("renames the member's own passkey only", async () => {
    const member = await memberWithPasskey();
    const other = await createMember(t, { secondFactor: false });
    const renamed = await member.client.patch(`/api/auth/passkeys/${member.passkeyId}`, {
      name: "Old laptop",
    });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as PasskeySummary).name).toBe("Old laptop");
    const empty = await member.client.patch(`/api/auth/passkeys/${member.passkeyId}`, {
      name: " ",
    });
    expect(empty.status).toBe(400);
    const theirs = await other.client.patch(`/api/auth/passkeys/${member.passkeyId}`, {
      name: "Mine now",
    });
    expect(theirs.status).toBe(404);
    const removed = await other.client.delete(
      `/api/auth/passkeys/${member.passkeyId}`,
      {},
      {
        password: other.password,
      },
    );
    expect(removed.status).toBe(404);
  });

  it("asks the password to remove the only second factor, then ends every other session", async () => {
    const member = await memberWithPasskey();
    const { client: elsewhere } = await passkeySignIn(member.authenticator);
    const path = `/api/auth/passkeys/${member.passkeyId}`;
    const withoutPassword = await member.client.delete(path);
    expect(withoutPassword.status).toBe(400);
    expect((await errorOf(withoutPassword)).code).toBe("PASSWORD_REQUIRED");
    const wrong = await member.client.delete(path, {}, { password: "not it" });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).fields).toEqual({ password: "Password is incorrect" });
    expect((await sessionOf(elsewhere)).user?.id).toBe(member.id);

    const removed = await member.client.delete(path, {}, { password: member.password });
    expect(removed.status).toBe(200);
    expect((await sessionOf(elsewhere)).user).toBeNull();
    expect((await sessionOf(member.client)).user?.id).toBe(member.id);
    expect(await t.mailbox.latest(member.email)).toContain("It was your only second factor");
    // The password alone signs in again.
    const client = freshClient();
    await client.post("/api/auth/sign-in/email", {
      email: member.email,
      password: member.password,
    });
    expect((await sessionOf(client)).user?.id).toBe(member.id);
  });

  it("removes one of several without the password and ends no session", async () => {
    const member = await memberWithPasskey();
    const second = member.authenticator.register(await registrationOptions(member.client));
    expect((await member.client.post("/api/auth/passkeys", { response: second })).status).toBe(201);
    const { client: elsewhere } = await passkeySignIn(member.authenticator);
    const removed = await member.client.delete(`/api/auth/passkeys/${member.passkeyId}`);
    expect(removed.status).toBe(200);
    expect((await sessionOf(elsewhere)).user?.id).toBe(member.id);
    expect(await t.mailbox.latest(member.email)).toContain(
      'The passkey named "My laptop" was removed',
    );
  });
});

describe("limits and data", () => {
  it("counts sign-in attempts per address", async () => {
    const client = freshClient();
    const stranger = new TestAuthenticator(t.env.siteUrl);
    await stranger.insertPasskey(t.db, (await createMember(t, { secondFactor: false })).id);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) {
      // A well-formed answer to a challenge never issued: refused, and counted.
      const response = stranger.assert({ challenge: `never-issued-${attempt}` } as never);
      statuses.push((await client.post("/api/auth/passkeys/sign-in", { response })).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("counts sign-in attempts per account, from any address", async () => {
    const member = await memberWithPasskey();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const client = freshClient();
      const response = member.authenticator.assert(await signInOptions(client), {
        userVerified: false,
      });
      statuses.push((await client.post("/api/auth/passkeys/sign-in", { response })).status);
    }
    // Registering counted two; each sign-in one more.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThan(0);
  });

  it("lists passkeys in the member's data by name and dates, never the key or counter", async () => {
    const member = await memberWithPasskey();
    const response = await member.client.post("/api/account/export");
    expect(response.status).toBe(200);
    const text = await response.text();
    expect((JSON.parse(text) as { passkeys: unknown }).passkeys).toEqual([
      { name: "My laptop", addedAt: expect.any(String), lastUsedAt: null },
    ]);
    const [stored] = await queryRows<{ public_key: string; credential_id: string }>(
      t.db,
      sql`select public_key, credential_id from passkey where user_id = ${member.id}`,
    );
    expect(text).not.toContain(stored?.public_key);
    expect(text).not.toContain(stored?.credential_id);
  });

  it("is ended by an admin's reset with the factor", async () => {
    const member = await memberWithPasskey();
    expect((await resetSecondFactorByEmail(t.db, member.email)).ok).toBe(true);
    const list = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from passkey where user_id = ${member.id}`,
    );
    expect(list[0]?.n).toBe(0);
  });
});

describe("an email change asks the second factor again", () => {
  it("takes a code from the app, and refuses without one", async () => {
    const member = await createMember(t, { secondFactor: true });
    const body = { email: uniqueEmail("moving"), currentPassword: member.password };
    const without = await member.client.post("/api/account/email", body);
    expect(without.status).toBe(400);
    expect((await errorOf(without)).code).toBe("SECOND_FACTOR_NEEDED");
    const wrong = await member.client.post("/api/account/email", { ...body, code: "000000" });
    expect(wrong.status).toBe(400);
    const code = await totpCode(member.totpSecret ?? "");
    const right = await member.client.post("/api/account/email", { ...body, code });
    expect(right.status).toBe(200);
  });

  it("takes an assertion of the member's own passkey, and no one else's", async () => {
    const member = await memberWithPasskey();
    const other = await memberWithPasskey();
    const body = { email: uniqueEmail("moving"), currentPassword: member.password };
    const confirm = async () => {
      const response = await member.client.post("/api/auth/passkeys/confirmation-options");
      expect(response.status).toBe(200);
      return response.json();
    };
    expect((await member.client.post("/api/account/email", body)).status).toBe(400);
    // Another member's passkey, on this member's challenge.
    const theirs = await member.client.post("/api/account/email", {
      ...body,
      passkey: other.authenticator.assert(await confirm()),
    });
    expect(theirs.status).toBe(401);
    expect((await errorOf(theirs)).code).toBe("UNKNOWN_PASSKEY");
    // A sign-in challenge is not a confirmation's.
    const signIn = await member.client.post("/api/account/email", {
      ...body,
      passkey: member.authenticator.assert(await signInOptions(freshClient())),
    });
    expect(signIn.status).toBe(400);
    const mine = await member.client.post("/api/account/email", {
      ...body,
      passkey: member.authenticator.assert(await confirm()),
    });
    expect(mine.status).toBe(200);
  });

  it("asks nothing more of a member without a second factor", async () => {
    const member = await createMember(t, { secondFactor: false });
    const changed = await member.client.post("/api/account/email", {
      email: uniqueEmail("moving"),
      currentPassword: member.password,
    });
    expect(changed.status).toBe(200);
  });
});

describe("CMS Users: resetting two-factor", () => {
  it("says who has a factor, and refuses a reset for a member without one in words", async () => {
    const admin = await createMember(t, { role: "admin" });
    const plain = await createMember(t, { secondFactor: false, name: "Plain Member" });
    const withPasskey = await memberWithPasskey({ name: "Passkey Member" });
    const listed = (await (
      await admin.client.get(`/api/users?search=${encodeURIComponent(plain.email)}`)
    ).json()) as { users: { id: string; secondFactor: boolean }[] };
    expect(listed.users).toMatchObject([{ id: plain.id, secondFactor: false }]);
    const passkeyListed = (await (
      await admin.client.get(`/api/users?search=${encodeURIComponent(withPasskey.email)}`)
    ).json()) as { users: { id: string; secondFactor: boolean }[] };
    expect(passkeyListed.users).toMatchObject([{ id: withPasskey.id, secondFactor: true }]);

    const refused = await admin.client.post(`/api/users/${plain.id}/second-factor-reset`, {
      code: await totpCode(admin.totpSecret ?? ""),
    });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({
      code: "NOT_ENROLLED",
      message: "This member has no two-factor authentication to reset.",
    });
    // A passkey is a factor to reset.
    const sent = await admin.client.post(`/api/users/${withPasskey.id}/second-factor-reset`, {
      code: await totpCode(admin.totpSecret ?? "", Date.now() + 30_000),
    });
    expect(sent.status).toBe(200);
  });
});

describe("CMS Users: a passkey-only admin's reset", () => {
  /** The reset links mailed to `email` so far. */
  async function resetLinks(email: string): Promise<number> {
    const mails = await t.mailbox.all(email);
    return mails.filter((mail) => mail.includes("/settings/two-factor/reset?token=")).length;
  }

  async function confirmationOptions(client: TestClient): Promise<Options> {
    const response = await client.post("/api/auth/passkeys/confirmation-options");
    expect(response.status).toBe(200);
    return response.json();
  }

  it("starts the reset with the admin's own passkey, and logs it", async () => {
    const admin = await memberWithPasskey({ role: "admin" });
    const member = await createMember(t, { secondFactor: true });
    const started = await admin.client.post(`/api/users/${member.id}/second-factor-reset`, {
      passkey: admin.authenticator.assert(await confirmationOptions(admin.client)),
    });
    expect(started.status).toBe(200);
    expect(await resetLinks(member.email)).toBe(1);
    const logged = await queryRows<{ action: string; actor_id: string }>(
      t.db,
      sql`select action, actor_id from moderation_actions where subject_id = ${member.id}`,
    );
    expect(logged).toEqual([{ action: "second-factor-reset", actor_id: admin.id }]);
  });

  it("refuses none, a code, another member's passkey, a sign-in's and a replayed assertion", async () => {
    const admin = await memberWithPasskey({ role: "admin" });
    const other = await memberWithPasskey();
    const member = await createMember(t, { secondFactor: true });
    const path = `/api/users/${member.id}/second-factor-reset`;

    const none = await admin.client.post(path, {});
    expect(none.status).toBe(400);
    expect(await errorOf(none)).toMatchObject({
      code: "SECOND_FACTOR_NEEDED",
      message: "Confirm with your passkey.",
    });
    // A passkey-only admin has no app whose code could count.
    const code = await admin.client.post(path, { code: "123456" });
    expect((await errorOf(code)).code).toBe("SECOND_FACTOR_NEEDED");
    // Another member's passkey, on the admin's challenge.
    const theirs = await admin.client.post(path, {
      passkey: other.authenticator.assert(await confirmationOptions(admin.client)),
    });
    expect(theirs.status).toBe(401);
    expect(await errorOf(theirs)).toMatchObject({
      code: "UNKNOWN_PASSKEY",
      message: "This passkey is not registered to an account here.",
    });
    // A sign-in's challenge is not a confirmation's.
    const signIn = await admin.client.post(path, {
      passkey: admin.authenticator.assert(await signInOptions(freshClient())),
    });
    expect(signIn.status).toBe(400);
    expect((await errorOf(signIn)).code).toBe("PASSKEY_REQUEST_EXPIRED");
    // No user verification.
    const unverified = await admin.client.post(path, {
      passkey: admin.authenticator.assert(await confirmationOptions(admin.client), {
        userVerified: false,
      }),
    });
    expect(unverified.status).toBe(401);
    expect((await errorOf(unverified)).code).toBe("PASSKEY_NOT_VERIFIED");
    // The same assertion twice: the second is refused.
    const assertion = admin.authenticator.assert(await confirmationOptions(admin.client));
    expect((await admin.client.post(path, { passkey: assertion })).status).toBe(200);
    expect(await resetLinks(member.email)).toBe(1);
    const replayed = await admin.client.post(path, { passkey: assertion });
    expect(replayed.status).toBe(400);
    expect(await errorOf(replayed)).toMatchObject({
      code: "PASSKEY_REQUEST_EXPIRED",
      message: "This passkey request has expired or was used already. Please try again.",
    });
    expect(await resetLinks(member.email)).toBe(1);
  });

  it("takes either factor from an admin with both, and asks one of an admin with none", async () => {
    const admin = await createMember(t, { role: "admin", secondFactor: true });
    const authenticator = new TestAuthenticator(t.env.siteUrl);
    const added = await admin.client.post("/api/auth/passkeys", {
      response: authenticator.register(await registrationOptions(admin.client)),
    });
    expect(added.status).toBe(201);
    const member = await createMember(t, { secondFactor: true });
    const path = `/api/users/${member.id}/second-factor-reset`;
    const byPasskey = await admin.client.post(path, {
      passkey: authenticator.assert(await confirmationOptions(admin.client)),
    });
    expect(byPasskey.status).toBe(200);
    const byCode = await admin.client.post(path, { code: await totpCode(admin.totpSecret ?? "") });
    expect(byCode.status).toBe(200);
    expect(await resetLinks(member.email)).toBe(2);

    // An admin without any factor (the staff rule turned off for admins) cannot start one.
    await admin.client.put("/api/cms/settings", { secondFactorRoles: ["moderator"] });
    try {
      const bare = await createMember(t, { role: "admin", secondFactor: false });
      const refused = await bare.client.post(path, {});
      expect(refused.status).toBe(409);
      expect((await errorOf(refused)).code).toBe("NOT_ENROLLED");
    } finally {
      await admin.client.put("/api/cms/settings", { secondFactorRoles: ["admin", "moderator"] });
    }
    expect(await resetLinks(member.email)).toBe(2);
  });
});
