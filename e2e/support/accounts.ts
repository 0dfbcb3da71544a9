import { randomBytes } from "node:crypto";
import { type APIRequestContext, type Page, request as playwrightRequest } from "@playwright/test";
import { type PooledSignUp, workerSite } from "./account-pool";
import { openInbox } from "./mailbox";

export const PASSWORD = "e2e password 123";

export function uniqueEmail(prefix = "member"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
}

export type Account = { email: string; name: string; password: string };

/** The `token` query parameter of an emailed link. */
export function linkToken(link: string): string {
  const token = new URL(link).searchParams.get("token");
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/**
 * A new verified account, finished as the inbox's holder does: the confirmation link's token
 * and the name and password chosen on its page (POST /api/auth/confirm-email). The sign-up
 * itself comes from the worker's pool, inserted before the server started (decision 055), so
 * no test waits for the mail queue; with `email` given (or the pool spent) it signs up through
 * `request` and reads the link from the mail. The confirmation signs in whoever sends it, so it
 * goes through a request context of its own: `request` (often a page's, shared with its
 * browser context) keeps whatever session it had. Use signIn().
 */
export async function createVerifiedAccount(
  request: APIRequestContext,
  {
    email,
    name = "E2E Member",
    password = PASSWORD,
  }: { email?: string; name?: string; password?: string } = {},
): Promise<Account> {
  const pooled = email === undefined ? workerSite().takeSignUp() : undefined;
  const signUp = pooled ?? (await signUpByMail(request, email ?? uniqueEmail(), name, password));
  const confirmer = await playwrightRequest.newContext({ baseURL: siteOrigin() });
  try {
    // Confirming accepts the terms' current version (docs/decisions/082).
    const pending = await confirmer.get(
      `/api/auth/confirm-email?token=${encodeURIComponent(signUp.token)}`,
    );
    const { terms } = (await pending.json()) as { terms: { version: number } };
    const confirm = await confirmer.post("/api/auth/confirm-email", {
      data: { token: signUp.token, name, password, termsVersion: terms.version },
    });
    if (!confirm.ok())
      throw new Error(`confirmation failed: ${confirm.status()} ${await confirm.text()}`);
    // Leave no session behind: tests count and end the sessions they start themselves.
    // better-auth wants the Origin a browser would send with a cookie.
    const signOut = await confirmer.post("/api/auth/sign-out", {
      data: {},
      headers: { origin: siteOrigin() },
    });
    if (!signOut.ok())
      throw new Error(`sign-out failed: ${signOut.status()} ${await signOut.text()}`);
  } finally {
    await confirmer.dispose();
  }
  return { email: signUp.email, name, password };
}

/** Signs up through `request` and waits for the confirmation mail's token. */
async function signUpByMail(
  request: APIRequestContext,
  email: string,
  name: string,
  password: string,
): Promise<PooledSignUp> {
  const inbox = await openInbox(email);
  const response = await request.post("/api/auth/sign-up/email", {
    // The password typed at sign-up never becomes active: only the one chosen on confirming.
    data: { name, email, password: `${password} typed at sign-up` },
    // As a browser sends it: a context holding a cookie (the device cookie of decision 051
    // outlives a session) is refused a write without it.
    headers: { origin: siteOrigin() },
  });
  if (!response.ok())
    throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  return { email, token: linkToken(await inbox.nextLink("/auth/confirm")) };
}

/** The worker's site's origin (the tests' baseURL), as a browser on the site sends it. */
export function siteOrigin(): string {
  return new URL(workerSite().url).origin;
}

/**
 * Signs `page` in through the API: the session cookie lands in the page's browser context.
 * It sends the site's Origin as the sign-in form would: once the context holds a cookie,
 * better-auth refuses a write without one (403 MISSING_OR_NULL_ORIGIN).
 */
export async function signIn(page: Page, account: Account): Promise<void> {
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
    headers: { origin: siteOrigin() },
  });
  if (!response.ok())
    throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

/**
 * Ends whoever is signed in on `page`'s browser context. An open page of the site is left
 * first: it would find its session gone halfway through (a lazily loaded bell asking for its
 * count without a cookie gets a 401, which the console guard counts as an error).
 */
export async function signOutContext(page: Page): Promise<void> {
  if (page.url() !== "about:blank") await page.goto("about:blank");
  await page.context().clearCookies();
}

/** A new verified member, signed in on `page` in place of whoever was signed in there. */
export async function newMemberOn(
  page: Page,
  { name = "E2E Member", email = uniqueEmail() }: { name?: string; email?: string } = {},
): Promise<Account> {
  // Also because better-auth refuses Origin-less requests that carry a session cookie.
  await signOutContext(page);
  const account = await createVerifiedAccount(page.request, { name, email });
  await signIn(page, account);
  return account;
}
