// Issue 45's reactions in the browser (docs/decisions/075): a member reacts in one browser and a
// visitor reading the same page in another sees the count change live, without a reload; the
// Top sort puts the discussion with more reactions first.
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import type { DiscussionItem } from "../src/shared/api-types";
import { workerSite } from "./support/account-pool";
import { newMemberOn, signOutContext } from "./support/accounts";
import { newWatchedPage } from "./support/pages";
import { expect, test } from "./support/test";

const token = () => `zr${randomBytes(4).toString("hex")}`;

async function startDiscussion(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.post("/api/discussions", {
    data: { category: "rants-and-vents", title, content: "Same here, anyone?" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as DiscussionItem).id;
}

/** The Top scores now, as the job would in up to ten minutes (POST /api/control/top-scores). */
async function refreshTopScores(): Promise<void> {
  const control = JSON.parse(
    await readFile(path.join(workerSite().dataDir, "control.json"), "utf8"),
  ) as { url: string; token: string };
  const response = await fetch(`${control.url}/api/control/top-scores`, {
    method: "POST",
    headers: { authorization: `Bearer ${control.token}` },
  });
  expect(response.status).toBe(200);
}

const agreeOn = (page: Page, count: number) =>
  page
    .getByRole("group", { name: "Reactions to the discussion" })
    .getByRole("button", { name: `Agree: ${count}` });

test("a reaction shows live in another browser, and Top orders by it", async ({
  page,
  browser,
  consoleGuard,
}, testInfo) => {
  testInfo.setTimeout(60_000);
  await newMemberOn(page, { name: "Reaction Writer" });
  const liked = `Liked rant ${token()}`;
  const lessLiked = `Less liked rant ${token()}`;
  const likedId = await startDiscussion(page.request, liked);
  const lessLikedId = await startDiscussion(page.request, lessLiked);

  // A visitor reads the discussion in a browser of their own.
  const visitor = await newWatchedPage(browser, consoleGuard);
  await visitor.goto(`/discussion/${likedId}`);
  await expect(visitor.getByRole("heading", { name: liked, level: 1 })).toBeVisible();

  // A member reacts: pressed at once, and the visitor's page follows without a reload.
  await newMemberOn(page, { name: "Reaction Fan" });
  await page.goto(`/discussion/${likedId}`);
  await agreeOn(page, 0).click();
  await expect(agreeOn(page, 1)).toHaveAttribute("aria-pressed", "true");
  await expect(
    visitor
      .getByRole("group", { name: "Reactions to the discussion" })
      .getByRole("img", { name: "Agree: 1" }),
  ).toBeVisible();
  expect(visitor.url()).toContain(likedId);

  // Who reacted, on tap.
  await page.getByRole("button", { name: "1 reaction" }).click();
  await expect(page.getByRole("dialog").getByText("Reaction Fan")).toBeVisible();
  await page.keyboard.press("Escape");

  // A second member agrees with the first discussion; the other gets one reaction.
  const response = await page.request.put(`/api/reactions/discussions/${lessLikedId}/agree`);
  expect(response.status()).toBe(201);
  await newMemberOn(page, { name: "Reaction Second" });
  expect((await page.request.put(`/api/reactions/discussions/${likedId}/hugs`)).status()).toBe(201);
  expect((await page.request.put(`/api/reactions/discussions/${likedId}/agree`)).status()).toBe(
    201,
  );

  await refreshTopScores();
  await signOutContext(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/discussion?sort=top&period=today");
  await expect(page.getByRole("combobox", { name: "Top discussions of" })).toHaveValue("today");
  const titles = await page.getByRole("link", { name: /liked rant zr/i }).allTextContents();
  const position = (title: string) => titles.findIndex((text) => text.includes(title));
  expect(position(liked)).toBeGreaterThanOrEqual(0);
  expect(position(liked)).toBeLessThan(position(lessLiked));
  await visitor.context().close();
});
