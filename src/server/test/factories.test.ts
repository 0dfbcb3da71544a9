// The factory's member must be what sign-up and confirmation make: the same rows with the same
// values in every column but the ones that are each account's own (ids, address, times, hash).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { confirmFromMailbox, createMember, uniqueEmail } from "./factories";
import { createClient, createTestApp, type TestApp } from "./test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Each account's own values: the same in neither member, so left out of the comparison. */
const OWN = new Set([
  "id",
  "user_id",
  "account_id",
  "email",
  "token",
  "password",
  "created_at",
  "updated_at",
  "expires_at",
  "joined_at",
  "last_active_at",
  "terms_accepted_at",
  "ip_address",
  "user_agent",
  "seq",
]);

const comparable = (row: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(row ?? {}).filter(([column]) => !OWN.has(column)));

async function rowsOf(userId: string) {
  const one = async (table: string, key: string) => {
    const rows = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select * from ${sql.identifier(table)} where ${sql.identifier(key)} = ${userId}`,
    );
    return rows.map(comparable);
  };
  return {
    user: await one("user", "id"),
    account: await one("account", "user_id"),
    profiles: await one("profiles", "id"),
    user_roles: await one("user_roles", "user_id"),
    session: await one("session", "user_id"),
  };
}

it("a factory member has the rows of a signed-up member, column by column", async () => {
  const email = uniqueEmail("signed-up");
  const password = "correct horse battery";
  const client = createClient(t.app);
  const signUp = await client.post("/api/auth/sign-up/email", {
    name: "Same Name",
    email,
    password,
  });
  expect(signUp.status).toBe(200);
  expect((await confirmFromMailbox(t, client, email, password, "Same Name")).status).toBe(200);
  const [signedUp] = await queryRows<{ id: string }>(
    t.db,
    sql`select id from "user" where email = ${email}`,
  );
  const made = await createMember(t, { name: "Same Name", password });

  const expected = await rowsOf(signedUp?.id ?? "");
  expect(expected.profiles).toHaveLength(1);
  expect(expected.session).toHaveLength(1);
  expect(await rowsOf(made.id)).toEqual(expected);

  // Both are signed in, with the same password.
  for (const member of [client, made.client]) {
    const session = await member.get("/api/session");
    expect(((await session.json()) as { user: unknown }).user).toBeTruthy();
  }
  const again = await createClient(t.app).post("/api/auth/sign-in/email", {
    email: made.email,
    password,
  });
  expect(again.status).toBe(200);
});

it("a factory member listed in ADMIN_EMAILS is an admin, as a confirmed one is", async () => {
  const admins = await createTestApp({ env: { ADMIN_EMAILS: "listed@example.com" } });
  try {
    const made = await createMember(admins, { email: "Listed@example.com" });
    const [role] = await queryRows<{ role: string }>(
      admins.db,
      sql`select role from user_roles where user_id = ${made.id}`,
    );
    expect(role?.role).toBe("admin");
  } finally {
    await admins.close();
  }
});
