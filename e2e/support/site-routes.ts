// Every page of the site, from the app's own route list (src/client/lib/paths.ts), with hostile
// long-word data seeded so the pages have something to overflow with (issue 21): the browser
// sweeps (overflow, axe, links) visit them all, and a page another change adds is swept too.
import { randomBytes } from "node:crypto";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { paths, type routePatterns } from "../../src/client/lib/paths";
import { categoryPath } from "../../src/shared/category-paths";
import { type Account, createVerifiedAccount, signIn, siteOrigin } from "./accounts";
import { setRole } from "./roles";

/** One word, no break opportunity: the length of a title or a pasted URL. */
export const LONG_WORD = `Unbreakable${"Supercalifragilistic".repeat(9)}`.slice(0, 190);
const LONG_URL = `https://example.com/${"a-very-long-path-segment-".repeat(12)}end`;

export type Visitor = "anonymous" | "member" | "admin";
export type Visit = { path: string; visitor: Visitor };

export type SeededSite = {
  member: Account;
  admin: Account;
  discussionId: string;
  memberId: string;
  postSlug: string;
};

/** The pages only a member sees (behind ProtectedRoute); /cms is for staff. */
const MEMBER_PAGES: readonly string[] = [paths.profileEdit, paths.settings, paths.notifications];

async function ok<T>(what: string, response: Promise<import("@playwright/test").APIResponse>) {
  const answer = await response;
  if (!answer.ok()) throw new Error(`${what}: ${answer.status()} ${await answer.text()}`);
  return (await answer.json().catch(() => ({}))) as T;
}

/**
 * Seeds a member and an admin whose every text is one long word, a discussion, a reply, a blog
 * post, a hero word, a contact message and a data request the same way.
 */
export async function seedHostileSite(browser: Browser): Promise<SeededSite> {
  const tag = randomBytes(3).toString("hex");
  // Made in a beforeAll, where the tests' baseURL is not applied.
  const context = await browser.newContext({ baseURL: siteOrigin() });
  const page = await context.newPage();
  try {
    const request = page.request;
    const headers = { origin: siteOrigin() };
    const member = await createVerifiedAccount(request, {
      name: `Member${LONG_WORD}`.slice(0, 99),
    });
    const admin = await createVerifiedAccount(request, {
      name: `Admin${tag}${LONG_WORD}`.slice(0, 99),
    });
    await setRole(admin.email, "admin");

    await signIn(page, member);
    const session = await ok<{ user: { id: string } }>("session", request.get("/api/session"));
    const memberId = session.user.id;
    await ok(
      "profile",
      request.patch(`/api/profiles/${memberId}`, {
        headers,
        data: {
          fullName: member.name,
          bio: `${LONG_WORD} ${LONG_WORD}`,
          location: LONG_WORD.slice(0, 99),
          website: LONG_URL,
        },
      }),
    );
    const discussion = await ok<{ id: string }>(
      "discussion",
      request.post("/api/discussions", {
        headers,
        data: {
          category: "rants-and-vents",
          title: LONG_WORD,
          content: `${LONG_WORD}\n${LONG_URL}`,
        },
      }),
    );
    await ok(
      "reply",
      request.post(`/api/discussions/${discussion.id}/replies`, {
        headers,
        data: { content: `${LONG_WORD} ${LONG_URL}` },
      }),
    );
    await ok(
      "contact",
      request.post("/api/contact", {
        headers,
        data: {
          name: LONG_WORD.slice(0, 99),
          email: `x${tag}@example.com`,
          subject: LONG_WORD,
          message: LONG_URL,
        },
      }),
    );
    await ok(
      "data request",
      request.post("/api/data-requests", {
        headers,
        data: {
          requestType: "access",
          email: `y${tag}@example.com`,
          fullName: LONG_WORD.slice(0, 99),
          details: LONG_URL,
        },
      }),
    );

    await context.clearCookies();
    await signIn(page, admin);
    const postBody = {
      title: LONG_WORD,
      excerpt: LONG_WORD,
      content: `${LONG_WORD}\n\n${LONG_URL}`,
    };
    const post = await ok<{ id: string; slug: string }>(
      "blog post",
      request.post("/api/cms/blog-posts", {
        headers,
        data: postBody,
      }),
    );
    // A new post is a draft: an edit publishes it.
    await ok(
      "publish",
      request.put(`/api/cms/blog-posts/${post.id}`, {
        headers,
        data: { ...postBody, status: "published" },
      }),
    );
    await ok(
      "hero word",
      request.post("/api/cms/hero-words", {
        headers,
        data: { word: `${tag}${LONG_WORD}`.slice(0, 50) },
      }),
    );
    return { member, admin, discussionId: discussion.id, memberId, postSlug: post.slug };
  } finally {
    await context.close();
  }
}

/** A path for each route pattern, from the seeded records: a new pattern must be added here. */
export function patternSamples(site: SeededSite): Record<keyof typeof routePatterns, string> {
  return {
    blogPost: paths.blogPost(site.postSlug),
    category: categoryPath("rants-and-vents"),
    discussion: paths.discussion(site.discussionId),
    profile: paths.profile(site.memberId),
    // Results with the long word in every title, excerpt and name (issue 44).
    search: paths.search(LONG_WORD),
  };
}

/** Every page: the static paths, one of each pattern, and a path that is not a page. */
export function siteVisits(site: SeededSite): Visit[] {
  const visits: Visit[] = [];
  for (const value of Object.values(paths)) {
    if (typeof value !== "string") continue;
    const visitor: Visitor =
      value === paths.cms ? "admin" : MEMBER_PAGES.includes(value) ? "member" : "anonymous";
    visits.push({ path: value, visitor });
  }
  for (const path of Object.values(patternSamples(site)))
    visits.push({ path, visitor: "anonymous" });
  // The forum filtered by the hostile member, and a page that does not exist.
  visits.push({ path: paths.discussionsByAuthor(site.memberId), visitor: "anonymous" });
  visits.push({ path: "/no-such-page", visitor: "anonymous" });
  return visits;
}

/** The CMS tabs an admin sees, read from the page itself: tabs added later are swept too. */
export async function cmsTabVisits(page: Page): Promise<Visit[]> {
  await page.goto(paths.cms);
  const tabs = page.getByRole("tab");
  await tabs.first().waitFor();
  const ids = await tabs.evaluateAll((elements) =>
    elements.map((element) => element.getAttribute("id")?.replace(/^.*-trigger-/, "") ?? ""),
  );
  return ids.filter(Boolean).map((id) => ({ path: `${paths.cms}?tab=${id}`, visitor: "admin" }));
}

/** Signs `page`'s context in as the visit's visitor (or out). */
export async function actAs(page: Page, visitor: Visitor, site: SeededSite): Promise<void> {
  await page.context().clearCookies({ name: "better-auth.session_token" });
  if (page.url() !== "about:blank") await page.goto("about:blank");
  await page.context().clearCookies();
  if (visitor === "member") await signIn(page, site.member);
  if (visitor === "admin") await signIn(page, site.admin);
}

/**
 * Waits for what loads after the page: no skeleton pulsing and no "Loading..." status left, or
 * at most a few seconds. Skeletons are the muted boxes that pulse; the typing carets of the hero
 * and the showcase pulse for ever, in the primary colour, and are not waited for.
 */
export async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        !document.querySelector('.animate-pulse[class*="bg-muted"]') &&
        ![...document.querySelectorAll('[role="status"]')].some((element) =>
          /Loading/.test(element.textContent ?? ""),
        ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
}

export type { APIRequestContext };
