// The pages as a reader without JavaScript gets them (docs/decisions/025): the page's main
// content is in the HTML, the status is honest, and nobody's private data is in a page that
// could be kept for someone else.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SsrData } from "@/client/lib/ssr-data";
import { createApp } from "@/server/app";
import { blogPosts, heroWords, profiles } from "@/server/db/schema";
import { builtClient, TEST_SHELL } from "@/server/test/built-client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { insertReplyRow, insertThread } from "@/server/test/replies";
import { createTestApp, type TestApp } from "@/server/test/test-app";

let t: TestApp;
let app: ReturnType<typeof createApp>;
let author: Awaited<ReturnType<typeof createMember>>;
let reader: Awaited<ReturnType<typeof createMember>>;
let hidden: Awaited<ReturnType<typeof createMember>>;
let discussionId: string;

beforeAll(async () => {
  t = await createTestApp();
  const files = builtClient(TEST_SHELL);
  app = createApp(t.deps, { staticFiles: files });
  author = await createMember(t, { name: "Rendered Author" });
  reader = await createMember(t, { name: "Signed Reader" });
  hidden = await createMember(t, { name: "Private Person" });
  await t.db.update(profiles).set({ isPublic: false }).where(sql`${profiles.id} = ${hidden.id}`);
  discussionId = await insertDiscussionRow(t.db, {
    title: "Server rendered discussion",
    content: "The body a crawler reads",
    authorId: author.id,
  });
  await insertThread(t.db, discussionId, 3, { authorId: author.id });
  await t.db.insert(blogPosts).values({
    slug: "rendered-post",
    title: "A post rendered on the server",
    excerpt: "Its excerpt.",
    content: "Its body, in the HTML.",
    categoryId: sql`(select id from categories where slug = 'unpopular-opinions')`,
    status: "published",
    publishedAt: sql`now()`,
  });
  await t.db.insert(heroWords).values({ word: "Rendered", displayOrder: 1 });
});
afterAll(async () => {
  await t.close();
});

/** The page as sent: status, headers, the root element's markup and the hydration data. */
async function page(path: string, member?: { client: { cookies: Map<string, string> } }) {
  const cookie = [...(member?.client.cookies ?? [])].map(([name, value]) => `${name}=${value}`);
  const response = await app.request(path, {
    headers: cookie.length ? { cookie: cookie.join("; ") } : {},
  });
  const html = await response.text();
  const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1];
  const json = /<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/.exec(
    html,
  )?.[1];
  return {
    status: response.status,
    headers: response.headers,
    html,
    root: root ?? "",
    text: textOf(root ?? ""),
    data: json ? (JSON.parse(json) as SsrData) : null,
  };
}

/** The markup's text, as a reader sees it. */
function textOf(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");
}

function h1(markup: string): string {
  return textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(markup)?.[1] ?? "").trim();
}

describe("pages without JavaScript", () => {
  const STATIC: [string, string][] = [
    ["/team", "Team"],
    ["/contact", "Get in touch"],
    ["/about", "About"],
    ["/posts", "Latest posts"],
    ["/privacy", "Privacy Policy"],
    ["/data-request", "Data Protection Request"],
    ["/auth", "Welcome to Rant Community"],
    ["/auth/forgot-password", "Forgot your password?"],
    ["/newsletter/unsubscribe", "Unsubscribe"],
    ["/rotating-text-showcase", "Rotating Text Showcase"],
    ["/header-showcase", "Header"],
  ];

  it.each(STATIC)("%s has its heading in the HTML", async (path, heading) => {
    const { status, root } = await page(path);
    expect(status).toBe(200);
    expect(h1(root)).toContain(heading);
  });

  it.each([
    ["/auth?returnTo=%2Fmembers", "sign-in"],
    ["/auth?tab=sign-up", "sign-up"],
    ["/auth/forgot-password", "forgot-password"],
    ["/auth/reset-password?token=abc", "reset-password"],
    ["/contact", "contact"],
    ["/", "newsletter"],
    ["/data-request", "data-request"],
  ])(
    "%s: the %s form posts to its own page, naming itself (decision 061)",
    async (path, intent) => {
      const { root } = await page(path);
      const form =
        new RegExp(`<form[^>]*>(?:(?!</form>)[\\s\\S])*name="intent" value="${intent}"`).exec(
          root,
        )?.[0] ?? "";
      expect(form).toContain('method="post"');
      const section = { contact: "#contact", newsletter: "#newsletter" }[intent] ?? "";
      expect(form).toContain(`action="${path}${section}"`);
    },
  );

  it("the email change undo page's form posts to the API, and its result shows (decision 049)", async () => {
    const token = "a".repeat(43);
    const { status, root } = await page(`/settings/email/undo?token=${token}`);
    expect(status).toBe(200);
    // The page's form, not the header's search.
    const form = /<form[^>]* action="\/api\/[^>]*>/.exec(root)?.[0] ?? "";
    expect(form).toContain('action="/api/account/email/undo"');
    expect(form).toContain('method="post"');
    expect(root).toContain(`name="token" value="${token}"`);
    expect(textOf((await page("/settings/email/undo?result=undone")).root)).toContain(
      "Email change undone",
    );
  });

  it("the privacy policy has the configured contact address", async () => {
    expect((await page("/privacy")).text).toContain(t.env.privacyEmail);
  });

  it("the home page has its hero, the hero words and the latest posts", async () => {
    const { status, text, data } = await page("/");
    expect(status).toBe(200);
    expect(text).toContain("A post rendered on the server");
    expect(data?.queries.map((query) => query.queryKey[0])).toContain("hero-words");
  });

  it("the blog lists its posts and a post has its text", async () => {
    expect((await page("/blog")).text).toContain("A post rendered on the server");
    const post = await page("/blog/rendered-post");
    expect(post.status).toBe(200);
    expect(h1(post.root)).toBe("A post rendered on the server");
    expect(post.text).toContain("Its body, in the HTML.");
  });

  it("the forum lists its discussions, with the query string's search", async () => {
    expect((await page("/discussion")).text).toContain("Server rendered discussion");
    expect((await page("/discussion?q=rendered")).text).toContain("Server rendered discussion");
    expect((await page("/discussion?q=nothing-matches-this")).text).not.toContain(
      "Server rendered discussion",
    );
  });

  it("a category's page has its name, description and discussions; the home cards link there", async () => {
    const { status, root, text } = await page("/discussion/c/rants-and-vents");
    expect(status).toBe(200);
    expect(h1(root)).toBe("Rants & Vents");
    expect(text).toContain("The daily frustrations that deserve to be said out loud");
    expect(text).toContain("Server rendered discussion");
    expect((await page("/discussion/c/personal-stories")).text).not.toContain(
      "Server rendered discussion",
    );
    const home = await page("/");
    expect(home.root).toContain('href="/discussion/c/life-observations"');
    expect(home.text).toContain("Rants & Vents The daily frustrations");
    const missing = await page("/discussion/c/no-such-category");
    expect(missing.status).toBe(404);
    expect(h1(missing.root)).toBe("Category not found");
  });

  it("a discussion's JSON-LD names its category (about, isPartOf)", async () => {
    const { html } = await page(`/discussion/${discussionId}`);
    expect(html).toContain('"about":{"@type":"Thing","name":"Rants & Vents"}');
    expect(html).toContain('/discussion/c/rants-and-vents"');
  });

  it("a discussion has its text and the first page of replies", async () => {
    const { status, root, text } = await page(`/discussion/${discussionId}`);
    expect(status).toBe(200);
    expect(h1(root)).toBe("Server rendered discussion");
    expect(text).toContain("The body a crawler reads");
    for (const reply of ["Reply 1", "Reply 2", "Reply 3"]) expect(text).toContain(reply);
  });

  it("the directory lists members and a profile has the member's name", async () => {
    const members = await page("/members");
    expect(members.text).toContain("Rendered Author");
    const profile = await page(`/profile/${author.id}`);
    expect(profile.status).toBe(200);
    expect(profile.text).toContain("Rendered Author");
  });

  it("the page needs no inline script: its one script element is the JSON data", async () => {
    for (const path of ["/", "/blog", "/discussion", `/discussion/${discussionId}`, "/members"]) {
      const { root, html } = await page(path);
      expect(root, path).not.toContain("<script");
      expect(root, path).not.toContain("<template");
      // The app's module and the data; JSON-LD is data too (never run).
      const scripts = html.match(/<script(?! type="application\/ld\+json")/g);
      expect(scripts, path).toHaveLength(2);
    }
  });

  it("hydration data names the lazy components rendered and the render's clock", async () => {
    const { data } = await page(`/discussion/${discussionId}`);
    expect(data?.lazy).toContain("DiscussionPage");
    expect(Math.abs((data?.renderedAt ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it("pages for members and token links are left to the browser", async () => {
    const { root, data } = await page("/settings");
    expect(root).toBe("");
    expect(data).toBeNull();
  });
});

describe("the search page (issue 44)", () => {
  it("without a query: the form, a GET to /search that works without scripts, and the operators", async () => {
    const { status, root, html } = await page("/search");
    expect(status).toBe(200);
    expect(h1(root)).toBe("Search");
    expect(root).toMatch(/<form[^>]* action="\/search" method="get"/);
    expect(root).toMatch(/<input[^>]* name="q"/);
    expect(textOf(root)).toContain("author:name");
    expect(html).toContain("<title>Search · Rant Community</title>");
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it("with a query: titled by it (escaped), never indexed", async () => {
    const { status, html } = await page(`/search?q=${encodeURIComponent('<b>"rendered"</b> ')}`);
    expect(status).toBe(200);
    expect(html).toContain(
      "<title>Search: &lt;b&gt;&quot;rendered&quot;&lt;/b&gt; · Rant Community</title>",
    );
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it("with a query: the results in the HTML, the matched words marked, the answer for hydration", async () => {
    const { status, root, data } = await page("/search?q=rendered");
    expect(status).toBe(200);
    expect(textOf(root)).toContain("Server rendered discussion");
    expect(root).toMatch(/<a [^>]*href="\/discussion\/[^"]+">Server <mark[^>]*>rendered<\/mark>/);
    // The key the browser's page reads: it finds the answer and does not search again.
    expect(data?.queries.map((query) => query.queryKey)).toContainEqual(["search", "rendered", 1]);
  });

  it("a word only a reply has: the result opens that reply and says whose it was", async () => {
    // A discussion and member of its own: the others' replies and counts stay as they were.
    const replier = await createMember(t, { name: "Quokka Replier" });
    const threadId = await insertDiscussionRow(t.db, { title: "Animals of the world" });
    const replyId = await insertReplyRow(t.db, threadId, {
      authorId: replier.id,
      content: "Only this reply mentions a quokka.",
    });
    const { root, text } = await page("/search?q=quokka");
    expect(root).toContain(`href="/discussion/${threadId}?reply=${replyId}"`);
    expect(text).toContain("In a reply by Quokka Replier");
    expect(root).toMatch(/<mark[^>]*>quokka<\/mark>/);
  });

  it("a query the server refuses: its message beside the form, as an alert, and no crash", async () => {
    const { status, root } = await page("/search?q=after%3Anope+words");
    expect(status).toBe(200);
    expect(root).toMatch(/<p id="search-error" role="alert"[^>]*>Use a date like 2026-03-31<\/p>/);
    expect(root).toMatch(/<input[^>]* aria-invalid="true"/);
  });

  it("nothing found: says so for the query", async () => {
    const { text } = await page("/search?q=zzyzxwordless");
    expect(text).toContain("No results for “zzyzxwordless”.");
  });
});

describe("moderation (docs/decisions/027)", () => {
  it("/moderation lists the action with its reason and author, never the moderator or the words", async () => {
    const moderator = await createMember(t, { name: "Hush Moderator", role: "moderator" });
    // An author of its own: the JSON-LD tests count Rendered Author's posts.
    const writer = await createMember(t, { name: "Hidden Writer" });
    const id = await insertDiscussionRow(t.db, {
      title: "Words to hide",
      content: "Unkind words",
      authorId: writer.id,
    });
    const hide = await moderator.client.post(`/api/moderation/items/discussion/${id}/actions`, {
      action: "hide",
      reason: "Unkind to a member",
    });
    expect(hide.status).toBe(200);
    const { status, root, text, html } = await page("/moderation");
    expect(status).toBe(200);
    expect(h1(root)).toBe("Moderation");
    expect(text).toContain("Hidden a discussion by Hidden Writer");
    expect(text).toContain("Reason: Unkind to a member");
    for (const secret of ["Hush Moderator", moderator.id, "Words to hide", "Unkind words"]) {
      expect(html).not.toContain(secret);
    }
    // The hidden discussion's page and the forum carry the mask, not the words.
    const hidden = await page(`/discussion/${id}`);
    expect(h1(hidden.root)).toBe("Hidden by a moderator");
    expect(hidden.html).not.toContain("Unkind words");
    expect((await page("/discussion")).html).not.toContain("Words to hide");
    // Its author still reads it.
    expect(h1((await page(`/discussion/${id}`, writer)).root)).toBe("Words to hide");
  });
});

describe("status codes", () => {
  it("a missing discussion answers 404 with the not-found text", async () => {
    const missing = await page("/discussion/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(h1(missing.root)).toBe("Discussion not found");
    expect(missing.text).toContain("This discussion may have been removed or doesn't exist.");
    expect((await page("/discussion/not-an-id")).status).toBe(404);
  });

  it("a missing or private profile answers 404 with the not-found text", async () => {
    for (const path of ["/profile/nobody-here", `/profile/${hidden.id}`]) {
      const missing = await page(path);
      expect(missing.status).toBe(404);
      expect(h1(missing.root)).toBe("Profile not found");
      expect(missing.text).toContain("This user profile doesn't exist or is private.");
    }
  });

  it("a missing blog post answers 404 with the not-found text", async () => {
    const missing = await page("/blog/no-such-post");
    expect(missing.status).toBe(404);
    expect(h1(missing.root)).toBe("Post not found");
  });

  it("a query the API refuses leaves the list to the browser, and a malformed path too", async () => {
    const refused = await page("/discussion?q=a%00b");
    expect(refused.status).toBe(200);
    expect(refused.data?.queries.map((query) => query.queryKey[1])).not.toContain("list");
    const malformed = await page("/discussion/%zz");
    expect(malformed.status).toBe(404);
    expect(malformed.data).toBeNull();
  });

  it("an unknown path answers 404 with the not-found page", async () => {
    const unknown = await page("/no/such/page");
    expect(unknown.status).toBe(404);
    expect(h1(unknown.root)).toBe("Oops! Page not found");
  });

  it("a path with an encoded line break answers 404 with the not-found page, not an empty one", async () => {
    // A route pattern's `*` stops at a line break (router.tsx, ANY_PATH).
    for (const path of ["/nope%0Aa", "/members/%0D%0A", "/a%E2%80%A8b"]) {
      const unknown = await page(path);
      expect(unknown.status, path).toBe(404);
      expect(h1(unknown.root), path).toBe("Oops! Page not found");
    }
  });
});

describe("the hydration data", () => {
  it("leaves out each post's reaction counts, which the browser makes from the thread (issue 48)", async () => {
    // An author of their own: the profile tests below count the other author's posts.
    const writer = await createMember(t, { name: "Reacted Author" });
    const reacted = await insertDiscussionRow(t.db, {
      title: "A discussion with reactions",
      authorId: writer.id,
    });
    const replyId = await insertReplyRow(t.db, reacted, { authorId: writer.id });
    expect((await reader.client.put(`/api/reactions/discussions/${reacted}/agree`)).status).toBe(
      201,
    );
    expect((await reader.client.put(`/api/reactions/replies/${replyId}/hugs`)).status).toBe(201);
    for (const who of [undefined, reader]) {
      const { root, data } = await page(`/discussion/${reacted}`, who);
      // The counts are on the page and in the answers the browser starts from...
      expect(root).toContain('aria-label="Agree: 1"');
      expect(root).toContain('aria-label="Hugs: 1"');
      const keys = data?.queries.map((query) => query.queryKey) ?? [];
      expect(keys).toContainEqual(["replies", reacted, "thread", null]);
      // ...and not a second time, one entry a post.
      expect(keys.filter((key) => key[0] === "reactions")).toEqual([]);
    }
  });
});

describe("privacy", () => {
  const PATHS = () => [
    "/",
    "/discussion",
    `/discussion/${discussionId}`,
    "/members",
    `/profile/${author.id}`,
  ];

  it("anonymous pages carry the signed-out session and no member's email", async () => {
    for (const path of PATHS()) {
      const { html, data, headers } = await page(path);
      // The home page carries its forms' token, which names no one: shared like the others
      // (decision 061, as amended with 059).
      expect(headers.get("cache-control")).toBe("no-cache");
      const session = data?.queries.find((query) => query.queryKey[0] === "session");
      expect(session?.state.data).toEqual({
        user: null,
        profile: null,
        role: null,
        suspension: null,
      });
      for (const member of [author, reader, hidden]) expect(html).not.toContain(member.email);
    }
  });

  it("a signed-in render is the member's own, private and never stored", async () => {
    for (const path of PATHS()) {
      const { html, headers, data } = await page(path, reader);
      expect(headers.get("cache-control")).toBe("private, no-store");
      const session = data?.queries.find((query) => query.queryKey[0] === "session");
      const own = session?.state.data as { user: { id: string } | null } | undefined;
      expect(own?.user?.id).toBe(reader.id);
      // The bell's count comes with the page too.
      const unread = data?.queries.find((query) => query.queryKey[1] === "unread");
      expect(unread?.state.data).toEqual({ unread: 0 });
      // Their own session has their address; nobody else's is there.
      for (const member of [author, hidden]) expect(html).not.toContain(member.email);
    }
  });

  it("text in the data cannot end its script element", async () => {
    await insertDiscussionRow(t.db, { title: "</script><script>alert(1)</script>" });
    const { html } = await page("/discussion");
    const json = /<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/.exec(
      html,
    )?.[1];
    expect(json).not.toContain("<");
    expect(html).not.toContain("<script>alert(1)");
  });
});

type Ld = Record<string, unknown>;

/** The page's JSON-LD objects, parsed. */
async function jsonLd(path: string): Promise<Ld[]> {
  const { html } = await page(path);
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? "null") as Ld,
  );
}

const ISO_DATE = expect.stringMatching(
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
);
const SITE_ROOT = expect.stringMatching(/^http:\/\/localhost:\d+\/$/);

// The fields schema.org's types and Google's structured-data guidelines require
// (DiscussionForumPosting and Comment: author.name, datePublished, text; ProfilePage:
// mainEntity.name; SearchAction: a urlTemplate with the placeholder its query-input names).
describe("structured data (JSON-LD)", () => {
  it("the home page describes the site, with a search action into the site search", async () => {
    const items = await jsonLd("/");
    const site = items.find((item) => item["@type"] === "WebSite");
    expect(site).toMatchObject({
      "@context": "https://schema.org",
      name: "Rant Community",
      url: SITE_ROOT,
      potentialAction: {
        "@type": "SearchAction",
        "query-input": "required name=search_term_string",
        target: {
          "@type": "EntryPoint",
          urlTemplate: expect.stringMatching(
            /^http:\/\/localhost:\d+\/search\?q=\{search_term_string\}$/,
          ),
        },
      },
    });
    // Following the template lands on the search page's results for the term (issue 44).
    const template = /"urlTemplate":"([^"]+)"/.exec(JSON.stringify(site))?.[1] ?? "";
    const searched = new URL(template.replace("{search_term_string}", "rendered"));
    expect((await page(`${searched.pathname}${searched.search}`)).text).toContain(
      "Server rendered discussion",
    );
    expect(items.find((item) => item["@type"] === "Organization")).toMatchObject({
      name: "Rant Community",
      url: SITE_ROOT,
      logo: expect.stringMatching(/\/favicon\.svg$/),
    });
  });

  it("a discussion is a forum posting with its replies as comments", async () => {
    const items = await jsonLd(`/discussion/${discussionId}`);
    expect(items).toHaveLength(1);
    const comment = {
      "@type": "Comment",
      author: { "@type": "Person", name: "Rendered Author" },
      datePublished: ISO_DATE,
      text: expect.stringMatching(/^Reply \d/),
      url: expect.stringMatching(new RegExp(`/discussion/${discussionId}\\?reply=[0-9a-f-]{36}$`)),
    };
    expect(items[0]).toMatchObject({
      "@type": "DiscussionForumPosting",
      headline: "Server rendered discussion",
      text: "The body a crawler reads",
      author: { "@type": "Person", name: "Rendered Author" },
      datePublished: ISO_DATE,
      url: expect.stringMatching(new RegExp(`/discussion/${discussionId}$`)),
      interactionStatistic: {
        interactionType: "https://schema.org/CommentAction",
        userInteractionCount: 3,
      },
      comment: [comment, comment, comment],
    });
  });

  it("a blog post is a BlogPosting with its publisher", async () => {
    expect(await jsonLd("/blog/rendered-post")).toEqual([
      expect.objectContaining({
        "@type": "BlogPosting",
        headline: "A post rendered on the server",
        description: "Its excerpt.",
        articleSection: "Unpopular Opinions",
        datePublished: ISO_DATE,
        author: expect.objectContaining({ name: "Rant Community" }),
        publisher: expect.objectContaining({ "@type": "Organization", name: "Rant Community" }),
        image: expect.stringMatching(/^http:\/\/localhost:\d+\/og-image\.png$/),
        url: expect.stringMatching(/\/blog\/rendered-post$/),
      }),
    ]);
  });

  it("a public profile is a ProfilePage about a person", async () => {
    expect(await jsonLd(`/profile/${author.id}`)).toEqual([
      expect.objectContaining({
        "@type": "ProfilePage",
        dateCreated: ISO_DATE,
        mainEntity: expect.objectContaining({
          "@type": "Person",
          name: "Rendered Author",
          identifier: author.id,
          // One discussion and three replies.
          agentInteractionStatistic: expect.objectContaining({ userInteractionCount: 4 }),
        }),
      }),
    ]);
  });

  it("missing and private records, and pages without a record, have none", async () => {
    for (const path of [
      "/discussion/00000000-0000-4000-8000-000000000000",
      `/profile/${hidden.id}`,
      "/blog/no-such-post",
      "/members",
      "/about",
    ]) {
      expect(await jsonLd(path), path).toEqual([]);
    }
    // Not even for the owner, who may open their private profile.
    expect((await page(`/profile/${hidden.id}`, hidden)).html).not.toContain("application/ld+json");
  });

  it("stored text cannot end its script element, and reads back whole", async () => {
    const title = "</script><script>alert(1)</script> & \u2028";
    const id = await insertDiscussionRow(t.db, { title, content: "<b>x</b>" });
    const { html } = await page(`/discussion/${id}`);
    const raw = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(raw).not.toContain("<");
    expect((JSON.parse(raw ?? "{}") as Ld).headline).toBe(title);
    expect(html).not.toContain("<script>alert(1)");
  });
});
