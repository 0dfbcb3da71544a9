// One composer for everything members write (issue 39, docs/decisions/064): a new discussion
// formatted and previewed, then opened; a mention that reads @Name while writing and editing;
// a quote of a reply shown as a block, and as "Quoted post hidden" once that reply is gone.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { newMemberOn } from "./support/accounts";
import { expect, test } from "./support/test";

const token = () => `zc${randomBytes(4).toString("hex")}`;

const thread = (page: Page) => page.getByRole("region", { name: /^\d+ repl(y|ies)$/ });
const replyWith = (page: Page, text: string) =>
  thread(page).getByRole("article").filter({ hasText: text });
const composer = (page: Page) => page.getByRole("textbox", { name: "Your reply" });

test("format, preview and open a new discussion; mention as @Name; quote a reply", async ({
  page,
}) => {
  const name = `Quill ${token()}`;
  await newMemberOn(page, { name });
  await newMemberOn(page, { name: "Composer Writer" });

  // A new discussion with the toolbar, previewed, then opened.
  const title = `Formatted ${token()}`;
  await page.goto("/discussion");
  await page.getByRole("button", { name: "New discussion" }).click();
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Rants & Vents" });
  await page.getByLabel("Title").fill(title);
  const content = page.getByLabel("Content");
  await content.fill("Every day");
  await content.selectText();
  await page.getByRole("button", { name: "Bold" }).click();
  await content.press("End");
  await content.press("Enter");
  await content.pressSequentially("ducking");
  await page.getByRole("button", { name: "Bulleted list" }).click();
  await expect(content).toHaveValue("**Every day**\n- ducking");
  await page.getByRole("tab", { name: "Preview" }).click();
  const preview = page.getByRole("tabpanel", { name: "Preview" });
  await expect(preview.locator("strong")).toHaveText("Every day");
  await expect(preview.getByRole("listitem")).toHaveText("ducking");
  await page.getByRole("button", { name: "Create discussion" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/discussion\/[0-9a-f-]{36}$/);
  const article = page.locator("article").first();
  await expect(article.locator("strong")).toHaveText("Every day");
  await expect(article.getByRole("listitem")).toHaveText("ducking");

  // A mention reads @Name while writing, after posting and when editing.
  await composer(page).pressSequentially(`Ask @${name.slice(0, 9)}`);
  await page
    .getByRole("listbox", { name: "Members to mention" })
    .getByRole("option")
    .first()
    .waitFor();
  await page.keyboard.press("Enter");
  await expect(composer(page)).toHaveValue(`Ask @${name} `);
  await composer(page).press("ControlOrMeta+Enter");
  // The first "Ask" in the thread: the quote below repeats it.
  const asked = replyWith(page, "Ask").first();
  await expect(asked.getByRole("link", { name: `@${name}` })).toBeVisible();
  await asked.getByRole("button", { name: /^Edit the reply/ }).click();
  const editor = asked.getByRole("textbox", { name: "Edit reply" });
  await expect(editor).toHaveValue(`Ask @${name}`);
  await editor.press("End");
  await editor.pressSequentially(", please");
  await asked.getByRole("button", { name: "Save" }).click();
  await expect(asked.getByRole("link", { name: `@${name}` })).toBeVisible();
  await expect(asked).toContainText(", please");

  // Quote: the reply's text goes into the composer as a quote and shows as a block.
  await asked.getByRole("button", { name: /^Quote / }).click();
  await expect(composer(page)).toHaveValue(/^\[quote=[0-9a-f-]{36}\]\nAsk @Quill/);
  await composer(page).press("End");
  await composer(page).pressSequentially("Seconded");
  await page.getByRole("button", { name: "Post reply" }).click();
  const quoting = replyWith(page, "Seconded");
  const block = quoting.locator("blockquote");
  await expect(block.getByRole("link", { name: "Composer Writer said:" })).toBeVisible();
  await expect(block).toContainText("please");

  // The quoted reply deleted: the quote keeps its place without its words.
  await asked.getByRole("button", { name: /^Delete the reply/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await page.reload();
  await expect(quoting.locator("blockquote")).toHaveText("Quoted post hidden");
});
