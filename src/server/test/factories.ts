import { randomBytes } from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { makeSignature, symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { activateAccount } from "@/server/auth/account-lifecycle";
import { setRole } from "@/server/auth/roles";
import type { AppDeps } from "@/server/context";
import { twoFactor, user } from "@/server/db/schema";
import { termsVersions } from "@/server/domain/site/site-pages";
import { recordTermsAcceptance } from "@/server/domain/site/terms-acceptance";
import type { Role } from "@/shared/permissions";
import { DEFAULT_SITE_SETTINGS } from "@/shared/site-settings";
import { createClient, type TestApp } from "./test-app";

let counter = 0;

/** The token of the first link in `message` whose path is `path`, or null. */
export function tokenIn(message: string, path: string): string | null {
  for (const found of message.match(/https?:\/\/\S+/g) ?? []) {
    const url = new URL(found);
    const token = url.searchParams.get("token");
    if (url.pathname === path && token) return token;
  }
  return null;
}

/** The token of the newest link in the dev mailbox to `to` whose path is `path`. */
export async function mailedToken(testApp: TestApp, to: string, path: string): Promise<string> {
  const token = tokenIn((await testApp.mailbox.latest(to)) ?? "", path);
  if (!token) throw new Error(`no ${path} link in the newest mail to ${to}`);
  return token;
}

type Client = ReturnType<typeof createClient>;

/**
 * Opens the newest confirmation link as the inbox's holder would: keeps the name the page
 * shows (unless `name` is given) and chooses `password`.
 */
export async function confirmFromMailbox(
  testApp: TestApp,
  client: Client,
  email: string,
  password: string,
  name?: string,
): Promise<Response> {
  const token = await mailedToken(testApp, email, "/auth/confirm");
  const pending = await client.get(`/api/auth/confirm-email?token=${encodeURIComponent(token)}`);
  const shown = pending.ok
    ? ((await pending.json()) as { name: string; terms: { version: number } })
    : { name: "Someone", terms: { version: 1 } };
  return client.post("/api/auth/confirm-email", {
    token,
    name: name ?? shown.name,
    password,
    termsVersion: shown.terms.version,
  });
}

export function uniqueEmail(prefix = "member"): string {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(3).toString("hex")}@example.com`;
}

export type MemberOverrides = {
  email?: string;
  name?: string;
  password?: string;
  role?: Role;
  /**
   * A confirmed authenticator app (decision 060). By default staff whose role the site setting
   * names out of the box (admins, moderators) have one, as the rule makes them.
   */
  secondFactor?: boolean;
};

/** The roles that must use a second factor on a new site (DEFAULT_SITE_SETTINGS). */
const SECOND_FACTOR_BY_DEFAULT: readonly Role[] = DEFAULT_SITE_SETTINGS.secondFactorRoles;

/**
 * The code an authenticator app holding `secret` shows at `at`: the secret's bytes, or the
 * base32 text the set-up page shows (`{ base32 }`), as the app reads it from the QR code.
 */
export function totpCode(secret: string | { base32: string }, at = Date.now()): Promise<string> {
  const key = typeof secret === "string" ? secret : base32.decode(secret.base32);
  return createOTP(key).hotp(Math.floor(at / 30_000));
}

/**
 * The rows a confirmed authenticator app leaves (better-auth's plugin's table, its secret and
 * recovery codes encrypted as it does them): the member's sessions made before stay valid.
 */
export async function enrolSecondFactor(
  testApp: TestApp,
  userId: string,
): Promise<{ totpSecret: string; recoveryCodes: string[] }> {
  const { secretConfig } = await testApp.auth.$context;
  const totpSecret = randomBytes(16).toString("hex");
  const recoveryCodes = Array.from({ length: 10 }, () => {
    const code = randomBytes(5).toString("hex");
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
  await testApp.db.insert(twoFactor).values({
    id: crypto.randomUUID(),
    userId,
    secret: await symmetricEncrypt({ key: secretConfig, data: totpSecret }),
    backupCodes: await symmetricEncrypt({ key: secretConfig, data: JSON.stringify(recoveryCodes) }),
    verified: true,
  });
  await testApp.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, userId));
  return { totpSecret, recoveryCodes };
}

/** One scrypt hash per password and test file: hashing is most of what a real sign-up costs. */
const passwordHashes = new Map<string, Promise<string>>();

async function passwordHash(testApp: TestApp, password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = testApp.auth.$context.then((context) => context.password.hash(password));
    passwordHashes.set(password, hash);
  }
  return hash;
}

/**
 * A verified, signed-in member, inserted directly: the rows sign-up and confirmation leave
 * (an unverified user and its credential, then the same activation, whose trigger makes the
 * profile and role rows: decisions 001, 014) and a session whose cookie better-auth signs,
 * as its own test-utils plugin does. factories.test.ts holds it equal to a signed-up member;
 * the sign-up, confirmation and sign-in flows keep their own tests through the real routes.
 */
export async function createMember(testApp: TestApp, overrides: MemberOverrides = {}) {
  const email = (overrides.email ?? uniqueEmail()).toLowerCase();
  const password = overrides.password ?? "correct horse battery";
  const name = overrides.name ?? "Test Member";
  const ip = `10.0.${counter % 250}.${(counter * 7) % 250}`;
  const created = await insertSignedUpUser(testApp.auth, {
    email,
    name,
    passwordHash: await passwordHash(testApp, password),
  });
  await activateAccount(testApp.db, created, {
    adminEmails: testApp.env.adminEmails,
    secret: testApp.deps.secret,
  });
  // The confirmation page's box: the member accepts the terms shown (docs/decisions/082).
  await recordTermsAcceptance(testApp.db, created.id, (await termsVersions(testApp.db)).current);
  if (overrides.role && overrides.role !== "user") {
    await setRole(testApp.db, {
      targetUserId: created.id,
      newRole: overrides.role,
      changedBy: null,
      reason: "test",
    });
  }
  const client = createClient(testApp.app, ip, testApp.env.siteUrl);
  await signInDirectly(testApp, client, created.id, ip);
  // After the session: a session made for a member with a factor is refused its first step.
  const factor =
    (overrides.secondFactor ?? SECOND_FACTOR_BY_DEFAULT.includes(overrides.role ?? "user"))
      ? await enrolSecondFactor(testApp, created.id)
      : { totpSecret: null, recoveryCodes: [] };
  return { id: created.id, email, name, password, client, ...factor };
}

/**
 * The rows a sign-up leaves: an unverified user and its credential, inserted through
 * better-auth's adapter. The browser tests' account pool starts from them too (decision 055).
 */
export async function insertSignedUpUser(
  auth: AppDeps["auth"],
  { email, name, passwordHash }: { email: string; name: string; passwordHash: string },
) {
  const context = await auth.$context;
  const created = await context.internalAdapter.createUser(
    { email, name, emailVerified: false },
    { method: "email-password" },
  );
  await context.internalAdapter.linkAccount({
    userId: created.id,
    accountId: created.id,
    providerId: "credential",
    password: passwordHash,
  });
  return created;
}

/** Gives `client` a new session of `userId`, with the cookie better-auth would have set. */
export async function signInDirectly(
  testApp: TestApp,
  client: Client,
  userId: string,
  ip = "127.0.0.1",
): Promise<void> {
  const context = await testApp.auth.$context;
  const session = await context.internalAdapter.createSession(userId, false, { ipAddress: ip });
  const signature = await makeSignature(session.token, context.secret);
  client.cookies.set(
    context.authCookies.sessionToken.name,
    encodeURIComponent(`${session.token}.${signature}`),
  );
}
