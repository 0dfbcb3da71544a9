// Replies as the forum, the profile and the CMS show them (docs/product.md §2.6, §2.9,
// §2.21.1, §4.6): the cards' reply figures, the "Latest activity" order, counts that move in
// an open list, the profile's Comments stat and the CMS Engagement. Replies are posted through
// the API; the thread's own screens have their own spec.
import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import type { CmsOverview, DiscussionItem, ReplyItem } from "../src/shared/api-types";
import { newMemberOn } from "./support/accounts";
import { setRole } from "./support/roles";
import { expect, test } from "./support/test";

/** A word no other test (or run) uses, to find this test's discussions. */
const token = () => `zq${randomBytes(4).toString("hex")}`;

async function createDiscussion(request: APIRequestContext, title: string) {
  const response = await request.post("/api/discussions", {
    data: { category: "rants-and-vents", title, content: `Content of ${title}` },
  });
  if (response.status() !== 201) {
    throw new Error(`create failed: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as DiscussionItem;
}

async function postReply(request: APIRequestContext, discussionId: string, content: string) {
  const response = await request.post(`/api/discussions/${discussionId}/replies`, {
    data: { content },
  });
  if (response.status() !== 201) {
    throw new Error(`reply failed: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as ReplyItem;
}

async function discussion(request: APIRequestContext, id: string) {
  return (await (await request.get(`/api/discussions/${id}`)).json()) as DiscussionItem;
}

/** A new member signed in on `page`, in place of whoever was signed in there. */
async function signedInMember(page: Page, name: string) {
  const account = await newMemberOn(page, { name });
  const session = (await (await page.request.get("/api/session")).json()) as {
    user: { id: string };
  };
  return { ...account, id: session.user.id };
}

const cards = (page: Page) => page.getByRole("list", { name: "Discussions" }).getByRole("listitem");
const card = (page: Page, title: string) => cards(page).filter({ hasText: title });

test("'Latest activity' lifts a discussion with a newer reply above newer discussions; 'Newest' keeps creation order; pinned stays first", async ({
  page,
}) => {
  const word = token();
  const moderator = await signedInMember(page, "Sort Moderator");
  await setRole(moderator.email, "moderator");
  const pinned = await createDiscussion(page.request, `Pinned ${word}`);
  const pin = await page.request.put(`/api/discussions/${pinned.id}/pin`, {
    data: { pinned: true },
  });
  expect(pin.status()).toBe(200);
  const older = await createDiscussion(page.request, `Older ${word}`);
  const newer = await createDiscussion(page.request, `Newer ${word}`);
  await postReply(page.request, older.id, "The older one gets a reply after the newer exists.");

  await page.goto(`/discussion?q=${word}`);
  const sort = page.getByRole("combobox", { name: "Sort discussions" });
  await expect(sort).toHaveValue("newest");
  await expect(cards(page)).toHaveText([
    new RegExp(pinned.title),
    new RegExp(newer.title),
    new RegExp(older.title),
  ]);

  await sort.selectOption({ label: "Latest activity" });
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}&sort=activity$`));
  await expect(cards(page)).toHaveText([
    new RegExp(pinned.title),
    new RegExp(older.title),
    new RegExp(newer.title),
  ]);
  // The order is part of the address: a reload (or a shared link) keeps it.
  await page.reload();
  await expect(sort).toHaveValue("activity");
  await expect(cards(page).nth(1)).toContainText(older.title);

  // A newer reply on the newer discussion lifts it back (the list follows live changes).
  await postReply(page.request, newer.id, "And now the newer one has the latest word.");
  await expect(cards(page)).toHaveText([
    new RegExp(pinned.title),
    new RegExp(newer.title),
    new RegExp(older.title),
  ]);

  // 'Clear filters' puts the default order back, and leaves the search alone.
  await postReply(page.request, older.id, "Back on top of the activity order.");
  await expect(cards(page).nth(1)).toContainText(older.title);
  await page.getByRole("button", { name: "Filters" }).click();
  await page
    .getByRole("dialog", { name: "Discussion filters" })
    .getByRole("button", { name: "Clear filters" })
    .click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}$`));
  await expect(sort).toHaveValue("newest");
  await expect(cards(page)).toHaveText([
    new RegExp(pinned.title),
    new RegExp(newer.title),
    new RegExp(older.title),
  ]);
});

test("a card shows its replies ('1 reply', '{n} replies') and when the last one came, with the exact time on hover", async ({
  page,
}) => {
  const word = token();
  await signedInMember(page, "Card Counter");
  const none = await createDiscussion(page.request, `No replies ${word}`);
  const one = await createDiscussion(page.request, `One reply ${word}`);
  const three = await createDiscussion(page.request, `Three replies ${word}`);
  await postReply(page.request, one.id, "Only me.");
  for (const n of [1, 2, 3]) await postReply(page.request, three.id, `Reply number ${n}`);

  await page.goto(`/discussion?q=${word}`);
  await expect(card(page, none.title)).toContainText("0 replies");
  await expect(card(page, none.title)).not.toContainText("last reply");
  await expect(card(page, one.title)).toContainText("1 reply");
  await expect(card(page, one.title)).not.toContainText("1 replies");
  await expect(card(page, three.title)).toContainText("3 replies");

  // "last reply by {name} {time}" (issue 21).
  await expect(card(page, three.title)).toContainText("last reply by Card Counter");
  const lastReply = card(page, three.title).locator("time").filter({ visible: true }).last();
  await expect(lastReply).toHaveText("less than a minute ago");
  const { lastReplyAt } = await discussion(page.request, three.id);
  expect(lastReplyAt).not.toBeNull();
  await expect(lastReply).toHaveAttribute("datetime", lastReplyAt ?? "");
  // The tooltip is the exact moment, as the browser's locale writes it, once the pointer is on it.
  await expect(lastReply).not.toHaveAttribute("title");
  await lastReply.hover();
  const exact = await page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(
        new Date(iso),
      ),
    lastReplyAt ?? "",
  );
  await expect(lastReply).toHaveAttribute("title", exact);
});

test("a reply posted elsewhere updates an open forum list's count without a reload", async ({
  page,
  browser,
}) => {
  const word = token();
  await signedInMember(page, "Live Replier");
  const target = await createDiscussion(page.request, `Live count ${word}`);

  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await watcher.goto(`/discussion?q=${word}`);
  await expect(card(watcher, target.title)).toContainText("0 replies");
  // Survives only if the page is never reloaded.
  await watcher.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  await postReply(page.request, target.id, "Seen from another browser?");
  await expect(card(watcher, target.title)).toContainText("1 reply");
  await expect(card(watcher, target.title)).toContainText(
    "last reply by Live Replier less than a minute ago",
  );
  await postReply(page.request, target.id, "And a second one.");
  await expect(card(watcher, target.title)).toContainText("2 replies");
  expect(
    await watcher.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);
  await watcherContext.close();
});

test("the profile's Replies stat counts the member's replies, and the CMS Engagement the site's", async ({
  page,
}) => {
  const word = token();
  const member = await signedInMember(page, `Commenter ${word}`);
  const first = await createDiscussion(page.request, `Comments stat ${word}`);
  const second = await createDiscussion(page.request, `Comments stat too ${word}`);
  await postReply(page.request, first.id, "One.");
  await postReply(page.request, first.id, "Two.");
  const third = await postReply(page.request, second.id, "Three, soon deleted.");
  const deleted = await page.request.delete(`/api/replies/${third.id}`);
  expect(deleted.ok()).toBe(true);

  await page.goto(`/profile/${member.id}`);
  await expect(page.getByRole("heading", { level: 1, name: member.name })).toBeVisible();
  await expect(page.locator("dt:text-is('Discussions') + dd")).toHaveText("2");
  await expect(page.locator("dt:text-is('Replies') + dd")).toHaveText("2");

  // The Engagement card shows the server's total of replies anyone can read, one more per reply.
  const admin = await signedInMember(page, "Engagement Admin");
  await setRole(admin.email, "admin");
  const overview = async () =>
    ((await (await page.request.get("/api/cms/overview")).json()) as CmsOverview).engagement;
  const before = await overview();
  await postReply(page.request, first.id, "The admin adds one.");
  expect(await overview()).toBe(before + 1);
  await page.goto("/cms");
  const engagement = page.getByRole("tabpanel").locator("dt:text-is('Engagement') ~ dd");
  await expect(engagement.first()).toHaveText((before + 1).toLocaleString("en-US"));
  await expect(engagement.last()).toHaveText("Replies in active discussions");
});
