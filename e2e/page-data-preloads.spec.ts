import type { Page } from "@playwright/test";
import type { DiscussionItem, SessionResponse } from "../src/shared/api-types";
import { createVerifiedAccount, signIn } from "./support/accounts";
import { expect, test } from "./support/test";

// A page's first API answers are downloaded once, never twice. The server renders the forum,
// the directory, a discussion and a profile with their data in the HTML (docs/decisions/025):
// the page then asks the API for none of it, and the HTML names nothing to preload. (The plain
// shell, sent when a render fails, still names them in a Link preload header:
// src/server/lib/page-data-preloads.ts.)

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

test("the forum's first page comes in its HTML and is not fetched again", async ({ page }) => {
  const { link, requests, fetched } = await visit(page, "/discussion", "/api/discussions", () =>
    expect(page.getByRole("heading", { name: "Discussion forum" })).toBeVisible(),
  );
  expect(link).toBe("");
  expect(fetched).not.toContain("/api/discussions");
  expect(requests).toEqual([]);
});

test("the directory's stats and first page come in its HTML, not fetched again", async ({
  page,
}) => {
  const list = "/api/members?sort=recent&role=all";
  const { link, requests, fetched } = await visit(page, "/members", list, () =>
    expect(page.getByRole("status").filter({ hasText: /members? found/ })).toBeVisible(),
  );
  expect(link).toBe("");
  expect(fetched).not.toContain(list);
  expect(fetched).not.toContain("/api/members/stats");
  expect(requests).toEqual([]);
});

test("a discussion and a profile come with their record", async ({ page }) => {
  const account = await createVerifiedAccount(page.request, { name: "Preload Author" });
  await signIn(page, account);
  const created = await page.request.post("/api/discussions", {
    data: {
      category: "rants-and-vents",
      title: "Preloaded discussion",
      content: "Fetched while the scripts download.",
    },
  });
  const discussion = (await created.json()) as DiscussionItem;
  const session = (await (await page.request.get("/api/session")).json()) as SessionResponse;
  const profileId = session.user?.id ?? "";
  expect(session.user?.email).toBe(account.email);

  const discussionApi = `/api/discussions/${discussion.id}`;
  const onDiscussion = await visit(page, `/discussion/${discussion.id}`, discussionApi, () =>
    expect(page.getByRole("heading", { name: "Preloaded discussion" })).toBeVisible(),
  );
  expect(onDiscussion.link).toBe("");
  expect(onDiscussion.fetched).not.toContain(discussionApi);
  expect(onDiscussion.requests).toEqual([]);

  const profileApi = `/api/profiles/${profileId}`;
  const onProfile = await visit(page, `/profile/${profileId}`, profileApi, () =>
    expect(page.getByRole("heading", { name: "Preload Author" })).toBeVisible(),
  );
  expect(onProfile.link).toBe("");
  expect(onProfile.fetched).not.toContain(profileApi);
  expect(onProfile.requests).toEqual([]);
});

test("a filtered page gets no preload: it asks for other data", async ({ page }) => {
  const response = await page.goto("/discussion?q=printer");
  expect(response?.headers().link).toBeUndefined();
});
