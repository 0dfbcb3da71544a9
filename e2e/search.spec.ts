// Issue 44 in the browser: a word only a reply has, searched from the header, is marked on the
// results page, and the result opens that reply; the search page without scripts; a refused
// query said beside the form.
import { randomBytes } from "node:crypto";
import type { APIRequestContext, APIResponse, Page } from "@playwright/test";
import type { DiscussionItem, ReplyItem } from "../src/shared/api-types";
import { newMemberOn, signOutContext } from "./support/accounts";
import { expect, test } from "./support/test";

/** A word no other test writes: letters only, so the index keeps it whole. */
const uniqueWord = () =>
  `quokka${Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join("")}`;

async function created<T>(what: string, response: Promise<APIResponse>) {
  const answer = await response;
  if (answer.status() !== 201)
    throw new Error(`${what}: ${answer.status()} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** A discussion whose own words do not have `word`, and a reply, past a few others, that does. */
async function threadWithWordInReply(request: APIRequestContext, word: string) {
  const discussion = await created<DiscussionItem>(
    "discussion",
    request.post("/api/discussions", {
      data: {
        category: "rants-and-vents",
        title: `Small animals ${randomBytes(3).toString("hex")}`,
        content: "Which small animal is the most cheerful?",
      },
    }),
  );
  for (let index = 1; index <= 6; index += 1) {
    await created(
      "reply",
      request.post(`/api/discussions/${discussion.id}/replies`, {
        data: { content: `Filler reply ${index}: a cat.\n\nIt sits there.\n\nAll day long.` },
      }),
    );
  }
  const reply = await created<ReplyItem>(
    "reply",
    request.post(`/api/discussions/${discussion.id}/replies`, {
      data: { content: `Clearly the ${word}, it smiles all day.` },
    }),
  );
  return { discussion, reply };
}

const results = (page: Page) => page.getByRole("region", { name: "Discussions" });

test("search from the header finds a word only a reply has, marked, and opens that reply", async ({
  page,
}) => {
  const word = uniqueWord();
  const writer = await newMemberOn(page, { name: "Search Writer" });
  const { discussion, reply } = await threadWithWordInReply(page.request, word);
  await signOutContext(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL("/search");
  const box = page.getByRole("searchbox", { name: "Search", exact: true });
  await box.fill(word);
  await box.press("Enter");

  await expect(page).toHaveURL(`/search?q=${word}`);
  await expect(page).toHaveTitle(new RegExp(`^Search: ${word} · `));
  const hit = results(page).getByRole("listitem").filter({ hasText: discussion.title });
  await expect(hit).toHaveCount(1);
  // The word, marked where the reply matched; and whose reply it was.
  await expect(hit.locator("mark")).toHaveText(word);
  await expect(hit).toContainText(`In a reply by ${writer.name}`);
  // The page's box holds the query.
  await expect(box).toHaveValue(word);

  await hit.getByRole("link", { name: discussion.title }).click();
  await expect(page).toHaveURL(`/discussion/${discussion.id}?reply=${reply.id}`);
  const article = page.locator(`#reply-${reply.id}`);
  await expect(article).toBeFocused({ timeout: 20_000 });
  await expect(article).toBeInViewport();
  await expect(article).toContainText(`Clearly the ${word}`);
});

test("on a phone the header's search is the same link to the search page, whose form searches", async ({
  page,
}) => {
  const word = uniqueWord();
  await newMemberOn(page, { name: "Phone Searcher" });
  const { discussion } = await threadWithWordInReply(page.request, word);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL("/search");
  await expect(page.getByText("author:name")).toBeVisible();

  await page.getByRole("searchbox", { name: "Search", exact: true }).fill(word);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(`/search?q=${word}`);
  await expect(results(page).getByRole("link", { name: discussion.title })).toBeVisible();
  await expect(results(page).locator("mark")).toHaveText(word);
});

test("a query the server refuses is said beside the form, and the form searches again", async ({
  page,
  consoleGuard,
}) => {
  await page.goto("/search?q=after%3Anot-a-date+cats");
  const box = page.getByRole("searchbox", { name: "Search", exact: true });
  await expect(page.getByRole("alert")).toHaveText("Use a date like 2026-03-31");
  await expect(box).toHaveAttribute("aria-invalid", "true");

  // The same refusal from the browser's own search.
  consoleGuard.expectResponse(400, "/api/search");
  await box.fill("cats before:yesterday");
  await box.press("Enter");
  // Typed at once: the page catches up with its new address after this, and keeps these words
  // (it wrote the searched words over them, seen in full runs).
  await box.fill("cats");
  await expect(page).toHaveTitle(/cats before:yesterday/);
  await expect(page.getByRole("alert")).toHaveText("Use a date like 2026-03-31");
  await expect(box).toHaveValue("cats");

  await box.press("Enter");
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(box).not.toHaveAttribute("aria-invalid");
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("the header's link and the page's form search, and the results are in the page", async ({
    page,
  }) => {
    const word = uniqueWord();
    await newMemberOn(page, { name: "Scriptless Writer" });
    const { discussion, reply } = await threadWithWordInReply(page.request, word);
    await signOutContext(page);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL("/search");
    const box = page.getByRole("searchbox", { name: "Search", exact: true });
    await box.fill(word);
    await box.press("Enter");
    await expect(page).toHaveURL(`/search?q=${word}`);
    const hit = results(page).getByRole("listitem").filter({ hasText: discussion.title });
    await expect(hit.locator("mark")).toHaveText(word);
    await expect(hit.getByRole("link", { name: discussion.title })).toHaveAttribute(
      "href",
      `/discussion/${discussion.id}?reply=${reply.id}`,
    );

    // The page's own form, refused: the message beside it.
    const pageBox = page.getByRole("searchbox", { name: "Search", exact: true });
    await expect(pageBox).toHaveValue(word);
    await pageBox.fill("cats before:yesterday");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL("/search?q=cats+before%3Ayesterday");
    await expect(page.getByRole("alert")).toHaveText("Use a date like 2026-03-31");
  });
});
