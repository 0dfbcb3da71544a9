import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { latestMailLink } from "./mailbox";

export const PASSWORD = "e2e password 123";

export function uniqueEmail(prefix = "member"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
}

export type Account = { email: string; name: string; password: string };

/** Signs up through the API and confirms the email from the dev mailbox. */
export async function createVerifiedAccount(
  request: APIRequestContext,
  { email = uniqueEmail(), name = "E2E Member" }: { email?: string; name?: string } = {},
): Promise<Account> {
  const response = await request.post("/api/auth/sign-up/email", {
    data: { name, email, password: PASSWORD },
  });
  if (!response.ok())
    throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  const verify = await request.get(await latestMailLink(email), { maxRedirects: 0 });
  if (verify.status() !== 302) throw new Error(`verification failed: ${verify.status()}`);
  return { email, name, password: PASSWORD };
}

/** Signs `page` in through the API: the session cookie lands in the page's browser context. */
export async function signIn(page: Page, account: Account): Promise<void> {
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
  });
  if (!response.ok())
    throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}
