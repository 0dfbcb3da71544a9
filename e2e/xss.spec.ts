// OWASP-style XSS payloads in every field a member or staff can write (names, bio, location,
// website, LinkedIn, discussion titles and content, blog posts, hero words, contact messages
// and data requests seen in the CMS inbox), then every page that shows them, in Chromium.
// A page fails on any dialog (every payload calls alert), any Content-Security-Policy
// violation, and any inline event handler, script, frame or javascript: link in its DOM.
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { XSS_PAYLOADS } from "../src/server/test/security/xss-payloads";
import { type Account, createVerifiedAccount, uniqueEmail } from "./support/accounts";
import { storeCookieConsent } from "./support/cookie-consent";
import { type DialogWatch, watchDialogs } from "./support/dialogs";
import { setRole } from "./support/roles";
import { expect, test } from "./support/test";

const WRITERS = 6;

type Seeded = {
  admin: Account;
  adminState: Awaited<ReturnType<BrowserContext["storageState"]>>;
  memberIds: string[];
  authorNames: string[];
  discussionIds: string[];
  /** The admin's discussion in the markup (decision 064): formatting, quotes and mentions. */
  markupDiscussionId: string;
  postIds: string[];
  wordIds: string[];
};

let seeded: Seeded;

const payloadsFor = (writer: number) => XSS_PAYLOADS.filter((_, n) => n % WRITERS === writer);
const all = XSS_PAYLOADS.join("\n");
const clip = (value: string, max: number) => value.slice(0, max);

type Created = { id: string; fullName?: string };

async function ok(
  response: Awaited<ReturnType<APIRequestContext["post"]>>,
  what: string,
): Promise<Created> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json().catch(() => ({ id: "" }))) as Created;
}

async function signedInRequest(
  playwright: { request: { newContext(o: object): Promise<APIRequestContext> } },
  baseURL: string,
  account: Account,
) {
  const request = await playwright.request.newContext({ baseURL });
  await ok(
    await request.post("/api/auth/sign-in/email", {
      data: { email: account.email, password: account.password },
    }),
    "sign-in",
  );
  return request;
}

test.beforeAll(async ({ playwright, browser, site }, testInfo) => {
  testInfo.setTimeout(120_000);
  const baseURL = site.url;
  const anonymous = await playwright.request.newContext({ baseURL });
  const memberIds: string[] = [];
  const authorNames: string[] = [];
  const discussionIds: string[] = [];

  // Members whose every profile field and discussion carries payloads.
  for (let writer = 0; writer < WRITERS; writer++) {
    const mine = payloadsFor(writer);
    const account = await createVerifiedAccount(anonymous, {
      name: clip(mine[0] ?? "xss", 100),
    });
    const request = await signedInRequest(playwright, baseURL, account);
    const profile = await ok(
      await request.patch("/api/profiles/me", {
        data: {
          fullName: clip(`${mine[0]} ${writer}`, 100),
          bio: clip(mine.join(" "), 500),
          location: clip(mine[1] ?? mine[0] ?? "", 100),
          website: `https://example.com/${mine[0]}`,
          socialTwitter: `xss_${writer}`,
          socialLinkedin: `https://www.linkedin.com/in/${mine[1] ?? mine[0]}`,
          isPublic: true,
        },
      }),
      "profile",
    );
    memberIds.push(profile.id);
    authorNames.push(profile.fullName ?? "");
    const discussion = await ok(
      await request.post("/api/discussions", {
        data: { category: "rants-and-vents", title: clip(mine[0] ?? "xss", 200), content: all },
      }),
      "discussion",
    );
    discussionIds.push(discussion.id);
    await request.dispose();
  }

  // An admin: blog posts (one featured), hero words, a moderated discussion, a role reason.
  const admin = await createVerifiedAccount(anonymous, {
    name: clip(XSS_PAYLOADS[3] ?? "admin", 100),
  });
  await setRole(admin.email, "admin");
  const staff = await signedInRequest(playwright, baseURL, admin);
  await ok(
    await staff.patch("/api/profiles/me", {
      data: { fullName: "Xss Admin", bio: clip(all, 500), location: "Nowhere", isPublic: true },
    }),
    "admin profile",
  );
  const postIds: string[] = [];
  for (const [n, payload] of XSS_PAYLOADS.slice(0, 3).entries()) {
    const fields = {
      title: clip(payload, 200),
      excerpt: clip(payload, 500),
      content: all,
      category: "rants-and-vents",
      featured: n === 0,
    };
    // New posts start as drafts (docs/product.md §3); publishing is an edit.
    const post = await ok(await staff.post("/api/cms/blog-posts", { data: fields }), "blog post");
    await ok(
      await staff.put(`/api/cms/blog-posts/${post.id}`, {
        data: { ...fields, status: "published" },
      }),
      "publish",
    );
    postIds.push(post.id);
  }
  const wordIds: string[] = [];
  for (const payload of XSS_PAYLOADS.slice(0, 4)) {
    const word = await ok(
      await staff.post("/api/cms/hero-words", { data: { word: clip(payload, 50) } }),
      "hero word",
    );
    wordIds.push(word.id);
  }
  const cmsDiscussion = await ok(
    await staff.post("/api/cms/discussions", {
      data: { category: "rants-and-vents", title: clip(XSS_PAYLOADS[5] ?? "x", 200), content: all },
    }),
    "CMS discussion",
  );
  discussionIds.push(cmsDiscussion.id);

  // The markup (decision 064): payloads inside formatting, a mention of a member whose name is
  // a payload, quotes of a reply (one of them deleted) and quotes naming no reply.
  const tricks = [
    "[click me](javascript:alert('xss-md-link'))",
    "**<img src=x onerror=alert('xss-in-bold')>**",
    `@[<img src=x onerror=alert('xss-mention')>](${memberIds[0]})`,
    "[quote=javascript:alert('xss-quote-id')]\nquoted\n[/quote]",
    "[quote=00000000-0000-4000-8000-000000000000]\n<script>alert('xss-quote-missing')</script>\n[/quote]",
  ].join("\n\n");
  const markupDiscussion = await ok(
    await staff.post("/api/discussions", {
      data: {
        category: "rants-and-vents",
        title: "Markup and quotes",
        content: `${tricks}\n\n${all}`,
      },
    }),
    "markup discussion",
  );
  discussionIds.push(markupDiscussion.id);
  const repliesPath = `/api/discussions/${markupDiscussion.id}/replies`;
  const quoted = await ok(await staff.post(repliesPath, { data: { content: all } }), "quoted");
  const hiddenOne = await ok(
    await staff.post(repliesPath, { data: { content: "<b>hidden</b> alert('xss-hidden')" } }),
    "to hide",
  );
  await ok(
    await staff.post(repliesPath, {
      data: {
        content: `[quote=${quoted.id}]\n${clip(all, 3000)}\n[/quote]\n\n[quote=${hiddenOne.id}]\nalert('xss-hidden-quote')\n[/quote]\n\n${tricks}`,
      },
    }),
    "quoting reply",
  );
  // Deleted: nobody reads it, the admin neither, so its quote shows "Quoted post hidden".
  const removed = await staff.delete(`/api/replies/${hiddenOne.id}`);
  if (removed.status() !== 204) throw new Error(`delete: ${removed.status()}`);
  await ok(
    await staff.put(`/api/discussions/${cmsDiscussion.id}/pin`, { data: { pinned: true } }),
    "pin",
  );

  // The inbox: contact messages and data requests, sent signed out.
  for (const payload of XSS_PAYLOADS.slice(0, 3)) {
    await ok(
      await anonymous.post("/api/contact", {
        data: {
          name: clip(payload, 100),
          email: uniqueEmail("xss-contact"),
          subject: clip(payload, 200),
          message: all,
        },
      }),
      "contact",
    );
    await ok(
      await anonymous.post("/api/data-requests", {
        data: {
          requestType: "access",
          email: uniqueEmail("xss-gdpr"),
          fullName: clip(payload, 100),
          details: clip(all, 2000),
        },
      }),
      "data request",
    );
  }
  await ok(
    await anonymous.post("/api/newsletter", { data: { email: uniqueEmail("xss-news") } }),
    "newsletter",
  );

  // The admin's browser session, for the pages below.
  const context = await browser.newContext({ baseURL });
  const signIn = await context.request.post("/api/auth/sign-in/email", {
    data: { email: admin.email, password: admin.password },
  });
  await ok(signIn, "admin sign-in");
  seeded = {
    admin,
    adminState: await context.storageState(),
    memberIds,
    authorNames,
    discussionIds,
    markupDiscussionId: markupDiscussion.id,
    postIds,
    wordIds,
  };
  await context.close();
  await staff.dispose();
  await anonymous.dispose();
});

test.afterAll(async ({ playwright, site }) => {
  // Other specs share this server: take the hero words and posts back out.
  const baseURL = site.url;
  if (!seeded) return;
  const staff = await signedInRequest(playwright, baseURL, seeded.admin);
  for (const id of seeded.wordIds) await staff.delete(`/api/cms/hero-words/${id}`);
  for (const id of seeded.postIds) await staff.delete(`/api/cms/blog-posts/${id}`);
  for (const id of seeded.discussionIds) await staff.delete(`/api/discussions/${id}`);
  await staff.dispose();
});

type Findings = { dialogs: DialogWatch; csp: string[]; errors: string[] };

const watched = new WeakMap<Page, Findings>();

/**
 * Records dialogs (dismissing them), CSP violations and console errors about the policy on
 * `page`; registered once per page, emptied by each visit.
 */
async function watch(page: Page): Promise<Findings> {
  const known = watched.get(page);
  if (known) return known;
  const findings: Findings = { dialogs: watchDialogs(page), csp: [], errors: [] };
  watched.set(page, findings);
  page.on("console", (message) => {
    const text = message.text();
    if (message.type() === "error" && /Content Security Policy|Refused to/i.test(text)) {
      findings.errors.push(text);
    }
  });
  await page.exposeFunction("__reportCspViolation", (text: string) => findings.csp.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation(text: string): void })
        .__reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}: ${event.sample}`);
    });
  });
  return findings;
}

/** Markup no React page of ours produces; any of it means injected HTML. */
async function injectedMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll("*"))) {
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name)) found.push(`${element.tagName} ${attribute.name}`);
        // A link or source whose scheme runs code (text that merely mentions it is fine).
        const isUrl = /^(href|src|action|formaction|data|xlink:href|srcdoc)$/i.test(attribute.name);
        // Browsers drop control characters and whitespace from a scheme ("java\tscript:").
        const scheme = attribute.value.includes(":")
          ? (attribute.value.split(":")[0] ?? "").replace(/[^a-z]/gi, "").toLowerCase()
          : "";
        if (isUrl && ["javascript", "vbscript", "data"].includes(scheme)) {
          found.push(`${element.tagName} ${attribute.name}=${attribute.value}`);
        }
      }
    }
    for (const frame of Array.from(document.querySelectorAll("iframe, object, embed, frame"))) {
      found.push(frame.tagName);
    }
    // The page's own event replay, outside the app's root (decision 061): one, and only there.
    const starters = document.querySelectorAll("head > script[data-event-replay]");
    for (const script of Array.from(document.querySelectorAll("script"))) {
      const src = script.getAttribute("src") ?? "";
      // The page's data (the server render's state, JSON-LD) is never run by the browser; text
      // that broke out of it would make elements of its own, which the checks above find.
      const data = /^application\/(ld\+)?json$/i.test(script.getAttribute("type") ?? "");
      const starter = starters.length === 1 && script === starters[0];
      if (!data && !starter && !src.startsWith("/assets/")) {
        found.push(`script ${src || script.textContent}`);
      }
    }
    return found;
  });
}

type VisitOptions = {
  /** The page must show some payload's text (cleaned), so the check is not run on an empty page. */
  shows?: boolean;
  /** Waits until the page has what it shows; by default, some payload's text in the main. */
  ready?: (page: Page) => Promise<void>;
  /** Opens the lazy parts (a tab, an editor) and waits until they show. */
  interact?: (page: Page) => Promise<void>;
};

/** Some payload's text, cleaned, in the page's main region. */
const showsPayload = (page: Page) => expect(page.locator("main").first()).toContainText("alert(");

/**
 * Opens `url` as the admin, waits until it shows what it shows, moves the mouse and the focus
 * over it, opens its lazy parts, then checks. Dialogs are checked with a sentinel of our own
 * (support/dialogs.ts): nothing opening one has no event to wait for.
 */
async function visit(
  page: Page,
  url: string,
  { shows = true, ready, interact }: VisitOptions = {},
) {
  const findings = await watch(page);
  findings.csp.length = 0;
  findings.errors.length = 0;
  await page.goto(url);
  await page.locator("main").first().waitFor();
  await (ready ?? (shows ? showsPayload : async () => {}))(page);
  // Hover over and focus what is on screen: payloads that wait for a mouse or focus event.
  await page.mouse.move(200, 300);
  await page.mouse.move(600, 500);
  await page.keyboard.press("Tab");
  await interact?.(page);
  expect(await findings.dialogs.before(), `dialogs on ${url}`).toEqual([]);
  expect(findings.csp, `CSP violations on ${url}`).toEqual([]);
  expect(findings.errors, `CSP errors on ${url}`).toEqual([]);
  expect(await injectedMarkup(page), `injected markup on ${url}`).toEqual([]);
  // The session cookie is never readable by script.
  expect(await page.evaluate(() => document.cookie)).not.toMatch(/session_token/);
}

test.describe("stored XSS payloads never run", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test.beforeEach(async ({ context, page }) => {
    await context.addCookies(seeded.adminState.cookies);
    await storeCookieConsent(page);
  });

  test("the harness notices a dialog and the policy blocks an injected inline script", async ({
    page,
    consoleGuard,
  }) => {
    // What this test provokes on purpose: the policy's refusals, and the image's 404.
    consoleGuard.allow(/Content Security Policy/);
    consoleGuard.expectResponse(404, "/x");
    const findings = await watch(page);
    await page.goto("/about");
    await page.locator("main").first().waitFor();
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "alert('inline ran')";
      document.body.append(script);
      const image = document.createElement("img");
      image.setAttribute("src", "x");
      image.setAttribute("onerror", "alert('handler ran')");
      document.body.append(image);
    });
    // Both refused (the script at once, the handler once the image failed) ...
    await expect.poll(() => findings.csp.length).toBeGreaterThanOrEqual(2);
    expect(await findings.dialogs.before()).toEqual([]);
    // ... and a dialog that does open is noticed.
    await page.evaluate(() => setTimeout(() => alert("probe"), 0));
    await expect.poll(() => findings.dialogs.opened).toEqual(["alert: probe"]);
    expect(await findings.dialogs.before()).toEqual(["alert: probe"]);
  });

  test("home page: hero words, featured and latest posts", async ({ page }) => {
    await visit(page, "/", {
      interact: async () => {
        await page.mouse.wheel(0, 3000);
        await expect(page.locator("#posts")).toContainText("alert(");
      },
    });
  });

  test("blog list and posts", async ({ page }) => {
    await visit(page, "/blog");
    for (const id of seeded.postIds) await visit(page, `/blog/${id}`);
  });

  test("forum list, search, author filter and each discussion", async ({ page }) => {
    await visit(page, "/discussion");
    await visit(page, `/discussion?q=${encodeURIComponent("alert")}`);
    await visit(page, `/discussion?author=${encodeURIComponent(seeded.authorNames[0] ?? "")}`);
    for (const id of seeded.discussionIds) await visit(page, `/discussion/${id}`);
  });

  test("a discussion's formatting, quotes and mentions, read, previewed and edited", async ({
    page,
  }) => {
    const url = `/discussion/${seeded.markupDiscussionId}`;
    await visit(page, url, {
      interact: async () => {
        await expect(page.getByText("Quoted post hidden")).toBeVisible();
        // The discussion's own editor: the composer with its mention shown as @Name.
        await page.getByRole("button", { name: "Edit", exact: true }).first().click();
        const editor = page.getByRole("form", { name: "Edit discussion" });
        const content = editor.getByLabel("Content");
        await expect(content).toHaveValue(/alert\(/);
        // The mention reads @Name: its member's id stays out of the text box.
        expect(await content.inputValue()).not.toContain(seeded.memberIds[0] ?? "-");
        await editor.getByRole("tab", { name: "Preview" }).click();
        await expect(editor.getByRole("tabpanel")).toContainText("alert(");
      },
    });
    expect(await injectedMarkup(page), "injected markup in the editor's preview").toEqual([]);
  });

  test("members directory and each profile", async ({ page }) => {
    await visit(page, "/members");
    await visit(page, `/members?search=${encodeURIComponent("onerror")}`);
    for (const id of seeded.memberIds) await visit(page, `/profile/${id}`);
    // The admin's bio is payloads: it shows in a field's value, not as text.
    await visit(page, "/profile/edit", {
      shows: false,
      ready: (page) => expect(page.getByLabel("Bio")).toHaveValue(/alert\(/),
    });
  });

  test("every CMS tab, the inbox's two lists and the editors", async ({ page }) => {
    await visit(page, "/cms?tab=overview", { shows: false });
    for (const tab of ["blog", "discussions", "users", "hero-words", "inbox"]) {
      await visit(page, `/cms?tab=${tab}`);
    }
    await visit(page, "/cms?tab=inbox", {
      interact: async () => {
        await page.getByRole("tab", { name: "Data requests" }).click();
        await expect(page.getByRole("tabpanel", { name: "Data requests" })).toContainText("alert(");
      },
    });
    await visit(page, "/cms?tab=blog", {
      shows: false,
      interact: async () => {
        await page.getByRole("button", { name: /edit/i }).first().click();
        const editor = page.getByRole("dialog", { name: "Edit post" });
        await expect(editor.getByLabel("Title")).not.toHaveValue("");
      },
    });
  });

  test("showcases that show the hero words", async ({ page }) => {
    await visit(page, "/rotating-text-showcase", {
      shows: false,
      ready: (page) => expect(page.getByRole("main")).toContainText("vent"),
    });
    await visit(page, "/header-showcase", {
      shows: false,
      ready: (page) => expect(page.getByRole("main")).toContainText("10. Bold"),
    });
  });
});
