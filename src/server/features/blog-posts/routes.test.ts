import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { blogPosts } from "@/server/db/schema";
import type { StaticFile } from "@/server/lib/static-files";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody, BlogPostDetail, BlogPostsPage } from "@/shared/api-types";
import { blogPostPageMeta } from "./page-meta";

let t: TestApp;
let newest: string;
let draft: string;
beforeAll(async () => {
  t = await createTestApp();
  const [published] = await t.db
    .insert(blogPosts)
    .values({
      slug: "fresh-off-the-press",
      title: "Fresh <off> the press",
      excerpt: "The newest one.",
      content: "Body\n\nSecond paragraph",
      categoryId: sql`(select id from categories where slug = 'unpopular-opinions')`,
      status: "published",
      publishedAt: sql`now()`,
    })
    .returning({ id: blogPosts.id });
  const [unpublished] = await t.db
    .insert(blogPosts)
    .values({
      slug: "secret-draft",
      title: "Secret draft",
      excerpt: "x",
      content: "x",
      status: "draft",
    })
    .returning({ id: blogPosts.id });
  newest = published?.id ?? "";
  draft = unpublished?.id ?? "";
});
afterAll(async () => {
  await t.close();
});

const getJson = async <T>(url: string) => {
  const response = await t.app.request(url);
  return { status: response.status, body: (await response.json()) as T };
};

describe("GET /api/blog-posts", () => {
  it("lists published posts newest first: the new post, then the six seeded samples, the first featured", async () => {
    const { status, body } = await getJson<BlogPostsPage>("/api/blog-posts?limit=10");
    expect(status).toBe(200);
    expect(body.nextCursor).toBeNull();
    expect(body.posts.map((post) => post.title)).toEqual([
      "Fresh <off> the press",
      "Why Does Everyone Reply-All?",
      "The Quiet Joy of Cancelled Plans",
      "Breakfast Is Overrated",
      "The Day I Finally Quit",
      "Self-Checkout Machines Hate Me Personally",
      "Nobody Reads the Terms and Conditions",
    ]);
    expect(body.posts.some((post) => post.id === draft)).toBe(false);
    const sample = body.posts[1];
    expect(sample).toMatchObject({ featured: true, category: "Rants & Vents" });
    // Blog posts have no comments: the SPEC's sample counts are not shown (docs/decisions/030).
    expect(sample).not.toHaveProperty("commentsCount");
    expect(sample?.readTimeMinutes).toBeGreaterThan(0);
    expect(Date.parse(sample?.publishedAt ?? "")).toBeLessThan(Date.now());
    expect(body.posts.filter((post) => post.featured)).toHaveLength(1);
    expect(sample).not.toHaveProperty("content");
  });

  it("pages through every post exactly once with the cursor", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const { body } = await getJson<BlogPostsPage>(`/api/blog-posts?limit=2${query}`);
      expect(body.posts.length).toBeLessThanOrEqual(2);
      seen.push(...body.posts.map((post) => post.id));
      cursor = body.nextCursor;
    } while (cursor);
    const { body: all } = await getJson<BlogPostsPage>("/api/blog-posts?limit=50");
    expect(seen).toEqual(all.posts.map((post) => post.id));
  });

  it.each([
    ["limit=0", "limit must be at least 1"],
    ["limit=51", "limit must be at most 50"],
    ["limit=ten", "limit must be a number"],
    ["cursor=garbage", "Invalid page cursor"],
    [
      `cursor=${Buffer.from("2024-01-01 00:00:00+00|'; drop table x").toString("base64url")}`,
      "Invalid page cursor",
    ],
  ])("answers ?%s with 400 '%s'", async (query, message) => {
    const { status, body } = await getJson<ApiErrorBody>(`/api/blog-posts?${query}`);
    expect(status).toBe(400);
    expect(body.error.message).toBe(message);
  });
});

describe("GET /api/blog-posts/{slug}", () => {
  it("returns a published post with its content, found by its slug", async () => {
    const { status, body } = await getJson<BlogPostDetail>("/api/blog-posts/fresh-off-the-press");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: newest,
      slug: "fresh-off-the-press",
      title: "Fresh <off> the press",
      content: "Body\n\nSecond paragraph",
      authorName: null,
    });
  });

  it("still finds a post by its old id, and answers with the slug to move to", async () => {
    const { status, body } = await getJson<BlogPostDetail>(`/api/blog-posts/${newest}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: newest, slug: "fresh-off-the-press" });
    // An id in capitals is the same id.
    expect((await t.app.request(`/api/blog-posts/${newest.toUpperCase()}`)).status).toBe(200);
  });

  it("gives the seeded posts the slugs of their titles (migration 0015)", async () => {
    const { body } = await getJson<BlogPostsPage>("/api/blog-posts?limit=50");
    expect(body.posts.map((post) => post.slug)).toEqual(
      expect.arrayContaining([
        "why-does-everyone-reply-all",
        "the-quiet-joy-of-cancelled-plans",
        "self-checkout-machines-hate-me-personally",
        "nobody-reads-the-terms-and-conditions",
      ]),
    );
    const slugs = body.posts.map((post) => post.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it.each([
    ["a draft's slug", () => "secret-draft"],
    ["a draft's id", () => draft],
    ["an unknown slug", () => "no-such-post"],
    ["an unknown id", () => "00000000-0000-4000-8000-000000000000"],
    ["a slug in capitals", () => "Fresh-Off-The-Press"],
    ["a malformed slug", () => "fresh--off"],
    ["a slug with a dot", () => "rss.xml"],
    ["an overlong slug", () => "a".repeat(200)],
  ])("answers %s with 404", async (_, id) => {
    const { status, body } = await getJson<ApiErrorBody>(`/api/blog-posts/${id()}`);
    expect(status).toBe(404);
    expect(body.error.message).toBe("Post not found");
  });
});

describe("/blog/{slug} pages", () => {
  it("has the post's title and excerpt as metadata, and says not found for drafts", async () => {
    const resolve = blogPostPageMeta(t.db);
    expect(await resolve("/blog/fresh-off-the-press")).toEqual({
      title: "Fresh <off> the press",
      description: "The newest one.",
      found: true,
    });
    expect((await resolve("/blog/secret-draft"))?.found).toBe(false);
    expect((await resolve(`/blog/${draft}`))?.found).toBe(false);
    expect((await resolve("/blog/%E0%A4%A"))?.found).toBe(false);
    expect(await resolve(`/blog/${newest}`)).toMatchObject({
      movedTo: "/blog/fresh-off-the-press",
    });
    expect(await resolve("/blog")).toBeNull();
    expect(await resolve("/discussion/abc")).toBeNull();
  });

  const shellApp = () => {
    const shell = "<!doctype html><html><head><title>x</title></head><body></body></html>";
    const file: StaticFile = {
      body: Buffer.from(shell),
      contentType: "text/html; charset=utf-8",
      etag: '"e"',
      immutable: false,
    };
    return createApp(t.deps, { staticFiles: new Map([["/index.html", file]]) });
  };

  it("serves the shell with the post's metadata, escaped", async () => {
    const response = await shellApp().request("/blog/fresh-off-the-press");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Fresh &lt;off&gt; the press · Rant Community</title>");
    expect(html).toContain('<meta name="description" content="The newest one.">');
    expect(html).toContain(
      '<link rel="canonical" href="http://localhost:3000/blog/fresh-off-the-press">',
    );
  });

  it("moves an old /blog/{id} address to /blog/{slug} with 301, keeping the query", async () => {
    const app = shellApp();
    const moved = await app.request(`/blog/${newest}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/blog/fresh-off-the-press");
    const withQuery = await app.request(`/blog/${newest}/?utm_source=mail`);
    expect(withQuery.status).toBe(301);
    expect(withQuery.headers.get("location")).toBe("/blog/fresh-off-the-press?utm_source=mail");
  });

  it.each([
    ["an unknown slug", "/blog/no-such-post"],
    ["a draft's slug", "/blog/secret-draft"],
    ["a draft's id", () => `/blog/${draft}`],
    ["an unknown id", "/blog/00000000-0000-4000-8000-000000000000"],
    ["a broken escape", "/blog/%E0%A4%A"],
  ])("answers %s with the not-found page, 404", async (_, path) => {
    const response = await shellApp().request(typeof path === "function" ? path() : path);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("<title>Post not found · Rant Community</title>");
  });
});
