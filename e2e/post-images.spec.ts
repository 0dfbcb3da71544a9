// Pictures in posts (issue 40, docs/decisions/065): an image picked, pasted or dropped in a
// composer is uploaded, written into the text as its token with the file name's words as alt
// text, and shown in the post with that alt text, its size reserved, loaded lazily unless it
// heads the page.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { DiscussionItem } from "../src/shared/api-types";
import { newMemberOn } from "./support/accounts";
import { screenshotsForReview } from "./support/pages";
import { expect, test } from "./support/test";

const token = () => `zi${randomBytes(4).toString("hex")}`;

/** The image came and decoded. (Its naturalWidth is not the file's: srcset's w descriptors
 * scale it by the width `sizes` gives.) */
const loaded = (img: HTMLImageElement) =>
  img.complete && img.naturalWidth > 0 && img.currentSrc.includes("/api/images/");

test("an image picked in the composer is shown in the reply with its alt text", async ({
  page,
}) => {
  await newMemberOn(page, { name: "Pixel Poster" });
  const created = await page.request.post("/api/discussions", {
    data: {
      category: "rants-and-vents",
      title: `Pictures ${token()}`,
      content: "Show me the view.",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const discussion = (await created.json()) as DiscussionItem;
  const picture = await sharp({
    create: { width: 640, height: 360, channels: 3, background: { r: 240, g: 140, b: 40 } },
  })
    .png()
    .toBuffer();

  await page.goto(`/discussion/${discussion.id}`);
  const composer = page.getByRole("textbox", { name: "Your reply" });
  await composer.fill("The view from here:\n");
  await page
    .getByLabel("Image to add")
    .setInputFiles({ name: "sunset-over_hills.png", mimeType: "image/png", buffer: picture });
  await expect(composer).toHaveValue(
    /^The view from here:\n!\[sunset over hills\]\(image:[0-9a-f-]{36}:640x360\)\n$/,
  );
  await page.getByRole("tab", { name: "Preview" }).click();
  await expect(page.getByRole("tabpanel", { name: "Preview" }).getByRole("img")).toHaveAttribute(
    "alt",
    "sunset over hills",
  );
  await screenshotsForReview(page, "composer-with-image", { fullPage: true });
  await page.getByRole("tab", { name: "Write" }).click();
  await page.getByRole("button", { name: "Post reply" }).click();
  await expect(page.getByText("Reply posted")).toBeVisible();

  const shown = page
    .getByRole("region", { name: /^\d+ repl(y|ies)$/ })
    .getByRole("img", { name: "sunset over hills" });
  await expect(shown).toBeVisible();
  // The first reply heads the thread: its image loads at once, ahead of the page's others
  // (decision 065; further down, images wait until they near the screen: render-markup.test.ts).
  await expect(shown).toHaveAttribute("loading", "eager");
  await expect(shown).toHaveAttribute("fetchpriority", "high");
  await expect(shown).toHaveAttribute("width", "640");
  await expect(shown).toHaveAttribute("height", "360");
  await expect.poll(() => shown.evaluate(loaded)).toBe(true);
  await screenshotsForReview(page, "reply-with-image");
});

/** Sends `event` ("paste" or "drop") to the focused composer with a PNG file in its data. */
async function sendImageEvent(
  page: import("@playwright/test").Page,
  label: string,
  event: "paste" | "drop",
  file: { name: string; bytes: Buffer },
) {
  await page.getByLabel(label).evaluate(
    (textarea, { event, name, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: "image/png" }));
      const sent =
        event === "paste"
          ? new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true })
          : new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true });
      textarea.dispatchEvent(sent);
    },
    { event, name: file.name, base64: file.bytes.toString("base64") },
  );
}

test("an image pasted into a new discussion and one dropped on it are shown with their alt texts", async ({
  page,
}) => {
  await newMemberOn(page, { name: "Paste Poster" });
  const png = (r: number) =>
    sharp({ create: { width: 320, height: 200, channels: 3, background: { r, g: 90, b: 160 } } })
      .png()
      .toBuffer();

  await page.goto("/discussion");
  await page.getByRole("button", { name: "New discussion" }).click();
  const title = `Pasted ${token()}`;
  await page.getByLabel("Title").fill(title);
  const content = page.getByLabel("Content");
  await content.fill("Before and after:\n");
  await sendImageEvent(page, "Content", "paste", {
    name: "garden_before.png",
    bytes: await png(30),
  });
  await expect(content).toHaveValue(/!\[garden before\]\(image:[0-9a-f-]{36}:320x200\)\n$/);
  await sendImageEvent(page, "Content", "drop", {
    name: "garden-after.png",
    bytes: await png(200),
  });
  await expect(content).toHaveValue(
    /!\[garden before\]\(image:[0-9a-f-]{36}:320x200\)\n!\[garden after\]\(image:[0-9a-f-]{36}:320x200\)\n$/,
  );
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Rants & Vents" });
  await page.getByRole("button", { name: "Create discussion" }).click();

  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  for (const alt of ["garden before", "garden after"]) {
    const shown = page.locator("[data-markup-content]").getByRole("img", { name: alt });
    await expect(shown).toHaveAttribute("width", "320");
    await expect.poll(() => shown.evaluate(loaded)).toBe(true);
  }
});
