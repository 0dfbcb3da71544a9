// Pictures in posts (issue 40, docs/decisions/065): an image picked in the reply composer is
// uploaded, written into the text as its token with the file name's words as alt text, and
// shown in the thread with that alt text, its size reserved and loaded lazily.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { DiscussionItem } from "../src/shared/api-types";
import { newMemberOn } from "./support/accounts";
import { screenshotsForReview } from "./support/pages";
import { expect, test } from "./support/test";

const token = () => `zi${randomBytes(4).toString("hex")}`;

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
  await expect(shown).toHaveAttribute("loading", "lazy");
  await expect(shown).toHaveAttribute("width", "640");
  await expect(shown).toHaveAttribute("height", "360");
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await screenshotsForReview(page, "reply-with-image");
});
