import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { setRole } from "@/server/auth/roles";
import { user } from "@/server/db/schema";
import type { Role } from "@/shared/permissions";
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
  const shown = pending.ok ? ((await pending.json()) as { name: string }).name : "Someone";
  return client.post("/api/auth/confirm-email", { token, name: name ?? shown, password });
}

export function uniqueEmail(prefix = "member"): string {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(3).toString("hex")}@example.com`;
}

export type MemberOverrides = { email?: string; name?: string; password?: string; role?: Role };

/** A verified, signed-in member, through the real sign-up and confirmation endpoints. */
export async function createMember(testApp: TestApp, overrides: MemberOverrides = {}) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? "correct horse battery";
  const name = overrides.name ?? "Test Member";
  const ip = `10.0.${counter % 250}.${(counter * 7) % 250}`;
  const client = createClient(testApp.app, ip, testApp.env.siteUrl);
  const signUp = await client.post("/api/auth/sign-up/email", { name, email, password });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const confirmed = await confirmFromMailbox(testApp, client, email, password);
  if (!confirmed.ok)
    throw new Error(`confirmation failed: ${confirmed.status} ${await confirmed.text()}`);
  const [created] = await testApp.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.toLowerCase()));
  if (!created) throw new Error("created user not found");
  if (overrides.role && overrides.role !== "user") {
    await setRole(testApp.db, {
      targetUserId: created.id,
      newRole: overrides.role,
      changedBy: null,
      reason: "test",
    });
  }
  return { id: created.id, email: email.toLowerCase(), name, password, client };
}
