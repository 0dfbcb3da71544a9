import { expect, type Page, test } from "@playwright/test";
import type { DiscussionItem, SessionResponse } from "../src/shared/api-types";
import { createVerifiedAccount, signIn } from "./support/accounts";

// The HTML of the forum, the directory, a discussion and a profile names the page's first API
// answers in a Link preload header (src/server/lib/page-data-preloads.ts). A preload the page
// does not use exactly as fetched is worse than none: the data is downloaded twice.

/** Every request to `url` the page makes until its main content shows, plus console warnings. */
async function visit(page: Page, path: string, apiPath: string, ready: () => Promise<void>) {
  const requests: string[] = [];
  const warnings: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (`${url.pathname}${url.search}` === apiPath) requests.push(request.url());
  });
  page.on("console", (message) => {
    if (message.type() === "warning" || message.type() === "error") warnings.push(message.text());
  });
  const response = await page.goto(path);
  await ready();
  // Chromium warns a few seconds after load about a preload nobody used.
  await page.waitForTimeout(3_500);
  return { link: response?.headers().link ?? "", requests, warnings };
}

test("the forum's first page is preloaded with its HTML and fetched once", async ({ page }) => {
  const { link, requests, warnings } = await visit(page, "/discussion", "/api/discussions", () =>
    expect(page.getByRole("heading", { name: "Discussion forum" })).toBeVisible(),
  );
  expect(link).toContain("</api/discussions>; rel=preload; as=fetch");
  expect(requests).toHaveLength(1);
  expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
});

test("the directory's stats and first page are preloaded and fetched once each", async ({
  page,
}) => {
  const list = "/api/members?sort=recent&role=all";
  const { link, requests, warnings } = await visit(page, "/members", list, () =>
    expect(page.getByRole("status").filter({ hasText: /members? found/ })).toBeVisible(),
  );
  expect(link).toContain(`<${list}>; rel=preload`);
  expect(link).toContain("</api/members/stats>; rel=preload");
  expect(requests).toHaveLength(1);
  expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
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
  expect(onDiscussion.requests).toHaveLength(1);

  const profileApi = `/api/profiles/${profileId}`;
  const onProfile = await visit(page, `/profile/${profileId}`, profileApi, () =>
    expect(page.getByRole("heading", { name: "Preload Author" })).toBeVisible(),
  );
  expect(onProfile.link).toContain(`<${profileApi}>; rel=preload`);
  expect(onProfile.requests).toHaveLength(1);
  expect(
    [...onDiscussion.warnings, ...onProfile.warnings].filter((text) => /preload/i.test(text)),
  ).toEqual([]);
});

test("a filtered page gets no preload: it asks for other data", async ({ page }) => {
  const response = await page.goto("/discussion?q=printer");
  expect(response?.headers().link).toBeUndefined();
});
