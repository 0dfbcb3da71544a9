// Issue 12's takeover, as an attacker tried it: sign up with someone else's address (one that
// ADMIN_EMAILS lists) before or after its owner, and hope the owner's click activates the
// attacker's password. Both orders must leave the owner in charge and the attacker out.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { tokenIn, uniqueEmail } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { MembersPage, SessionResponse } from "@/shared/api-types";

const OWNER_PASSWORD = "the owner's own password";
const ATTACKER_PASSWORD = "attacker-pw-1";

let t: TestApp;
let bossEmail: string;
beforeAll(async () => {
  bossEmail = uniqueEmail("boss");
  t = await createTestApp({ env: { ADMIN_EMAILS: `admin@x.test,${bossEmail}` } });
});
afterAll(async () => {
  await t.close();
});

function signUp(email: string, password: string, ip: string) {
  return createClient(t.app, ip).post("/api/auth/sign-up/email", {
    name: "Boss",
    email,
    password,
  });
}

/** A sign-up answer without the parts that differ between any two sign-ups. */
async function shapeOf(response: Response) {
  const body = (await response.json()) as { token: unknown; user: Record<string, unknown> };
  return { status: response.status, token: body.token, keys: Object.keys(body.user).sort() };
}

async function signInStatus(email: string, password: string): Promise<number> {
  const client = createClient(t.app, "10.9.9.9");
  return (await client.post("/api/auth/sign-in/email", { email, password })).status;
}

async function confirmationTokens(email: string): Promise<string[]> {
  const mails = await t.mailbox.all(email);
  return mails.map((mail) => tokenIn(mail, "/auth/confirm")).filter((x) => x !== null);
}

async function ownsNothing(email: string) {
  const [row] = await queryRows<{ id: string; profiles: number; roles: number }>(
    t.db,
    sql`select u.id, (select count(*) from profiles p where p.id = u.id)::int as profiles,
               (select count(*) from user_roles r where r.user_id = u.id)::int as roles
        from "user" u where u.email = ${email}`,
  );
  const admins = (await (
    await createClient(t.app).get("/api/members?role=admin")
  ).json()) as MembersPage;
  return {
    profiles: row?.profiles,
    roles: row?.roles,
    listedAsAdmin: admins.members.some((member) => member.id === row?.id),
  };
}

describe("account takeover before verification", () => {
  it("attacker first: the owner's click sets the owner's password, never the attacker's", async () => {
    const email = bossEmail;
    const attacker = await signUp(email, ATTACKER_PASSWORD, "10.6.6.6");
    expect(attacker.status).toBe(200);
    // The unverified account owns nothing: no admin role, no profile, not in the directory.
    expect(await ownsNothing(email)).toEqual({ profiles: 0, roles: 0, listedAsAdmin: false });
    // Whatever the attacker typed as a password is not kept at all (decision 061).
    expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(401);

    // The only mail in the owner's inbox is the one the attacker caused. Its link asks for the
    // password, and what the owner types there is what becomes active.
    const [link] = await confirmationTokens(email);
    const owner = createClient(t.app, "10.1.1.1");
    const confirmed = await owner.post("/api/auth/confirm-email", {
      token: link,
      name: "The Real Boss",
      password: OWNER_PASSWORD,
      termsVersion: 1,
    });
    expect(confirmed.status).toBe(200);
    const session = (await (await owner.get("/api/session")).json()) as SessionResponse;
    expect(session.user?.email).toBe(email);
    expect(session.role).toBe("admin");

    expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(401);
    expect(await signInStatus(email, OWNER_PASSWORD)).toBe(200);
    // A used link does not work twice.
    const again = await createClient(t.app, "10.6.6.6").post("/api/auth/confirm-email", {
      token: link,
      name: "Boss",
      password: ATTACKER_PASSWORD,
      termsVersion: 1,
    });
    expect(again.status).toBe(400);
    expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(401);

    // Signing up again for a verified address: the same answer, nothing changes, the owner is told.
    const mailsBefore = (await t.mailbox.all(email)).length;
    const late = await signUp(email, ATTACKER_PASSWORD, "10.6.6.6");
    const fresh = await signUp(uniqueEmail("fresh"), ATTACKER_PASSWORD, "10.6.6.6");
    expect(await shapeOf(late)).toEqual(await shapeOf(fresh));
    expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(401);
    const mails = await t.mailbox.all(email);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)).toContain("already has an account");
    expect(tokenIn(mails.at(-1) ?? "", "/auth/confirm")).toBeNull();
  });

  it("owner first: a later sign-up answers the same, and only the newest link works", async () => {
    const email = uniqueEmail("owner-first");
    const ownerSignUp = await signUp(email, OWNER_PASSWORD, "10.1.1.2");
    const attackerSignUp = await signUp(email, ATTACKER_PASSWORD, "10.6.6.7");
    expect(await shapeOf(attackerSignUp)).toEqual(await shapeOf(ownerSignUp));
    expect(await ownsNothing(email)).toEqual({ profiles: 0, roles: 0, listedAsAdmin: false });

    // The repeated sign-up sent a fresh link, and the first one stopped working.
    const [first, second] = await confirmationTokens(email);
    expect(second).toBeDefined();
    const owner = createClient(t.app, "10.1.1.2");
    const stale = await owner.post("/api/auth/confirm-email", {
      token: first,
      name: "Owner",
      password: OWNER_PASSWORD,
      termsVersion: 1,
    });
    expect(stale.status).toBe(400);
    expect(((await stale.json()) as { error: { code: string } }).error.code).toBe("INVALID_TOKEN");

    expect(
      (
        await owner.post("/api/auth/confirm-email", {
          token: second,
          name: "Owner",
          password: OWNER_PASSWORD,
          termsVersion: 1,
        })
      ).status,
    ).toBe(200);
    expect(await signInStatus(email, OWNER_PASSWORD)).toBe(200);
    expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(401);
  });

  it("no mail quotes the name typed at sign-up", async () => {
    const email = uniqueEmail("quoted");
    await createClient(t.app, "10.6.6.8").post("/api/auth/sign-up/email", {
      name: "Visit evil dot example now",
      email,
      password: ATTACKER_PASSWORD,
      termsVersion: 1,
    });
    expect(await t.mailbox.latest(email)).not.toContain("evil");
  });
});
