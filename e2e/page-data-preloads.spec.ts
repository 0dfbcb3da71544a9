import type { Page } from "@playwright/test";
import type { DiscussionItem, SessionResponse } from "../src/shared/api-types";
import { createVerifiedAccount, signIn } from "./support/accounts";
import { expect, test } from "./support/test";

// The HTML of the forum, the directory, a discussion and a profile names the page's first API
// answers in a Link preload header (src/server/lib/page-data-preloads.ts). A preload the page
// does not use exactly as fetched is worse than none: the data is downloaded twice.

/**
 * Visits `path` until its main content shows (`ready`). Returns the Link header, the requests
 * that went out for `apiPath`'s pathname whatever their query, and the URLs the page's own
 * scripts asked fetch() for. The page used the preload when its scripts fetched `apiPath` and
 * one request went out for it: the preload's, whose answer served the fetch. (Chromium also
 * warns, seconds after load, about a preload nobody used; those seconds would be a fixed wait.)
 */
async function visit(page: Page, path: string, apiPath: string, ready: () => Promise<void>) {
  const pathname = new URL(apiPath, "http://x").pathname;
  const requests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === pathname) requests.push(`${url.pathname}${url.search}`);
  });
  await page.addInitScript(() => {
    const fetched: string[] = [];
    const original = window.fetch.bind(window);
    Object.assign(window, { __fetched: fetched });
    window.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      fetched.push(`${url.pathname}${url.search}`);
      return original(input, init);
    };
  });
  const response = await page.goto(path);
  await ready();
  const fetched = await page.evaluate(
    () => (window as unknown as { __fetched: string[] }).__fetched,
  );
  return { link: response?.headers().link ?? "", requests, fetched };
}

test("the forum's first page is preloaded with its HTML and fetched once", async ({ page }) => {
  const { link, requests, fetched } = await visit(page, "/discussion", "/api/discussions", () =>
    expect(page.getByRole("heading", { name: "Discussion forum" })).toBeVisible(),
  );
  expect(link).toContain("</api/discussions>; rel=preload; as=fetch");
  expect(fetched).toContain("/api/discussions");
  expect(requests).toEqual(["/api/discussions"]);
});

test("the directory's stats and first page are preloaded and fetched once each", async ({
  page,
}) => {
  const list = "/api/members?sort=recent&role=all";
  const { link, requests, fetched } = await visit(page, "/members", list, () =>
    expect(page.getByRole("status").filter({ hasText: /members? found/ })).toBeVisible(),
  );
  expect(link).toContain(`<${list}>; rel=preload`);
  expect(link).toContain("</api/members/stats>; rel=preload");
  expect(fetched).toContain(list);
  expect(requests).toEqual([list]);
});

test("a discussion and a profile preload their record", async ({ page }) => {
  const account = await createVerifiedAccount(page.request, { name: "Preload Author" });
  await signIn(page, account);
  const created = await page.request.post("/api/discussions", {
    data: { title: "Preloaded discussion", content: "Fetched while the scripts download." },
  });
  const discussion = (await created.json()) as DiscussionItem;
  const session = (await (await page.request.get("/api/session")).json()) as SessionResponse;
  const profileId = session.user?.id ?? "";
  expect(session.user?.email).toBe(account.email);

  const discussionApi = `/api/discussions/${discussion.id}`;
  const onDiscussion = await visit(page, `/discussion/${discussion.id}`, discussionApi, () =>
    expect(page.getByRole("heading", { name: "Preloaded discussion" })).toBeVisible(),
  );
  expect(onDiscussion.link).toBe(
    `<${discussionApi}>; rel=preload; as=fetch; crossorigin=anonymous`,
  );
  expect(onDiscussion.fetched).toContain(discussionApi);
  expect(onDiscussion.requests).toEqual([discussionApi]);

  const profileApi = `/api/profiles/${profileId}`;
  const onProfile = await visit(page, `/profile/${profileId}`, profileApi, () =>
    expect(page.getByRole("heading", { name: "Preload Author" })).toBeVisible(),
  );
  expect(onProfile.link).toContain(`<${profileApi}>; rel=preload`);
  expect(onProfile.fetched).toContain(profileApi);
  expect(onProfile.requests).toEqual([profileApi]);
});

test("a filtered page gets no preload: it asks for other data", async ({ page }) => {
  const response = await page.goto("/discussion?q=printer");
  expect(response?.headers().link).toBeUndefined();
});
