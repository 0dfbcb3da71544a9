// Replies under a discussion (issue 14, docs/product.md §2.7): live in a second browser,
// answers, edits and deletes, locked discussions, permalinks deep in a long thread, hostile
// text, and "Sign in to reply." leading back to the discussion.
import { randomBytes } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { XSS_PAYLOADS } from "../src/server/test/security/xss-payloads";
import type { DiscussionItem, ReplyItem } from "../src/shared/api-types";
import {
  type Account,
  createVerifiedAccount,
  newMemberOn,
  signIn,
  signOutContext,
} from "./support/accounts";
import { watchDialogs } from "./support/dialogs";
import { setRole } from "./support/roles";
import { expect, test } from "./support/test";

const token = () => `zr${randomBytes(4).toString("hex")}`;

async function createDiscussion(request: APIRequestContext, title = `Replies ${token()}`) {
  const response = await request.post("/api/discussions", {
    data: { category: "rants-and-vents", title, content: "What do you all think?" },
  });
  if (response.status() !== 201) {
    throw new Error(`create failed: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as DiscussionItem;
}

async function postReply(
  request: APIRequestContext,
  discussionId: string,
  content: string,
  replyToId?: string,
): Promise<ReplyItem> {
  const response = await request.post(`/api/discussions/${discussionId}/replies`, {
    data: { content, replyToId },
  });
  if (response.status() !== 201) {
    throw new Error(`reply failed: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as ReplyItem;
}

const signedInMember = (page: Page, name = "Reply Member") => newMemberOn(page, { name });

const thread = (page: Page) => page.getByRole("region", { name: /^\d+ repl(y|ies)$/ });
const replyArticles = (page: Page) => thread(page).getByRole("article");
const replyWith = (page: Page, text: string) => replyArticles(page).filter({ hasText: text });
const composer = (page: Page) => page.getByRole("textbox", { name: "Your reply" });

async function postThroughComposer(page: Page, text: string) {
  await composer(page).fill(text);
  await page.getByRole("button", { name: "Post reply" }).click();
  await expect(page.getByText("Reply posted")).toBeVisible();
}

test("a reply shows in another open browser within a second, leaving its draft alone", async ({
  page,
  browser,
  consoleGuard,
}) => {
  await signedInMember(page, "Live Replier");
  const discussion = await createDiscussion(page.request);

  const watcherContext = await browser.newContext();
  consoleGuard.watch(watcherContext);
  const watcher = await watcherContext.newPage();
  await signedInMember(watcher, "Live Reader");
  // The stream answers once the server listens: nothing posted after that can be missed.
  const streams: string[] = [];
  watcher.on("request", (request) => {
    if (request.url().endsWith("/api/discussions/events")) streams.push(request.url());
  });
  const streamOpen = watcher.waitForResponse((response) =>
    response.url().endsWith("/api/discussions/events"),
  );
  await watcher.goto(`/discussion/${discussion.id}`);
  await streamOpen;
  await expect(watcher.getByRole("heading", { name: "0 replies" })).toBeVisible();
  await composer(watcher).fill("A draft that must survive");
  // Survives only if the page is never reloaded.
  await watcher.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  const text = `Live reply ${token()}`;
  await page.goto(`/discussion/${discussion.id}`);
  await postThroughComposer(page, text);
  await expect(replyWith(page, text)).toBeVisible();
  await expect(composer(page)).toHaveValue("");

  await expect(replyWith(watcher, text)).toBeVisible({ timeout: 1_000 });
  await expect(watcher.getByRole("heading", { name: "1 reply" })).toBeVisible();
  // The discussion and its thread listen through the page's one stream.
  expect(streams).toHaveLength(1);
  await expect(composer(watcher)).toHaveValue("A draft that must survive");
  expect(
    await watcher.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);
  await watcherContext.close();
});

test("answering a reply names it, and names a deleted one as deleted", async ({
  page,
  browser,
  consoleGuard,
}) => {
  const firstContext = await browser.newContext();
  consoleGuard.watch(firstContext);
  const first = await firstContext.newPage();
  await signedInMember(first, "First Poster");
  const discussion = await createDiscussion(first.request);
  const original = await postReply(first.request, discussion.id, "The original point");

  await signedInMember(page, "Second Poster");
  await page.goto(`/discussion/${discussion.id}`);
  await page.getByRole("button", { name: "Reply to First Poster" }).click();
  await expect(composer(page)).toBeFocused();
  await expect(page.getByText("Replying to @First Poster")).toBeVisible();
  // Cancelling goes back to a plain reply, and starting again works.
  await page.getByRole("button", { name: "Cancel replying to @First Poster" }).click();
  await expect(page.getByText("Replying to")).toHaveCount(0);
  await expect(composer(page)).toBeFocused();
  await page.getByRole("button", { name: "Reply to First Poster" }).click();

  const text = `An answer ${token()}`;
  await postThroughComposer(page, text);
  const answer = replyWith(page, text);
  await expect(answer).toBeVisible();
  await expect(page.getByText("Replying to")).toHaveCount(0);
  const link = answer.getByRole("link", { name: "@First Poster" });
  await expect(answer).toContainText("in reply to @First Poster");
  await expect(link).toHaveAttribute("href", `/discussion/${discussion.id}?reply=${original.id}`);

  // The link brings the answered reply into view (and the focus to it).
  await link.click();
  await expect(page).toHaveURL(`/discussion/${discussion.id}?reply=${original.id}`);
  await expect(replyWith(page, "The original point")).toBeFocused();
  await expect(replyWith(page, "The original point")).toBeInViewport();

  // Its author deletes it elsewhere: the answer now says so, without a reload.
  const deleted = await first.request.delete(`/api/replies/${original.id}`);
  expect(deleted.status()).toBe(204);
  await expect(answer).toContainText("in reply to a deleted reply");
  await expect(page.getByRole("article", { name: "Deleted reply" })).toContainText(
    "This reply was deleted.",
  );
  await firstContext.close();
});

test("the author edits with the toolbar and deletes; others see no such buttons", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const author = await signedInMember(page, "Edit Author");
  const discussion = await createDiscussion(page.request);
  await page.goto(`/discussion/${discussion.id}`);

  // The toolbar only inserts markers around the selection.
  await composer(page).fill("loud and quiet");
  await composer(page).evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(0, 4));
  await page.getByRole("button", { name: "Bold" }).click();
  await expect(composer(page)).toHaveValue("**loud** and quiet");
  await composer(page).evaluate((element: HTMLTextAreaElement) =>
    element.setSelectionRange(13, 18),
  );
  await page.keyboard.press("ControlOrMeta+i");
  await expect(composer(page)).toHaveValue("**loud** and *quiet*");
  await composer(page).press("End");
  await composer(page).press("Enter");
  await page.getByRole("button", { name: "Bulleted list" }).click();
  await composer(page).pressSequentially("item");
  await expect(composer(page)).toHaveValue("**loud** and *quiet*\n- item");
  await expect(page.getByRole("button", { name: "Bold" })).not.toHaveAttribute("aria-pressed");

  await page.getByRole("tab", { name: "Preview" }).click();
  const preview = page.getByRole("tabpanel", { name: "Preview" });
  await expect(preview.locator("strong")).toHaveText("loud");
  await expect(preview.locator("em")).toHaveText("quiet");
  await expect(preview.locator("ul > li")).toHaveText("item");
  await page.getByRole("tab", { name: "Write" }).click();
  await page.getByRole("button", { name: "Post reply" }).click();
  await expect(page.getByText("Reply posted")).toBeVisible();

  const reply = replyWith(page, "loud");
  await expect(reply.locator("strong")).toHaveText("loud");
  await expect(reply.locator("ul > li")).toHaveText("item");

  // The permalink goes to the clipboard.
  await reply.getByRole("button", { name: "Copy link to the reply by Edit Author" }).click();
  await expect(page.getByText("Reply link has been copied to your clipboard.")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`/discussion/${discussion.id}\\?reply=[0-9a-f-]{36}$`));

  await reply.getByRole("button", { name: "Edit the reply by Edit Author" }).click();
  const editor = page.getByRole("textbox", { name: "Edit reply" });
  await expect(editor).toBeFocused();
  await editor.fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Reply is required")).toBeVisible();
  await editor.fill("Changed my mind ++entirely++");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Reply updated")).toBeVisible();
  const edited = replyWith(page, "Changed my mind");
  await expect(edited.locator("u")).toHaveText("entirely");
  await expect(edited.getByText("edited", { exact: true })).toBeVisible();
  await expect(edited.getByRole("button", { name: "Edit the reply by Edit Author" })).toBeFocused();
  // On hover, the marker's tooltip says when. The pointer comes from elsewhere first: left where
  // Save was, it can already be over the marker, and a hover that does not move sends no
  // pointerenter (a run in stop 71 failed so).
  await page.mouse.move(0, 0);
  await edited.getByText("edited", { exact: true }).hover();
  await expect(edited.getByText("edited", { exact: true })).toHaveAttribute("title", /^Edited \w/);

  // Someone else sees neither Edit nor Delete on it; a moderator has both in the Moderate menu
  // (docs/product.md §11.8).
  await signedInMember(page, "Bystander");
  await page.goto(`/discussion/${discussion.id}`);
  await expect(replyWith(page, "Changed my mind")).toBeVisible();
  await expect(page.getByRole("button", { name: /^(Edit|Delete) the reply/ })).toHaveCount(0);
  const moderator = await signedInMember(page, "Mod Replies");
  await setRole(moderator.email, "moderator");
  await page.goto(`/discussion/${discussion.id}`);
  // A moderator's edit of someone else's reply asks why, and says so after the byline
  // (docs/decisions/048).
  await expect(page.getByRole("button", { name: /^(Edit|Delete) the reply/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Moderate the reply by Edit Author" }).click();
  await expect(page.getByRole("menuitem", { name: "Delete" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Edit", exact: true }).click();
  await page.getByRole("textbox", { name: "Edit reply" }).fill("Changed my mind, tidied");
  await page.getByRole("button", { name: "Save" }).click();
  const reason = page.getByRole("textbox", { name: "Reason for the edit" });
  await expect(reason).toHaveAccessibleDescription(/Reason is required/);
  await reason.fill("Tidied the wording");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Reply updated")).toBeVisible();
  const tidied = replyWith(page, "Changed my mind, tidied");
  await expect(tidied.getByText("Edited by a moderator", { exact: true })).toBeVisible();

  // The author deletes it; it stays in place as deleted.
  await signOutContext(page);
  await signIn(page, author);
  await page.goto(`/discussion/${discussion.id}`);
  await page.getByRole("button", { name: "Delete the reply by Edit Author" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete this reply?" });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Reply deleted")).toBeVisible();
  const gone = page.getByRole("article", { name: "Deleted reply" });
  await expect(gone).toContainText("This reply was deleted.");
  await expect(gone).toBeFocused();
  await expect(page.getByText("Changed my mind")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "0 replies" })).toBeVisible();
});

test("a moderator is offered neither Edit nor Delete on an admin's reply", async ({ page }) => {
  const admin = await signedInMember(page, "Site Admin");
  await setRole(admin.email, "admin");
  const discussion = await createDiscussion(page.request);
  await postReply(page.request, discussion.id, "An admin's word");
  await postReply(page.request, discussion.id, "Another admin's word");
  const moderator = await signedInMember(page, "Mod Looking");
  await setRole(moderator.email, "moderator");
  await postReply(page.request, discussion.id, "The moderator's own word");
  await page.goto(`/discussion/${discussion.id}`);
  await expect(replyWith(page, "An admin's word")).toBeVisible();
  await expect(
    page.getByRole("button", { name: /^(Edit|Delete) the reply by Site Admin/ }),
  ).toHaveCount(0);
  // Their own reply keeps both.
  await expect(page.getByRole("button", { name: "Edit the reply by Mod Looking" })).toBeVisible();
});

test("a locked discussion: members see the notice, moderators still reply", async ({ page }) => {
  const moderator = await signedInMember(page, "Lock Moderator");
  await setRole(moderator.email, "moderator");
  const discussion = await createDiscussion(page.request);
  const lock = await page.request.put(`/api/discussions/${discussion.id}/lock`, {
    data: { locked: true },
  });
  expect(lock.ok()).toBe(true);

  await page.goto(`/discussion/${discussion.id}`);
  const text = `Moderator note ${token()}`;
  await postThroughComposer(page, text);
  await expect(replyWith(page, text)).toBeVisible();

  await signedInMember(page, "Locked Out");
  await page.goto(`/discussion/${discussion.id}`);
  await expect(replyWith(page, text)).toBeVisible();
  await expect(thread(page).getByText("This discussion is locked.")).toBeVisible();
  await expect(composer(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Reply to / })).toHaveCount(0);
});

test("a permalink into page 3 of a long thread scrolls to its reply and highlights it", async ({
  page,
  playwright,
  consoleGuard,
}, testInfo) => {
  testInfo.setTimeout(90_000);
  await signedInMember(page, "Thread Starter");
  const discussion = await createDiscussion(page.request);
  // 120 replies from three members (one reply per member every 5 s, times the tests' 100).
  const writers: APIRequestContext[] = [];
  for (const n of [1, 2, 3]) {
    const request = await playwright.request.newContext();
    const account: Account = await createVerifiedAccount(request, { name: `Writer ${n}` });
    const signedIn = await request.post("/api/auth/sign-in/email", {
      data: { email: account.email, password: account.password },
    });
    expect(signedIn.ok()).toBe(true);
    writers.push(request);
  }
  const replies: ReplyItem[] = [];
  for (let n = 1; n <= 120; n++) {
    const writer = writers[n % 3] as APIRequestContext;
    replies.push(await postReply(writer, discussion.id, `Reply number ${n} of the long thread`));
  }
  await Promise.all(writers.map((writer) => writer.dispose()));
  const target = replies[109] as ReplyItem;

  // The highlight lasts a moment: record it whenever it comes, however slow the machine is.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { highlighted: string[] }).highlighted = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        const element = record.target as Element;
        if (element.getAttribute("data-highlighted") === "true") seen.push(element.id);
      }
    }).observe(document, { subtree: true, attributeFilter: ["data-highlighted"] });
  });
  await page.goto(`/discussion/${discussion.id}?reply=${target.id}`);
  const article = replyWith(page, "Reply number 110 of");
  await expect(article).toBeFocused({ timeout: 20_000 });
  await expect(article).toBeInViewport();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { highlighted: string[] }).highlighted))
    .toEqual([`reply-${target.id}`]);
  await expect(page.getByRole("heading", { name: "120 replies" })).toBeVisible();
  // Not the first page: the start of the thread is one click away.
  await expect(replyWith(page, "Reply number 1 of")).toHaveCount(0);
  await expect(replyWith(page, "Reply number 120 of")).toHaveCount(1);
  // The highlight fades.
  await expect(article).not.toHaveAttribute("data-highlighted", "true");

  await page.getByRole("button", { name: "Load earlier replies" }).click();
  await expect(replyWith(page, "Reply number 60 of")).toHaveCount(1);
  await expect(replyArticles(page)).toHaveCount(100);

  // A reply the thread does not have: the start of the thread, with one quiet notice.
  const missing = "3f1d7c1e-0000-4000-8000-000000000000";
  consoleGuard.expectResponse(404, `/api/discussions/${discussion.id}/replies`);
  await page.goto(`/discussion/${discussion.id}?reply=${missing}`);
  await expect(page.getByText("That reply is no longer here.")).toHaveCount(1);
  await expect(replyWith(page, "Reply number 1 of")).toBeVisible();
  await expect(page).toHaveURL(`/discussion/${discussion.id}`);
  await expect(page.getByRole("button", { name: "Load more replies" })).toBeVisible();

  // Posting from the first page: the thread moves to its end, where the new reply is.
  await postThroughComposer(page, "Reply number 121, posted from the top");
  const posted = replyWith(page, "Reply number 121, posted from the top");
  await expect(posted).toBeInViewport();
  await expect(replyWith(page, "Reply number 120 of")).toHaveCount(1);
  await expect(composer(page)).toHaveValue("");
});

test("hostile text in replies never runs and renders no other element", async ({ page }) => {
  const dialogs = watchDialogs(page);
  await signedInMember(page, "Hostile Writer");
  const discussion = await createDiscussion(page.request);
  const markdownTricks = [
    "[click me](javascript:alert('xss-md-link'))",
    "![img](javascript:alert('xss-md-image'))",
    "<javascript:alert('xss-autolink')>",
    "[ref][x]\n\n[x]: javascript:alert('xss-md-ref')",
    "**<img src=x onerror=alert('xss-in-bold')>**",
    "++<svg onload=alert('xss-in-underline')>++",
    "- <script>alert('xss-in-list')</script>",
    "https://example.com/\"onmouseover=\"alert('xss-url-quote')",
    "JaVaScRiPt:alert('xss-mixed-case')",
    "@[<img src=x onerror=alert('xss-mention')>](abc)",
    "@[Name](javascript:alert('xss-mention-id'))",
  ];
  const payloads = [...XSS_PAYLOADS, ...markdownTricks];
  for (const payload of payloads) await postReply(page.request, discussion.id, payload);
  // One more through the composer, as a person would type it.
  await page.goto(`/discussion/${discussion.id}`);
  await postThroughComposer(page, `${markdownTricks.join("\n")}\nend of form payloads`);

  await page.reload();
  await expect(replyArticles(page)).toHaveCount(payloads.length + 1);
  await expect(replyWith(page, "end of form payloads")).toBeVisible();
  await expect(replyWith(page, "[click me](javascript:alert('xss-md-link'))")).toHaveCount(2);
  const bodies: Locator = thread(page).locator("article");
  await expect(bodies.locator("[data-markup-content]")).toHaveCount(payloads.length + 1);
  expect(
    await bodies.evaluateAll((articles) => {
      const allowed = new Set(["P", "BR", "STRONG", "EM", "U", "OL", "UL", "LI", "A"]);
      const found: string[] = [];
      for (const article of articles) {
        for (const element of article.querySelectorAll("[data-markup-content] *")) {
          if (!allowed.has(element.tagName)) found.push(element.tagName);
          for (const attribute of element.getAttributeNames()) {
            if (/^on/i.test(attribute)) found.push(`${element.tagName}[${attribute}]`);
          }
        }
        for (const anchor of article.querySelectorAll("a")) {
          const href = anchor.getAttribute("href") ?? "";
          if (!/^(https?:\/\/|\/profile\/|\/discussion\/)/.test(href)) found.push(`a[${href}]`);
        }
      }
      return found;
    }),
  ).toEqual([]);
  // Data scripts (the page's JSON-LD) are never run. The one inline script that runs is the
  // page's own event replay, in the head (decision 061); any other would be the text's.
  const starter = "head > script[data-event-replay]";
  expect(await page.locator(starter).count()).toBe(1);
  const inlineCode = `script:not([src]):not([type="application/ld+json"]):not([type="application/json"]):not(${starter})`;
  expect(await page.locator(`${inlineCode}, iframe, object, embed`).count()).toBe(0);
  // Anything scheduled (onerror, onload) would open its dialog before the sentinel's.
  expect(await dialogs.before()).toEqual([]);
});

test("signed out: 'Sign in to reply.' leads to sign-in and back to the discussion", async ({
  page,
}) => {
  const account = await signedInMember(page, "Returning Member");
  const discussion = await createDiscussion(page.request);
  await signOutContext(page);

  await page.goto(`/discussion/${discussion.id}`);
  const signInLink = page.getByRole("link", { name: "Sign in to reply." });
  await expect(signInLink).toHaveAttribute(
    "href",
    `/auth?returnTo=${encodeURIComponent(`/discussion/${discussion.id}`)}`,
  );
  await expect(composer(page)).toHaveCount(0);
  await signInLink.click();
  await expect(page).toHaveURL(/\/auth\?returnTo=/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page).toHaveURL(`/discussion/${discussion.id}`);
  await expect(composer(page)).toBeVisible();

  // A return path to another site is not followed: home instead.
  await signOutContext(page);
  await page.goto("/auth?returnTo=%2F%2Fevil.example%2Fdiscussion");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
});

test("typing @ offers public members by name; the posted mention links to their profile", async ({
  page,
}) => {
  // Two members share a name (the list tells them apart); a private one is never offered.
  const name = `Menna ${token()}`;
  await signedInMember(page, name);
  await signedInMember(page, name);
  await signedInMember(page, `${name} Private`);
  const privacy = await page.request.patch("/api/profiles/me", {
    data: { fullName: `${name} Private`, isPublic: false },
  });
  expect(privacy.ok(), await privacy.text()).toBe(true);

  await signedInMember(page, "Mention Writer");
  const discussion = await createDiscussion(page.request);
  await page.goto(`/discussion/${discussion.id}`);
  await composer(page).pressSequentially(`Agreed, @${name}`);
  const listbox = page.getByRole("listbox", { name: "Members to mention" });
  await expect(listbox.getByRole("option")).toHaveCount(2);
  await page.keyboard.press("Enter");
  await expect(listbox.getByRole("option")).toHaveCount(0);
  // The text box reads @Name; the member's id is kept beside it (decision 064).
  await expect(composer(page)).toHaveValue(`Agreed, @${name} `);

  await page.getByRole("button", { name: "Post reply" }).click();
  await expect(page.getByText("Reply posted")).toBeVisible();
  const posted = replyArticles(page).filter({ hasText: "Agreed," });
  await expect(posted.getByRole("link", { name: `@${name}` })).toHaveAttribute(
    "href",
    /^\/profile\/[0-9a-f-]{36}$/,
  );
});
