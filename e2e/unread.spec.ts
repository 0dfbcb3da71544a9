// Issue 42 in the browser: what is new to a member. A second member replies twice; the first
// sees "2 new replies" on the card, lands on the first of them below a "New" divider, and the
// mark goes once read. Kept under 30 s.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { newMemberOn, siteOrigin } from "./support/accounts";
import { screenshotsForReview } from "./support/pages";
import { expect, test } from "./support/test";

const token = () => `zu${randomBytes(4).toString("hex")}`;

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const answer = await page.request.post(path, { data, headers: { origin: siteOrigin() } });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as T;
}

test("a member sees 2 new replies, lands on the first below New, and the mark goes once read", async ({
  page,
  browser,
}) => {
  const writerContext = await browser.newContext();
  const writer = await writerContext.newPage();
  try {
    await newMemberOn(writer, { name: "Wren Writer" });
    await newMemberOn(page, { name: "Rhea Reader" });
    const title = `Bus timetables ${token()}`;
    const { id } = await post<{ id: string }>(writer, "/api/discussions", {
      category: "rants-and-vents",
      title,
      content: "They are works of fiction.",
    });
    await post(writer, `/api/discussions/${id}/replies`, { content: "An older reply." });

    // The reader opens it: the page reports at once the replies on screen as read.
    const readTo = (page: Page) =>
      page.waitForResponse(
        (response) =>
          response.url().endsWith(`/api/discussions/${id}/read`) &&
          response.ok() &&
          (response.request().postDataJSON() as { seq: number }).seq > 0,
      );
    const recorded = readTo(page);
    await page.goto(`/discussion/${id}`);
    await expect(page.getByText("An older reply.")).toBeVisible();
    await recorded;
    // Away before the new replies come: on the page, they would be read as they arrive.
    await page.goto("about:blank");

    await post(writer, `/api/discussions/${id}/replies`, { content: "First new reply." });
    await post(writer, `/api/discussions/${id}/replies`, { content: "Second new reply." });

    await page.goto("/discussion");
    const card = page.getByRole("listitem").filter({ hasText: title });
    await expect(card.getByText("2 new replies")).toBeVisible();
    await page.getByRole("link", { name: "Unread" }).click();
    await expect(page).toHaveURL(/[?&]unread=1/);
    await expect(page.getByRole("link", { name: "Unread" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(card).toBeVisible();
    await screenshotsForReview(page, "unread-list");

    const read = readTo(page);
    await card.getByRole("link", { name: title }).click();
    const divider = page.getByText("New", { exact: true });
    await expect(divider).toBeVisible();
    const first = page
      .getByRole("list", { name: "Replies" })
      .locator("article")
      .filter({ hasText: "First new reply." });
    await expect(first).toBeInViewport();
    // The divider sits right above the first new reply.
    const [dividerBox, firstBox] = [await divider.boundingBox(), await first.boundingBox()];
    expect(dividerBox && firstBox && dividerBox.y < firstBox.y).toBe(true);
    await screenshotsForReview(page, "unread-landing");
    await read;

    // Back in the list, the mark is gone, and "Unread" no longer lists it.
    await page.goto("/discussion?unread=1");
    await expect(page.getByText("No discussions", { exact: false })).toBeVisible();
    await page.goto("/discussion");
    await expect(card).toBeVisible();
    await expect(card.getByText(/new repl/)).toHaveCount(0);
  } finally {
    await writerContext.close();
  }
});
