// Drafts that survive a closed tab (issue 40, docs/decisions/065): a reply typed and not sent is
// there again after a reload and in a second browser of the same member, with "Draft saved" and
// "Draft restored" said quietly; sending it deletes it everywhere.
import { randomBytes } from "node:crypto";
import type { DiscussionItem } from "../src/shared/api-types";
import { newMemberOn, signIn } from "./support/accounts";
import { newWatchedPage, screenshotsForReview } from "./support/pages";
import { expect, test } from "./support/test";

const token = () => `zd${randomBytes(4).toString("hex")}`;

test("a reply's draft is restored after a reload and in a second browser, and goes once sent", async ({
  page,
  browser,
  consoleGuard,
}) => {
  const member = await newMemberOn(page, { name: "Drafty Writer" });
  const created = await page.request.post("/api/discussions", {
    data: {
      category: "rants-and-vents",
      title: `Drafts ${token()}`,
      content: "Say something, slowly.",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const discussion = (await created.json()) as DiscussionItem;

  await page.goto(`/discussion/${discussion.id}`);
  const composer = page.getByRole("textbox", { name: "Your reply" });
  const words = `Half a thought ${token()}`;
  await composer.fill(words);
  const status = page.getByRole("status").filter({ hasText: /^Draft/ });
  await expect(status).toHaveText("Draft saved");
  await screenshotsForReview(page, "draft-saved", { fullPage: true });

  // A reload: the draft is back, said once.
  await page.reload();
  await expect(composer).toHaveValue(words);
  await expect(status).toHaveText("Draft restored");

  // Another browser of the same member (another device): the same draft.
  const laptop = await newWatchedPage(browser, consoleGuard);
  await signIn(laptop, member);
  // The laptop only shows the draft: it must never write it back, even as it reloads before its
  // save timer could have run (its clock paused once the draft shows, so the reload below always
  // comes first).
  const laptopWrites: string[] = [];
  laptop.on("request", (request) => {
    if (request.url().includes("/api/drafts/") && request.method() !== "GET") {
      laptopWrites.push(`${request.method()} ${request.url()}`);
    }
  });
  await laptop.clock.install();
  await laptop.goto(`/discussion/${discussion.id}`);
  await expect(laptop.getByRole("textbox", { name: "Your reply" })).toHaveValue(words);
  // The page's clock runs on while the test asks it the time: on a loaded machine the moment
  // asked for can be past by the time pauseAt arrives, which it refuses. Ask again with more
  // room, never as much as the save's delay (the pause must come before it).
  for (let room = 50; ; room *= 2) {
    const at = await laptop.evaluate((ms) => Date.now() + ms, room);
    try {
      await laptop.clock.pauseAt(at);
      break;
    } catch (error) {
      if (room >= 800 || !String(error).includes("to the past")) throw error;
    }
  }

  // Sent: the draft is gone on every device.
  await composer.press("ControlOrMeta+Enter");
  await expect(page.getByText("Reply posted")).toBeVisible();
  await expect(composer).toHaveValue("");
  await laptop.reload();
  await expect(laptop.getByRole("region", { name: /^\d+ repl(y|ies)$/ })).toContainText(words);
  await expect(laptop.getByRole("textbox", { name: "Your reply" })).toHaveValue("");
  expect(laptopWrites).toEqual([]);
  await laptop.context().close();
});

test("a new discussion's draft comes back when the form opens again, until discarded", async ({
  page,
}) => {
  await newMemberOn(page, { name: "Drafty Starter" });
  await page.goto("/discussion");
  await page.getByRole("button", { name: "New discussion" }).click();
  const title = `Not yet ${token()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill("Still thinking");
  await expect(page.getByRole("status").filter({ hasText: /^Draft/ })).toHaveText("Draft saved");

  await page.reload();
  await page.getByRole("button", { name: "New discussion" }).click();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("Content")).toHaveValue("Still thinking");
  await page.getByRole("button", { name: "Discard draft" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("");

  await page.reload();
  await page.getByRole("button", { name: "New discussion" }).click();
  await expect(page.getByLabel("Content")).toHaveValue("");
});
