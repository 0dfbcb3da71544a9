import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { discussions, profiles } from "@/server/db/schema";
import { createMember } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody, DiscussionItem } from "@/shared/api-types";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const valid = {
  category: "rants-and-vents",
  title: "A fair title",
  content: "Some honest content",
};

async function errorOf(response: Response) {
  return ((await response.json()) as ApiErrorBody).error;
}

describe("POST /api/discussions", () => {
  it("refuses a signed-out visitor with 401 and the product's message, whatever the body", async () => {
    const anonymous = createClient(t.app);
    for (const body of [valid, {}]) {
      const response = await anonymous.post("/api/discussions", body);
      expect(response.status).toBe(401);
      expect((await errorOf(response)).message).toBe(
        "You must be logged in to create a discussion",
      );
    }
  });

  it("creates an active, unpinned, unlocked discussion with the author's name and no email", async () => {
    const member = await createMember(t, { name: "Rita Ranter" });
    const response = await member.client.post("/api/discussions", {
      category: "rants-and-vents",
      title: "  Trains are always late  ",
      content: "  First line\nSecond line\n\nFourth line  ",
    });
    expect(response.status).toBe(201);
    const text = await response.text();
    expect(text).not.toContain(member.email);
    const item = JSON.parse(text) as DiscussionItem;
    expect(item).toMatchObject({
      title: "Trains are always late",
      content: "First line\nSecond line\n\nFourth line",
      author: "Rita Ranter",
      authorId: member.id,
      isPinned: false,
      isLocked: false,
      status: "active",
      replies: 0,
      lastReplyAt: null,
    });
    expect(Date.parse(item.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const opened = await createClient(t.app).get(`/api/discussions/${item.id}`);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual(item);
  });

  it("shows the part of the email before the @ when the author has no name", async () => {
    const member = await createMember(t, { name: "Temporary Name" });
    await t.db.update(profiles).set({ fullName: null }).where(eq(profiles.id, member.id));
    const response = await member.client.post("/api/discussions", valid);
    const item = (await response.json()) as DiscussionItem;
    expect(item.author).toBe(member.email.split("@")[0]);
    expect(JSON.stringify(item)).not.toContain("@example.com");
  });

  describe("validation (docs/product.md §5)", () => {
    const cases: Array<[string, unknown, string, string]> = [
      ["a missing title", { content: "x" }, "title", "Title is required"],
      ["a missing content", { title: "x" }, "content", "Content is required"],
      ["a blank title", { title: "   ", content: "x" }, "title", "Title is required"],
      ["a blank content", { title: "x", content: " \n\t " }, "content", "Content is required"],
      ["a title of only < and >", { title: "<<>>", content: "x" }, "title", "Title is required"],
      ["a title that is not text", { title: 42, content: "x" }, "title", "Title is required"],
      [
        "a title over 200 characters",
        { title: "t".repeat(201), content: "x" },
        "title",
        "Title is too long (max 200 characters)",
      ],
      [
        "a content over 10000 characters",
        { title: "x", content: "c".repeat(10_001) },
        "content",
        "Content is too long (max 10000 characters)",
      ],
    ];
    for (const [name, body, field, message] of cases) {
      it(`refuses ${name}`, async () => {
        const member = await createMember(t);
        const response = await member.client.post("/api/discussions", body);
        expect(response.status).toBe(400);
        const error = await errorOf(response);
        expect(error.fields?.[field]).toBe(message);
      });
    }

    it("accepts the longest title and content, counted after trimming", async () => {
      const member = await createMember(t);
      const response = await member.client.post("/api/discussions", {
        category: "rants-and-vents",
        title: ` ${"t".repeat(200)} `,
        content: ` ${"c".repeat(10_000)} `,
      });
      expect(response.status).toBe(201);
      const item = (await response.json()) as DiscussionItem;
      expect(item.title).toHaveLength(200);
      expect(item.content).toHaveLength(10_000);
    });

    it("refuses a body that is not JSON", async () => {
      const member = await createMember(t);
      const response = await member.client.post("/api/discussions", undefined, {
        "content-type": "application/json",
      });
      expect(response.status).toBe(400);
    });
  });

  describe("sanitising (docs/product.md §5: trimmed, < and > removed, then the tag allow-list)", () => {
    const payloads = [
      "<script>alert(1)</script>",
      "<img src=x onerror=alert(1)>",
      '<a href="javascript:alert(1)">click</a>',
      "<svg/onload=alert(1)>",
      "<<script>script>alert(1)<</script>/script>",
      "<iframe src='javascript:alert(1)'></iframe>",
      '<p onclick="alert(1)">hi</p>',
      "<scr<script>ipt>alert(1)</script>",
      "\u003cscript\u003ealert(1)\u003c/script\u003e",
      "&lt;script&gt;alert(1)&lt;/script&gt;",
      "%3Cscript%3Ealert(1)%3C/script%3E",
      "&#60;img src=x onerror=alert(1)&#62;",
    ];

    it("stores nothing that can form a tag, in title or content", async () => {
      const member = await createMember(t);
      await t.db.execute(sql`delete from rate_limit_hits`);
      for (const payload of payloads) {
        const response = await member.client.post("/api/discussions", {
          category: "rants-and-vents",
          title: `Title ${payload}`,
          content: `Before ${payload} after`,
        });
        expect(response.status, payload).toBe(201);
        const item = (await response.json()) as DiscussionItem;
        const [stored] = await t.db
          .select({ title: discussions.title, content: discussions.content })
          .from(discussions)
          .where(eq(discussions.id, item.id));
        for (const value of [stored?.title, stored?.content, item.title, item.content]) {
          expect(value, payload).not.toMatch(/[<>]/);
        }
        await t.db.execute(sql`delete from rate_limit_hits`);
      }
    });

    it("keeps entity-encoded text as typed: it is shown as text, never decoded into markup", async () => {
      const member = await createMember(t);
      const response = await member.client.post("/api/discussions", {
        category: "rants-and-vents",
        title: "Entities",
        content: "&lt;b&gt; & friends",
      });
      const item = (await response.json()) as DiscussionItem;
      expect(item.content).toBe("&lt;b&gt; & friends");
    });

    it("removes the markup of a javascript: link, leaving only inert text", async () => {
      const member = await createMember(t);
      const response = await member.client.post("/api/discussions", {
        category: "rants-and-vents",
        title: "Link",
        content: '<a href="javascript:alert(1)">click</a>',
      });
      const item = (await response.json()) as DiscussionItem;
      expect(item.content).toBe('a href="javascript:alert(1)"click/a');
    });
  });

  describe("rate limit", () => {
    it("lets a member post once per 15 seconds, with a clear message and Retry-After", async () => {
      const member = await createMember(t);
      const first = await member.client.post("/api/discussions", valid);
      expect(first.status).toBe(201);
      const second = await member.client.post("/api/discussions", valid);
      expect(second.status).toBe(429);
      expect((await errorOf(second)).message).toBe(
        "You are posting too fast. Please wait a few seconds and try again.",
      );
      const retryAfter = Number(second.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(15);

      // The limit is per member: someone else may still post.
      const other = await createMember(t);
      expect((await other.client.post("/api/discussions", valid)).status).toBe(201);
    });

    it("does not count a refused (invalid) attempt", async () => {
      const member = await createMember(t);
      expect(
        (await member.client.post("/api/discussions", { category: "rants-and-vents", title: "" }))
          .status,
      ).toBe(400);
      expect((await member.client.post("/api/discussions", valid)).status).toBe(201);
    });
  });

  it("stores the author as the signed-in member, whatever the body says", async () => {
    const member = await createMember(t);
    const response = await member.client.post("/api/discussions", {
      ...valid,
      authorId: "someone-else",
      isPinned: true,
      status: "deleted",
    });
    const item = (await response.json()) as DiscussionItem;
    const [row] = await queryRows<{ author_id: string; is_pinned: boolean; status: string }>(
      t.db,
      sql`select author_id, is_pinned, status from discussions where id = ${item.id}::uuid`,
    );
    expect(row).toEqual({ author_id: member.id, is_pinned: false, status: "active" });
  });
});
