// The newsletter end to end (issue 18, docs/decisions/028): a visitor subscribes and confirms
// by the link in their mailbox; an author publishes a post with "Publish and email
// subscribers"; the CMS shows its delivery counts and the post reaches the subscriber.
import { randomBytes } from "node:crypto";
import { createVerifiedAccount, signIn, siteOrigin, uniqueEmail } from "./support/accounts";
import { storeCookieConsent } from "./support/cookie-consent";
import { openInbox } from "./support/mailbox";
import { setRole } from "./support/roles";
import { expect, test } from "./support/test";

const token = randomBytes(3).toString("hex");

test("subscribe, confirm by the mailbox link, publish with email, see the delivery counts", async ({
  page,
  browser,
}) => {
  await storeCookieConsent(page);
  const email = uniqueEmail("reader");
  const inbox = await openInbox(email);

  // A visitor subscribes: the one answer, whatever the address's state.
  await page.goto("/");
  const form = page.locator("#newsletter");
  await form.getByPlaceholder("you@example.com").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Successfully Subscribed!", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Please check your email to confirm your subscription."),
  ).toBeVisible();
  await expect(form.getByPlaceholder("you@example.com")).toHaveValue("");

  // Only the link in the mailbox activates the address, and only with a click.
  const confirmLink = await inbox.nextLink("/newsletter/confirm");
  await page.goto(confirmLink);
  await expect(page.getByRole("heading", { name: "Confirm your subscription" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.getByText("Your subscription is confirmed.")).toBeVisible();
  await expect(page.getByText(`${email} will receive the newsletter.`)).toBeVisible();

  // An author writes a post and publishes it with email.
  const context = await browser.newContext();
  const staff = await context.newPage();
  const author = await createVerifiedAccount(staff.request, { name: `Author ${token}` });
  await setRole(author.email, "author");
  await signIn(staff, author);
  await staff.goto("/cms?tab=blog");
  const title = `Newsletter post ${token}`;
  await staff.getByRole("button", { name: "New post" }).click();
  const editor = staff.getByRole("dialog", { name: "New post" });
  await editor.getByLabel("Title").fill(title);
  await editor.getByLabel("Excerpt").fill("The short version, for the inbox.");
  await editor.getByLabel("Content").fill("The whole post, on the site.");
  await editor.getByRole("button", { name: "Create post" }).click();
  await expect(staff.getByText("Post created", { exact: true })).toBeVisible();

  await staff.getByRole("button", { name: `Edit ${title}` }).click();
  const edit = staff.getByRole("dialog", { name: "Edit post" });
  await expect(edit.getByRole("radio", { name: "Excerpt with a “Read more” link" })).toBeChecked();
  await edit.getByRole("button", { name: "Publish and email subscribers" }).click();
  await expect(staff.getByText("Post published", { exact: true })).toBeVisible();

  const row = staff.getByRole("listitem").filter({ hasText: title });
  await expect(row).toContainText("Published");
  await expect(row).toContainText("Emailed to subscribers (excerpt)");
  // The counts move while it sends (the list looks again every few seconds).
  await expect(row.getByTestId("delivery-counts")).toContainText(
    /0 queued · [1-9]\d* sent · 0 failed/,
    {
      timeout: 30_000,
    },
  );
  const href = await row.getByRole("link", { name: `View ${title}` }).getAttribute("href");
  // Emailed once: the editor no longer offers it.
  await staff.getByRole("button", { name: `Edit ${title}` }).click();
  const again = staff.getByRole("dialog", { name: "Edit post" });
  await expect(again.getByRole("button", { name: "Save changes" })).toBeVisible();
  await expect(again.getByRole("button", { name: "Publish and email subscribers" })).toHaveCount(0);

  // The subscriber got it: the excerpt's "Read more" link to the post.
  const postLink = await inbox.nextLink(href ?? "/blog/?");
  await page.goto(postLink);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  // The site goes back to its seeded posts: other specs count them.
  const list = (await (await staff.request.get("/api/cms/blog-posts")).json()) as {
    posts: Array<{ id: string; title: string }>;
  };
  const created = list.posts.find((post) => post.title === title);
  const removed = await staff.request.delete(`/api/cms/blog-posts/${created?.id}`, {
    headers: { origin: siteOrigin() },
  });
  expect(removed.ok()).toBe(true);
  await context.close();
});

test("the settings switch subscribes a member's own address without a confirmation", async ({
  page,
}) => {
  const account = await createVerifiedAccount(page.request, { name: `Reader ${token}` });
  await signIn(page, account);
  await page.goto("/settings");
  const section = page.locator("section#newsletter");
  await expect(
    section.getByText(`${account.email} does not receive the newsletter.`),
  ).toBeVisible();
  await section.getByRole("switch", { name: "Receive the newsletter" }).click();
  await expect(page.getByText("Subscribed to the newsletter", { exact: true })).toBeVisible();
  await expect(section.getByText(`You receive the newsletter at ${account.email}.`)).toBeVisible();
  await section.getByRole("switch", { name: "Receive the newsletter" }).click();
  await expect(section.getByText(/You unsubscribed/)).toBeVisible();
});
