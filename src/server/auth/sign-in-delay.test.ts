// Failed sign-ins slow the account's sign-ins from the same network (decision 051): guesses
// spread over one IPv6 /64 or IPv4 /24 count together, a known device is not slowed by them,
// and the delay grows, caps and is forgotten.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { eraseAccount } from "@/server/domain/member-data/erasure";
import { createMember } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody } from "@/shared/api-types";
import { removeStaleAccounts } from "./account-lifecycle";
import { DEVICE_COOKIE } from "./device-cookie";
import {
  delayAfterFailures,
  FAILURE_MEMORY_HOURS,
  FREE_FAILURES,
  MAX_DELAY_SECONDS,
  tooManyAttemptsMessage,
} from "./sign-in-delay";

/** Each sign-in hashes a password (about 0.5 s, more on a busy machine); a test makes up to 20. */
const SIGN_INS_TIMEOUT = 120_000;

let t: TestApp;
beforeAll(async () => {
  // better-auth's own per-address limit stays out of the way (createTestApp's 1000 a minute).
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Member = Awaited<ReturnType<typeof createMember>>;

function signIn(address: string, email: string, password: string, cookie?: string) {
  const client = createClient(t.app, address);
  if (cookie) client.cookies.set(DEVICE_COOKIE, cookie);
  return client.post("/api/auth/sign-in/email", { email, password });
}

/** The device cookie a successful sign-in set, as the browser would send it back. */
function deviceCookieOf(response: Response): string {
  const line = response.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  expect(line).toBeDefined();
  return (line ?? "").split(";")[0]?.slice(DEVICE_COOKIE.length + 1) ?? "";
}

/** Moves every failure of `email` an hour back: the next attempt is not delayed. */
async function waitOutDelays(email: string) {
  await t.db.execute(
    sql`update sign_in_failures set last_failed_at = now() - interval '1 hour' where email = ${email}`,
  );
}

/** A wrong password from each address, each let through (delays waited out). */
async function failFrom(addresses: string[], member: Member) {
  for (const address of addresses) {
    await waitOutDelays(member.email);
    const response = await signIn(address, member.email, "a wrong password");
    expect(response.status).toBe(401);
  }
}

async function expectDelayed(response: Response, atMost: number) {
  expect(response.status).toBe(429);
  expect(response.headers.getSetCookie()).toEqual([]);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(atMost);
  const body = (await response.json()) as ApiErrorBody;
  expect(body).toEqual({
    error: { code: "RATE_LIMITED", message: tooManyAttemptsMessage(retryAfter) },
  });
  return retryAfter;
}

const tenIn = (network: string) => Array.from({ length: 10 }, (_, n) => `${network}${n + 1}`);
/** Enough failures from one network to be delayed: one more than the free ones. */
const someIn = (network: string) => tenIn(network).slice(0, FREE_FAILURES + 1);

describe("the delay curve", () => {
  it("is free for the first failures, then doubles up to the cap", () => {
    const curve = Array.from({ length: 14 }, (_, failures) => delayAfterFailures(failures));
    expect(curve.slice(0, FREE_FAILURES)).toEqual([0, 0, 0, 0, 0]);
    expect(curve.slice(FREE_FAILURES)).toEqual([5, 10, 20, 40, 80, 160, 300, 300, 300]);
    expect(delayAfterFailures(10_000)).toBe(MAX_DELAY_SECONDS);
  });
});

describe("failed sign-ins per account and network", { timeout: SIGN_INS_TIMEOUT }, () => {
  let member: Member;
  beforeAll(async () => {
    member = await createMember(t);
  });

  it("delays a correct password from the /64 that guessed, without checking it", async () => {
    await failFrom(tenIn("2001:db8:aa:1::"), member);
    const response = await signIn("2001:db8:aa:1::beef", member.email, member.password);
    const wait = await expectDelayed(response, delayAfterFailures(10));
    expect(wait).toBeGreaterThan(delayAfterFailures(9));
    // Refused before better-auth: nothing was counted for it and no session was made.
    const [row] = await queryRows<{ failures: number }>(
      t.db,
      sql`select failures from sign_in_failures
          where email = ${member.email} and subject = 'prefix:2001:db8:aa:1::/64'`,
    );
    expect(row?.failures).toBe(10);
  });

  it("lets the owner's known device in from that same /64", async () => {
    // The owner's laptop signed in before, elsewhere: it holds the device cookie.
    const ownCookie = deviceCookieOf(await signIn("192.0.2.10", member.email, member.password));
    await expectDelayed(await signIn("2001:db8:aa:1::cafe", member.email, member.password), 300);
    const response = await signIn("2001:db8:aa:1::cafe", member.email, member.password, ownCookie);
    expect(response.status).toBe(200);
  });

  it("counts another /64 on its own", async () => {
    const response = await signIn("2001:db8:aa:2::1", member.email, member.password);
    expect(response.status).toBe(200);
  });

  it("counts an IPv4 /24 together, and another /24 on its own", async () => {
    await failFrom(someIn("198.51.100."), member);
    await expectDelayed(await signIn("198.51.100.200", member.email, member.password), 300);
    expect((await signIn("198.51.101.1", member.email, member.password)).status).toBe(200);
  });

  it("answers an address without an account exactly as one with (no account list)", async () => {
    const nobody = { ...member, email: "nobody-at-all@example.com" };
    await failFrom(someIn("2001:db8:aa:3::"), nobody);
    await expectDelayed(await signIn("2001:db8:aa:3::1", nobody.email, "x"), 300);
  });

  it("refuses all but the free failures of guesses sent at the same moment", async () => {
    const responses = await Promise.all(
      tenIn("2001:db8:aa:4::").map((address) => signIn(address, member.email, "a wrong password")),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(FREE_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10 - FREE_FAILURES);
  });

  it("grows the delay with each failure and caps it", async () => {
    const network = "2001:db8:aa:5::";
    // Retry-After is what is left of the delay, so it is the delay less the seconds since the
    // last failure: on a busy machine a capped 300 can read 299. Each wait is checked against
    // the delay its failure count earns, less the seconds this client saw pass.
    let since = Date.now();
    await failFrom(tenIn(network).slice(0, FREE_FAILURES), member);
    for (let n = 0; n < 8; n += 1) {
      const wait = await expectDelayed(await signIn(`${network}f`, member.email, "x"), 300);
      const delay = delayAfterFailures(FREE_FAILURES + n);
      const passed = Math.ceil((Date.now() - since) / 1000);
      expect(wait).toBeLessThanOrEqual(delay);
      expect(wait).toBeGreaterThanOrEqual(delay - passed);
      since = Date.now();
      await failFrom([`${network}${n + 20}`], member);
    }
    expect(delayAfterFailures(FREE_FAILURES + 7)).toBe(MAX_DELAY_SECONDS);
  });

  it("forgets failures a day old, and the hourly sweep deletes them", async () => {
    const network = "2001:db8:aa:6::";
    await failFrom(someIn(network), member);
    await expectDelayed(await signIn(`${network}1`, member.email, member.password), 300);
    await t.db.execute(
      sql`update sign_in_failures
          set last_failed_at = now() - make_interval(hours => ${FAILURE_MEMORY_HOURS}, secs => 1)
          where email = ${member.email} and subject = ${`prefix:${network}/64`}`,
    );
    await removeStaleAccounts(t.db);
    const left = await queryRows<{ subject: string }>(
      t.db,
      sql`select subject from sign_in_failures where subject = ${`prefix:${network}/64`}`,
    );
    expect(left).toEqual([]);
    expect((await signIn(`${network}1`, member.email, member.password)).status).toBe(200);
  });
});

describe("the device cookie", { timeout: SIGN_INS_TIMEOUT }, () => {
  it("counts a known device's own failures, so a stolen cookie does not guess freely", async () => {
    const member = await createMember(t);
    const cookie = deviceCookieOf(await signIn("192.0.2.20", member.email, member.password));
    for (let n = 0; n < FREE_FAILURES; n += 1) {
      expect((await signIn(`2001:db8:bb:${n}::1`, member.email, "wrong", cookie)).status).toBe(401);
    }
    // From a fresh network each time, yet the device's count holds.
    await expectDelayed(await signIn("2001:db8:bb:99::1", member.email, "wrong", cookie), 300);
    // The owner's other places are not slowed by the device's failures.
    expect((await signIn("192.0.2.21", member.email, member.password)).status).toBe(200);
  });

  it("exempts only the account it signed in to, and only when the server signed it", async () => {
    const victim = await createMember(t);
    const attacker = await createMember(t);
    const network = "2001:db8:cc:1::";
    await failFrom(someIn(network), victim);
    // The attacker's own account's cookie does not name the victim.
    const attackerCookie = deviceCookieOf(
      await signIn(`${network}77`, attacker.email, attacker.password),
    );
    await expectDelayed(
      await signIn(`${network}1`, victim.email, victim.password, attackerCookie),
      300,
    );
    // A cookie rewritten to name the victim fails its signature.
    const [, deviceAndSignature] = decodeURIComponent(attackerCookie).split(":");
    const forged = encodeURIComponent(`${victim.id}:${deviceAndSignature}`);
    await expectDelayed(await signIn(`${network}2`, victim.email, victim.password, forged), 300);
  });

  it("is long-lived, httpOnly and sent to the account endpoints only", async () => {
    const member = await createMember(t);
    const response = await signIn("192.0.2.30", member.email, member.password);
    const line = response.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\/api\/auth(;|$)/);
    expect(line).toMatch(/Max-Age=31536000/);
    // A wrong password sets none.
    const wrong = await signIn("192.0.2.30", member.email, "wrong");
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });
});

describe("erasure", { timeout: SIGN_INS_TIMEOUT }, () => {
  it("erases the account's failures with it", async () => {
    const member = await createMember(t);
    await failFrom(["2001:db8:dd:1::1"], member);
    const counted = sql`select email from sign_in_failures where email = ${member.email}`;
    expect(await queryRows(t.db, counted)).toHaveLength(1);
    await eraseAccount({ ...t.deps }, member.id, { kind: "member", removeContent: false });
    expect(await queryRows(t.db, counted)).toEqual([]);
  });
});
