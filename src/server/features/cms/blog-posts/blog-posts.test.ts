import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember } from "@/server/test/factories";
import { createStaffClients, type StaffClients } from "@/server/test/staff-area";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type {
  ApiErrorBody,
  BlogPostDetail,
  BlogPostsPage,
  CmsBlogPost,
  CmsBlogPostsPage,
} from "@/shared/api-types";
import { insertPost } from "./queries";

let t: TestApp;
let clients: StaffClients;
beforeAll(async () => {
  t = await createTestApp();
  clients = await createStaffClients(t);
});
afterAll(async () => {
  await t.close();
});

const valid = {
  title: "Queue etiquette",
  excerpt: "Why is this so hard?",
  content: "Stand behind the person in front of you.",
};

async function create(body: unknown = valid): Promise<CmsBlogPost> {
  const response = await clients.author.post("/api/cms/blog-posts", body);
  expect(response.status).toBe(201);
  return (await response.json()) as CmsBlogPost;
}

const publicPosts = async () =>
  ((await (await t.app.request("/api/blog-posts?limit=50")).json()) as BlogPostsPage).posts;

describe("creating a post", () => {
  it("starts as a draft, not featured, whatever the form says, and is not public", async () => {
    const post = await create({ ...valid, status: "published", featured: true });
    expect(post).toMatchObject({
      ...valid,
      category: "Uncategorized",
      status: "draft",
      featured: false,
      publishedAt: null,
    });
    expect((await publicPosts()).map((p) => p.id)).not.toContain(post.id);
    expect((await t.app.request(`/api/blog-posts/${post.id}`)).status).toBe(404);
  });

  it("keeps the chosen category, and cleans < and > from the text (docs/product.md §5)", async () => {
    const post = await create({
      ...valid,
      title: "  <b>Bold</b> claims  ",
      category: "unpopular-opinions",
    });
    expect(post.title).toBe("bBold/b claims");
    expect(post).toMatchObject({
      category: "Unpopular Opinions",
      categorySlug: "unpopular-opinions",
    });
  });

  it("computes the read time: content length / 200, rounded up", async () => {
    expect((await create({ ...valid, content: "x".repeat(200) })).readTimeMinutes).toBe(1);
    expect((await create({ ...valid, content: "x".repeat(201) })).readTimeMinutes).toBe(2);
    expect((await create({ ...valid, content: "x".repeat(1000) })).readTimeMinutes).toBe(5);
  });

  it("refuses missing or too long fields with the product's messages", async () => {
    const response = await clients.admin.post("/api/cms/blog-posts", {
      title: "   ",
      content: "x".repeat(10_001),
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ApiErrorBody;
    expect(error.fields).toEqual({
      title: "Title is required",
      excerpt: "Excerpt is required",
      content: "Content is too long (max 10000 characters)",
    });
  });

  it("refuses a category the forum does not have, under the field (docs/decisions/066)", async () => {
    const response = await clients.admin.post("/api/cms/blog-posts", {
      ...valid,
      category: "gossip",
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).error.fields).toEqual({
      category: "Choose a category",
    });
  });
});

describe("editing and publishing", () => {
  it("publishes a post: it appears on /blog with published_at set once and kept", async () => {
    const post = await create();
    const put = (body: object) =>
      clients.admin.put(`/api/cms/blog-posts/${post.id}`, { ...valid, ...body });

    const published = (await (await put({ status: "published" })).json()) as CmsBlogPost;
    expect(published.status).toBe("published");
    expect(published.publishedAt).not.toBeNull();
    expect((await publicPosts())[0]?.id).toBe(post.id);
    const detail = (await (
      await t.app.request(`/api/blog-posts/${post.id}`)
    ).json()) as BlogPostDetail;
    expect(detail.content).toBe(valid.content);

    // Editing again keeps the first publication time; unpublishing hides the post.
    const edited = (await (
      await put({ status: "published", title: "Queue etiquette, revisited", featured: true })
    ).json()) as CmsBlogPost;
    expect(edited).toMatchObject({ title: "Queue etiquette, revisited", featured: true });
    expect(edited.publishedAt).toBe(published.publishedAt);
    await put({ status: "draft" });
    expect((await publicPosts()).map((p) => p.id)).not.toContain(post.id);
    const again = (await (await put({ status: "published" })).json()) as CmsBlogPost;
    expect(again.publishedAt).toBe(published.publishedAt);
  });

  it("recomputes the read time from the new content", async () => {
    const post = await create();
    const response = await clients.author.put(`/api/cms/blog-posts/${post.id}`, {
      ...valid,
      content: "y".repeat(401),
    });
    expect(((await response.json()) as CmsBlogPost).readTimeMinutes).toBe(3);
  });

  it("validates an edit like a new post, and answers 404 for unknown ids", async () => {
    const post = await create();
    const bad = await clients.author.put(`/api/cms/blog-posts/${post.id}`, {
      ...valid,
      status: "archived",
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiErrorBody).error.fields?.status).toBe(
      "Status must be draft or published",
    );
    for (const id of ["3f1d7c1e-0000-4000-8000-000000000000", "not-an-id"]) {
      expect((await clients.author.put(`/api/cms/blog-posts/${id}`, valid)).status).toBe(404);
      expect((await clients.author.get(`/api/cms/blog-posts/${id}`)).status).toBe(404);
    }
  });
});

describe("the staff list and deleting", () => {
  it("lists drafts and published posts, newest first, a page at a time", async () => {
    const first = await create({ ...valid, title: "Paging one" });
    const second = await create({ ...valid, title: "Paging two" });
    const page1 = (await (
      await clients.author.get("/api/cms/blog-posts?limit=1")
    ).json()) as CmsBlogPostsPage;
    expect(page1.posts.map((p) => p.id)).toEqual([second.id]);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = (await (
      await clients.author.get(`/api/cms/blog-posts?limit=1&cursor=${page1.nextCursor}`)
    ).json()) as CmsBlogPostsPage;
    expect(page2.posts.map((p) => p.id)).toEqual([first.id]);

    const all = (await (
      await clients.author.get("/api/cms/blog-posts?limit=50")
    ).json()) as CmsBlogPostsPage;
    // The six seeded posts are published; the ones made here are drafts.
    expect(all.posts.some((p) => p.status === "draft")).toBe(true);
    expect(all.posts.filter((p) => p.status === "published").length).toBeGreaterThanOrEqual(6);
    expect((await clients.author.get("/api/cms/blog-posts?cursor=garbage")).status).toBe(400);
  });

  it("deletes a post for good", async () => {
    const post = await create();
    expect((await clients.admin.delete(`/api/cms/blog-posts/${post.id}`)).status).toBe(204);
    expect((await clients.admin.get(`/api/cms/blog-posts/${post.id}`)).status).toBe(404);
    expect((await clients.admin.delete(`/api/cms/blog-posts/${post.id}`)).status).toBe(404);
  });

  it("refused callers change nothing", async () => {
    const post = await create();
    expect((await clients.moderator.delete(`/api/cms/blog-posts/${post.id}`)).status).toBe(403);
    expect(
      (await clients.user.put(`/api/cms/blog-posts/${post.id}`, { ...valid, status: "published" }))
        .status,
    ).toBe(403);
    const after = (await (
      await clients.admin.get(`/api/cms/blog-posts/${post.id}`)
    ).json()) as CmsBlogPost;
    expect(after.status).toBe("draft");
  });
});

describe("slugs (docs/decisions/024)", () => {
  it("makes the slug from the title: lower case, hyphens, letters without accents", async () => {
    const post = await create({ ...valid, title: "Crème brûlée & iPhone: don't panic!" });
    expect(post.slug).toBe("creme-brulee-and-iphone-dont-panic");
  });

  it("adds -2, -3 ... when the title's slug is taken", async () => {
    const titles = ["Same old story", "Same Old Story!", "same - old - story"];
    const slugs = [];
    for (const title of titles) slugs.push((await create({ ...valid, title })).slug);
    expect(slugs).toEqual(["same-old-story", "same-old-story-2", "same-old-story-3"]);
  });

  it("gives posts created at once different slugs (the unique index decides)", async () => {
    // Called directly, all six read the taken slugs before any inserts: each but the first
    // finds its choice taken by then, and takes the next free one.
    const author = await createMember(t, { role: "author" });
    const posts = await Promise.all(
      Array.from({ length: 6 }, () =>
        insertPost(t.db, { ...valid, title: "Race condition", category: "" }, author.id),
      ),
    );
    expect(posts.map((post) => post.slug).sort()).toEqual([
      "race-condition",
      "race-condition-2",
      "race-condition-3",
      "race-condition-4",
      "race-condition-5",
      "race-condition-6",
    ]);
  });

  it("keeps the slug when the title changes, and the post is still found by it", async () => {
    const post = await create({ ...valid, title: "First title" });
    const response = await clients.author.put(`/api/cms/blog-posts/${post.id}`, {
      ...valid,
      title: "A completely different title",
      status: "published",
    });
    const edited = (await response.json()) as CmsBlogPost;
    expect(edited).toMatchObject({ title: "A completely different title", slug: "first-title" });
    const detail = (await (
      await t.app.request("/api/blog-posts/first-title")
    ).json()) as BlogPostDetail;
    expect(detail).toMatchObject({ id: post.id, title: "A completely different title" });
    expect((await t.app.request("/api/blog-posts/a-completely-different-title")).status).toBe(404);
    // A new post with the old title cannot take the slug either.
    expect((await create({ ...valid, title: "First title" })).slug).toBe("first-title-2");
  });

  it("answers the slug in the staff list and the staff read", async () => {
    const post = await create({ ...valid, title: "Listed with its slug" });
    const one = (await (
      await clients.author.get(`/api/cms/blog-posts/${post.id}`)
    ).json()) as CmsBlogPost;
    expect(one.slug).toBe("listed-with-its-slug");
    const list = (await (
      await clients.author.get("/api/cms/blog-posts?limit=50")
    ).json()) as CmsBlogPostsPage;
    expect(list.posts.find((p) => p.id === post.id)?.slug).toBe("listed-with-its-slug");
  });

  it.each([
    ["a title with no letters or digits", "🙂 !!! 🙂", "post"],
    [
      "a title shaped like an id",
      "3f1d7c1e-0000-4000-8000-000000000000",
      "post-3f1d7c1e-0000-4000-8000-000000000000",
    ],
    ["a title of hostile markup", "<script>alert(1)</script>", "scriptalert-1-script"],
  ])("makes a usable slug of %s", async (_, title, slug) => {
    const post = await create({ ...valid, title });
    expect(post.slug).toBe(slug);
  });

  it("cuts a long title at a word under 80 characters", async () => {
    const title = `${"word ".repeat(30)}end`;
    const post = await create({ ...valid, title });
    expect(post.slug.length).toBeLessThanOrEqual(80);
    expect(post.slug).toMatch(/^word(-word)+$/);
  });
});
