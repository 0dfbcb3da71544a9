import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Role } from "../../shared/permissions";
import { setRole } from "../auth/roles";
import { user } from "../db/schema";
import { createClient, type TestApp } from "./test-app";

let counter = 0;

/** The token of the newest link in the dev mailbox to `to` whose path is `path`. */
export async function mailedToken(testApp: TestApp, to: string, path: string): Promise<string> {
  const message = (await testApp.mailbox.latest(to)) ?? "";
  for (const found of message.match(/https?:\/\/\S+/g) ?? []) {
    const url = new URL(found);
    const token = url.searchParams.get("token");
    if (url.pathname === path && token) return token;
  }
  throw new Error(`no ${path} link in the newest mail to ${to}`);
}

type Client = ReturnType<typeof createClient>;

/** Opens the newest confirmation link as the inbox's holder would: choosing `password`. */
export async function confirmFromMailbox(
  testApp: TestApp,
  client: Client,
  email: string,
  password: string,
): Promise<Response> {
  const token = await mailedToken(testApp, email, "/auth/confirm");
  return client.post("/api/auth/confirm-email", { token, password });
}

export function uniqueEmail(prefix = "member"): string {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(3).toString("hex")}@example.com`;
}

export type MemberOverrides = { email?: string; name?: string; password?: string; role?: Role };

/** A verified, signed-in member (through the real sign-up and sign-in endpoints). */
export async function createMember(testApp: TestApp, overrides: MemberOverrides = {}) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? "correct horse battery";
  const name = overrides.name ?? "Test Member";
  const client = createClient(testApp.app, `10.0.${counter % 250}.${(counter * 7) % 250}`);
  const signUp = await client.post("/api/auth/sign-up/email", { name, email, password });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const [created] = await testApp.db
    .update(user)
    .set({ emailVerified: true })
    .where(eq(user.email, email.toLowerCase()))
    .returning({ id: user.id });
  if (!created) throw new Error("created user not found");
  if (overrides.role && overrides.role !== "user") {
    await setRole(testApp.db, {
      targetUserId: created.id,
      newRole: overrides.role,
      changedBy: null,
      reason: "test",
    });
  }
  const signIn = await client.post("/api/auth/sign-in/email", { email, password });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return { id: created.id, email: email.toLowerCase(), name, password, client };
}
