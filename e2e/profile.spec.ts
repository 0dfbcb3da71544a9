import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { createVerifiedAccount, signIn } from "./support/accounts";
import { expect, test } from "./support/test";

async function ownId(page: Page): Promise<string> {
  const session = (await (await page.request.get("/api/session")).json()) as {
    user: { id: string };
  };
  return session.user.id;
}

const pngAvatar = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: "#2a7f62" } })
    .png()
    .toBuffer();

test("a member edits the profile with an avatar and sees it on the profile and in the directory", async ({
  page,
}) => {
  const token = randomBytes(3).toString("hex");
  const account = await createVerifiedAccount(page.request, { name: "Edna Before" });
  await signIn(page, account);
  const id = await ownId(page);

  await page.goto("/profile/edit");
  await expect(page.getByRole("heading", { name: "Edit Profile" })).toBeVisible();
  await expect(page.getByText("JPG, PNG or GIF. Max size 5MB.")).toBeVisible();
  await page.getByLabel("Avatar image").setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    buffer: await pngAvatar(),
  });
  await expect(page.getByText("me.png will be uploaded when you save.")).toBeVisible();

  const name = `Edna Edited ${token}`;
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Bio").fill("Queues, printers and people who clap when planes land.");
  await expect(page.getByText("54/500 characters")).toBeVisible();
  await page.getByLabel("Location").fill(`Whitby ${token}`);
  await page.getByLabel("Date of Birth").fill("1988-02-29");
  await page.getByLabel("Website").fill("https://edna.example");
  await page.getByLabel("Twitter Username").fill("@edna_rants");
  await page.getByLabel("LinkedIn Profile URL").fill("https://www.linkedin.com/in/edna");
  await page.getByRole("button", { name: "Save Changes" }).click();

  await expect(page.getByText("Profile updated")).toBeVisible();
  await expect(page.getByText("Your profile has been successfully updated.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/profile/${id}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(
    page.getByText("Queues, printers and people who clap when planes land."),
  ).toBeVisible();
  await expect(page.getByText(`Whitby ${token}`)).toBeVisible();
  const twitter = page.getByRole("link", { name: /@edna_rants/ });
  await expect(twitter).toHaveAttribute("href", "https://twitter.com/edna_rants");
  await expect(twitter).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("link", { name: /Website/ })).toHaveAttribute(
    "href",
    "https://edna.example",
  );
  await expect(page.getByRole("link", { name: /LinkedIn/ })).toHaveAttribute(
    "href",
    "https://www.linkedin.com/in/edna",
  );
  // The profile's own picture (the header's menus show it too, one of them hidden until opened).
  const avatar = page
    .getByRole("main")
    .locator(`img[src^="/uploads/avatars/${id}/avatar.webp?v="]`);
  await expect(avatar).toBeVisible();
  expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  await expect(page.getByRole("link", { name: "Edit Profile" })).toBeVisible();

  // The directory shows the new name, location and avatar.
  await page.goto(`/members?search=${token}`);
  const card = page.getByRole("listitem").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByText(`Whitby ${token}`)).toBeVisible();
  await expect(card.locator(`img[src^="/uploads/avatars/${id}/"]`)).toBeVisible();
  await card.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/profile/${id}$`));
});

test("the edit form shows the product's messages inline and as toasts", async ({ page }) => {
  await signIn(page, await createVerifiedAccount(page.request));
  await page.goto("/profile/edit");
  await page.getByLabel("Full Name").fill("A");
  await page.getByLabel("Website").fill("not a url");
  await page.getByLabel("LinkedIn Profile URL").fill("https://example.com/in/someone");
  await page.getByRole("button", { name: "Save Changes" }).click();

  await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
  await expect(page.getByText("Must be a valid URL")).toBeVisible();
  await expect(page.getByText("Must be a valid LinkedIn URL")).toBeVisible();
  await expect(page.getByText("Invalid website URL")).toBeVisible();
  await expect(page.getByText("Please enter a valid website URL.")).toBeVisible();
  await expect(page.getByText("Invalid LinkedIn URL")).toBeVisible();
  await expect(page.getByText("Please enter a valid LinkedIn profile URL.")).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/edit$/);
});

test("an avatar over 5 MB or that is no image is refused before upload", async ({ page }) => {
  await signIn(page, await createVerifiedAccount(page.request));
  await page.goto("/profile/edit");
  const input = page.getByLabel("Avatar image");

  await input.setInputFiles({
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(6 * 1024 * 1024),
  });
  await expect(page.getByText("File too large")).toBeVisible();
  await expect(page.getByText("Avatar image must be less than 5MB.")).toBeVisible();

  await input.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("hello"),
  });
  await expect(page.getByText("Invalid file type")).toBeVisible();
  await expect(page.getByText("Please select an image file.")).toBeVisible();
  await expect(page.getByText(/will be uploaded when you save/)).toBeHidden();
});

test("a failed avatar upload still saves the rest of the profile", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.expectResponse(500, "/api/profiles/me/avatar");
  await signIn(page, await createVerifiedAccount(page.request, { name: "Upload Fails" }));
  const id = await ownId(page);
  await page.route("**/api/profiles/me/avatar", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "INTERNAL_ERROR", message: "Disk full" } }),
    }),
  );
  await page.goto("/profile/edit");
  await page.getByLabel("Avatar image").setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    buffer: await pngAvatar(),
  });
  await page.getByLabel("Location").fill("Saved Anyway");
  await page.getByRole("button", { name: "Save Changes" }).click();

  await expect(page.getByText("Avatar upload failed")).toBeVisible();
  await expect(page.getByText("Profile will be saved without avatar update.")).toBeVisible();
  await expect(page.getByText("Profile updated")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/profile/${id}$`));
  await expect(page.getByText("Saved Anyway")).toBeVisible();
});

test("a private profile shows 'Profile not found' to another member", async ({ page, browser }) => {
  const owner = await createVerifiedAccount(page.request, { name: "Private Person" });
  await signIn(page, owner);
  const id = await ownId(page);

  await page.goto("/profile/edit");
  const publicSwitch = page.getByRole("switch", { name: "Public Profile" });
  await expect(publicSwitch).toBeChecked();
  await publicSwitch.click();
  await expect(publicSwitch).not.toBeChecked();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${id}$`));
  // The owner still sees their own private profile.
  await expect(page.getByText("Private profile")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Private Person" })).toBeVisible();

  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await signIn(otherPage, await createVerifiedAccount(otherPage.request));
  await otherPage.goto(`/profile/${id}`);
  await expect(otherPage.getByRole("heading", { name: "Profile not found" })).toBeVisible();
  await expect(otherPage.getByText("This user profile doesn't exist or is private.")).toBeVisible();
  await expect(otherPage.getByText("Private Person")).toHaveCount(0);
  await otherPage.getByRole("link", { name: "Browse members" }).click();
  await expect(otherPage).toHaveURL(/\/members$/);
  await expect(otherPage.getByRole("heading", { name: "Community Members" })).toBeVisible();
  await otherContext.close();
});

test("a profile without discussions invites its owner to start one", async ({ page }) => {
  await signIn(page, await createVerifiedAccount(page.request, { name: "New Starter" }));
  const id = await ownId(page);
  await page.goto(`/profile/${id}`);
  await expect(page.getByRole("heading", { name: "Recent Discussions" })).toBeVisible();
  await expect(page.getByText("No discussions yet")).toBeVisible();
  await page.getByRole("link", { name: "Start your first discussion" }).click();
  await expect(page).toHaveURL(/\/discussion$/);
});
