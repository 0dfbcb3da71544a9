import type { Page } from "@playwright/test";
import { createVerifiedAccount, signIn, uniqueEmail } from "./support/accounts";
import { storeCookieConsent } from "./support/cookie-consent";
import { openInbox } from "./support/mailbox";
import { expect, test } from "./support/test";

/** Every text the hero's animated word shows during `ms`, in order, without repeats. */
async function heroWordTexts(page: Page, ms: number): Promise<string[]> {
  return page.evaluate(async (duration) => {
    const seen: string[] = [];
    const read = () => {
      const text = document.querySelector('[data-testid="hero-word"]')?.textContent?.trim() ?? "";
      if (seen.at(-1) !== text) seen.push(text);
    };
    read();
    const observer = new MutationObserver(read);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    await new Promise((resolve) => setTimeout(resolve, duration));
    observer.disconnect();
    return seen;
  }, ms);
}

test.describe("the home page", () => {
  test.beforeEach(async ({ page }) => {
    await storeCookieConsent(page);
  });

  test("shows the sections in the order of docs/product.md §2.4, then the footer", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: /Sometimes you just need to\.\.\./ }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Never miss a rant" })).toBeAttached();
    const order = await page.evaluate(() =>
      [...document.querySelectorAll("main section[aria-labelledby], footer")].map(
        (element) => element.getAttribute("aria-labelledby") ?? element.tagName.toLowerCase(),
      ),
    );
    expect(order).toEqual([
      "hero-heading",
      "categories-heading",
      "about-heading",
      "contact-heading",
      "posts-heading",
      "newsletter-heading",
      "footer",
    ]);
    for (const category of [
      "Rants & Vents",
      "Life Observations",
      "Unpopular Opinions",
      "Personal Stories",
    ]) {
      await expect(page.getByRole("heading", { name: category })).toBeVisible();
    }
    // The database's own counts (docs/decisions/030), as the API gives them right now (the
    // browser tests run one at a time, so nothing changes them in between).
    const stats = (await (await page.request.get("/api/site/stats")).json()) as Record<
      "posts" | "replies" | "rants",
      number
    >;
    expect(stats.posts).toBeGreaterThanOrEqual(6);
    const about = page.locator("#about");
    for (const [key, label] of [
      ["posts", "Posts"],
      ["replies", "Replies"],
      ["rants", "Rants"],
    ] as const) {
      const figure = about.locator("dl > div", { has: page.getByText(label, { exact: true }) });
      await expect(figure.locator("dd")).toHaveText(stats[key].toLocaleString("en-GB"));
    }
    await expect(about.getByText("Coffees")).toHaveCount(0);
    // The six seeded posts, newest first, the first one featured.
    const posts = page.locator("#posts article");
    await expect(posts).toHaveCount(6);
    await expect(posts.first()).toContainText("Why Does Everyone Reply-All?");
    await expect(posts.first()).toContainText("Featured");
    await expect(posts.nth(5)).toContainText("Nobody Reads the Terms and Conditions");
  });

  test("types the hero word letter by letter, then the next word", async ({ page }) => {
    await page.goto("/");
    const texts = await heroWordTexts(page, 7_000);
    // 'vent' typed (120 ms a letter), held 3 s, deleted, then the next word 'rant' typed. The
    // watch starts when the page has loaded, which on a busy machine can be after 'vent' was
    // typed: the letters are checked on 'rant', which always comes inside the 7 s.
    const rant = ["r", "ra", "ran", "rant"].map((text) => texts.indexOf(text));
    expect(
      rant.every((index, i) => index >= 0 && (i === 0 || index > (rant[i - 1] ?? 0))),
      texts.join(" | "),
    ).toBe(true);
    expect(texts.indexOf("vent")).toBeGreaterThanOrEqual(0);
    expect(texts.indexOf("r")).toBeGreaterThan(texts.indexOf("vent"));
  });

  test("swaps whole words without typing when the visitor prefers reduced motion", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(page.getByTestId("hero-word")).toHaveText("vent");
    const texts = await heroWordTexts(page, 2_600);
    expect(texts).toEqual(["vent", "rant"]);
  });

  test("the hero buttons lead to the posts and about sections", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Read the latest posts" })).toHaveAttribute(
      "href",
      "#posts",
    );
    await page.getByRole("link", { name: "About this blog" }).click();
    await expect(page.locator("#about")).toBeInViewport();
  });

  test("a post card opens the post", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Breakfast Is Overrated" }).click();
    await expect(page).toHaveURL(/\/blog\/breakfast-is-overrated$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Breakfast Is Overrated" }),
    ).toBeVisible();
    await expect(page.getByText("Eat when you are hungry. That is the whole rant.")).toBeVisible();
    await expect(page).toHaveTitle("Breakfast Is Overrated · Rant Community");
  });
});

test.describe("the cookie banner", () => {
  const banner = (page: Page) => page.getByRole("region", { name: "Cookie consent" });
  const stored = (page: Page) =>
    page.evaluate(() => JSON.parse(localStorage.getItem("cookie-consent") ?? "null"));

  test("Accept All stores every kind, and the banner stays away after a reload", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy",
    );
    // By keyboard: the buttons are ordinary buttons.
    await banner(page).getByRole("button", { name: "Accept All" }).focus();
    await page.keyboard.press("Enter");
    await expect(banner(page)).toBeHidden();
    const consent = await stored(page);
    expect(consent).toMatchObject({ necessary: true, analytics: true, marketing: true });
    expect(Date.parse(consent.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Latest posts" })).toBeVisible();
    await expect(banner(page)).toBeHidden();
  });

  test("Necessary Only stores analytics and marketing off, and is remembered", async ({ page }) => {
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Necessary Only" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toMatchObject({
      necessary: true,
      analytics: false,
      marketing: false,
    });
    await page.reload();
    await expect(page.getByRole("heading", { name: "Latest posts" })).toBeVisible();
    await expect(banner(page)).toBeHidden();
  });

  test("close hides it without storing, so it comes back on the next visit", async ({ page }) => {
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Close" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toBeNull();
    await page.reload();
    await expect(banner(page)).toBeVisible();
  });
});

test.describe("the newsletter signup", () => {
  test.beforeEach(async ({ page }) => {
    await storeCookieConsent(page);
  });

  const form = (page: Page) => page.locator("#newsletter");
  const toast = (page: Page, title: string) =>
    page.locator("[data-sonner-toast]", {
      has: page.getByText(title, { exact: true }),
    });

  async function subscribe(page: Page, email: string) {
    await page.goto("/#newsletter");
    await form(page).getByLabel("Email address").fill(email);
    await form(page).getByRole("button", { name: "Subscribe" }).click();
  }

  test("a visitor gets the one answer, whatever the address's state", async ({ page }) => {
    const email = uniqueEmail("news");
    await page.goto("/");
    await expect(form(page).getByRole("button", { name: "Subscribe" })).toBeDisabled();

    await subscribe(page, email);
    await expect(toast(page, "Successfully Subscribed!")).toHaveAttribute("data-type", "success");
    await expect(
      page.getByText("Please check your email to confirm your subscription."),
    ).toBeVisible();
    await expect(form(page).getByLabel("Email address")).toHaveValue("");

    // The same address again (pending now): the same answer, so nobody learns who subscribed.
    await page.reload();
    await subscribe(page, email.toUpperCase());
    await expect(toast(page, "Successfully Subscribed!")).toHaveAttribute("data-type", "success");
    await expect(
      page.getByText("Please check your email to confirm your subscription."),
    ).toBeVisible();
    await expect(toast(page, "Already Subscribed")).toHaveCount(0);
  });

  test("the signed-in owner of the address hears each outcome, and welcomes back after unsubscribing", async ({
    page,
  }) => {
    const account = await createVerifiedAccount(page.request, { name: "Newsletter Owner" });
    await signIn(page, account);
    const inbox = await openInbox(account.email);

    await subscribe(page, account.email);
    await expect(toast(page, "Successfully Subscribed!")).toHaveAttribute("data-type", "success");
    await expect(page.getByText("Thank you for subscribing to our newsletter.")).toBeVisible();
    await expect(form(page).getByLabel("Email address")).toHaveValue("");

    await page.reload();
    await subscribe(page, account.email.toUpperCase());
    // docs/product.md §8: the default style, not an error.
    await expect(toast(page, "Already Subscribed")).toBeVisible();
    expect(await toast(page, "Already Subscribed").getAttribute("data-type")).toBeNull();
    await expect(page.getByText("You're already subscribed to our newsletter!")).toBeVisible();

    // The welcome email's link asks before unsubscribing.
    await page.goto(await inbox.nextLink("/newsletter/unsubscribe"));
    await expect(
      page.getByRole("heading", { name: "Unsubscribe from the newsletter" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByText("You have been unsubscribed.")).toBeVisible();

    await subscribe(page, account.email);
    await expect(toast(page, "Welcome Back!")).toHaveAttribute("data-type", "success");
    await expect(
      page.getByText("Your newsletter subscription has been reactivated."),
    ).toBeVisible();
  });

  test("shows the product's message for a malformed address", async ({ page }) => {
    await subscribe(page, "not-an-email");
    await expect(form(page).getByText("Please enter a valid email address")).toBeVisible();
    await expect(form(page).getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("the contact form", () => {
  test.beforeEach(async ({ page }) => {
    await storeCookieConsent(page);
  });

  test("shows 'Sending...', then 'Message sent!', and clears the form", async ({ page }) => {
    await page.goto("/#contact");
    const contact = page.locator("#contact");
    await contact.getByLabel("Name").fill("Ada Lovelace");
    await contact.getByLabel("Email").fill("ada@example.com");
    await contact.getByLabel("Subject").fill("Hello");
    await contact.getByLabel("Message").fill("Just saying hello.");
    await contact.getByRole("button", { name: "Send Message" }).click();
    await expect(contact.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expect(page.getByText("Message sent!")).toBeVisible();
    await expect(
      page.getByText("Thanks for reaching out. We'll get back to you soon!"),
    ).toBeVisible();
    for (const label of ["Name", "Email", "Subject", "Message"]) {
      await expect(contact.getByLabel(label)).toHaveValue("");
    }
    await expect(contact.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  test("/contact shows each required field's message", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Get in touch" })).toBeVisible();
    await page.getByLabel("Email").fill("nope");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Subject is required")).toBeVisible();
    await expect(page.getByText("Message is required")).toBeVisible();
    await expect(page.getByLabel("Name")).toBeFocused();
  });
});
