// Issue 41's tags in the browser: staff create a tag by posting with it, a member picks it (and
// is told they cannot create one), and a tag's link lists its discussions.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { newMemberOn } from "./support/accounts";
import { screenshotsForReview } from "./support/pages";
import { setRole } from "./support/roles";
import { expect, test } from "./support/test";

const token = () => randomBytes(3).toString("hex");

async function startDiscussion(page: Page, title: string, tags: string[]) {
  await page.goto("/discussion");
  await page.getByRole("button", { name: "New discussion" }).click();
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Rants & Vents" });
  const field = page.getByRole("combobox", { name: /^Tags/ });
  for (const tag of tags) {
    await field.fill(tag);
    await field.press("Enter");
  }
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill("Every single morning, without fail.");
}

test("staff create a tag by posting; a member picks it; its link lists both", async ({
  page,
  consoleGuard,
}) => {
  // The member's post with a tag they may not create is refused (400), as the test expects.
  consoleGuard.expectResponse(400, "/api/discussions");
  const id = token();
  const tag = `bus-stops-${id}`;
  const author = await newMemberOn(page, { name: "Tag Author" });
  await setRole(author.email, "author");
  const first = `The 38 never comes ${id}`;
  // Typed in any case, with a space: written as the tag is stored.
  await startDiscussion(page, first, [`Bus Stops ${id.toUpperCase()}`]);
  await expect(page.getByRole("list", { name: "Chosen tags" })).toHaveText(`#${tag}`);
  await page.getByRole("button", { name: "Create discussion" }).click();
  await expect(page.getByText("Discussion created successfully!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: first })).toBeVisible();
  await expect(page.getByRole("link", { name: `#${tag}` })).toBeVisible();

  await newMemberOn(page, { name: "Tag Picker" });
  const second = `Three buses at once ${id}`;
  const unknown = `made-up-${id}`;
  await startDiscussion(page, second, [tag, unknown]);
  await page.getByRole("button", { name: "Create discussion" }).click();
  // Members may not create tags by default: said under the field, nothing sent.
  await expect(
    page.getByText(`There is no tag "${unknown}" yet, and only staff can create tags.`),
  ).toBeVisible();
  await page.getByRole("button", { name: `Remove tag ${unknown}` }).click();
  await page.getByRole("button", { name: "Create discussion" }).click();
  await expect(page.getByText("Discussion created successfully!")).toBeVisible();
  // The discussion's own page (its title is the h1): the forum's card of it is an h3, and the
  // forum's cards carry the same tag's link.
  await expect(page.getByRole("heading", { level: 1, name: second })).toBeVisible();

  await page.getByRole("link", { name: `#${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/discussion\\?tag=${tag}$`));
  await expect(page.getByText(`Discussions tagged #${tag}`)).toBeVisible();
  await expect(page.getByRole("link", { name: first })).toBeVisible();
  await expect(page.getByRole("link", { name: second })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^Discussions tagged #${tag} · `));
});

test("an unknown tag's list says so with status 404", async ({ page, consoleGuard }) => {
  consoleGuard.expectResponse(404, "/discussion?tag=no-such-tag");
  consoleGuard.expectResponse(404, "/api/discussions?tag=no-such-tag");
  const response = await page.goto("/discussion?tag=no-such-tag");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Tag not found", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Clear search and filters" }).click();
  await expect(page).toHaveURL(/\/discussion$/);
});

test("a moderator adds, renames and merges tags in the CMS's Tags tab", async ({
  page,
  consoleGuard,
}) => {
  // The merge into a tag that does not exist is refused (400), as the test expects.
  consoleGuard.allow(
    /^Failed to load resource: .* status of 400 .*\/api\/cms\/tags\/[0-9a-f-]+\/merge\)$/,
  );
  const id = token();
  const moderator = await newMemberOn(page, { name: "Tag Keeper" });
  await setRole(moderator.email, "moderator");
  await page.goto("/cms?tab=tags");
  const add = async (name: string) => {
    await page.getByLabel("New tag").fill(name);
    await page.getByRole("button", { name: "Add tag" }).click();
    await expect(page.getByText(`Tag #${name} added`)).toBeVisible();
  };
  await add(`gripes-${id}`);
  await add(`moans-${id}`);
  const tags = page.getByRole("list", { name: "Tags" });
  await expect(tags.getByRole("link", { name: `#gripes-${id}` })).toBeVisible();
  await screenshotsForReview(page, "cms-tags", { fullPage: true });

  await page.getByRole("button", { name: `Rename gripes-${id}` }).click();
  const rename = page.getByRole("dialog", { name: `Rename #gripes-${id}` });
  await rename.getByLabel("New name").fill(`Grumbles ${id}`);
  await rename.getByRole("button", { name: "Rename", exact: true }).click();
  await expect(page.getByText(`Renamed to #grumbles-${id}`)).toBeVisible();
  await expect(tags.getByRole("link", { name: `#grumbles-${id}` })).toBeVisible();

  await page.getByRole("button", { name: `Merge moans-${id}` }).click();
  const merge = page.getByRole("dialog", { name: `Merge #moans-${id} into another tag` });
  await merge.getByLabel("Merge into").fill(`no-such-${id}`);
  await merge.getByRole("button", { name: "Merge", exact: true }).click();
  await expect(merge.getByText("Tag not found")).toBeVisible();
  await screenshotsForReview(page, "cms-tags-merge");
  await merge.getByLabel("Merge into").fill(`grumbles-${id}`);
  await merge.getByRole("button", { name: "Merge", exact: true }).click();
  await expect(page.getByText(`Merged into #grumbles-${id}`)).toBeVisible();
  await expect(tags.getByRole("link", { name: `#moans-${id}` })).toHaveCount(0);
});
