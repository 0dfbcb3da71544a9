// The about section's stats and the Terms of Service (issue 21, docs/decisions/030).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createStaffClients, insertPost, type StaffClients } from "@/server/test/staff-area";
import { termsText } from "@/server/test/terms";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type { SitePage, SiteStats } from "@/shared/api-types";
import { LIMITS } from "@/shared/constants";

let t: TestApp;
let clients: StaffClients;
beforeAll(async () => {
  t = await createTestApp();
  clients = await createStaffClients(t);
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/site/stats", () => {
  const stats = async () => (await (await t.app.request("/api/site/stats")).json()) as SiteStats;

  it("counts published posts, readable replies and active discussions, not sample figures", async () => {
    // The seed: six published sample posts, no discussions, no replies.
    expect(await stats()).toEqual({ posts: 6, replies: 0, rants: 0 });

    await insertPost(t.db, { status: "published" });
    await insertPost(t.db, { status: "draft" });
    const active = await insertDiscussionRow(t.db);
    await insertDiscussionRow(t.db, { status: "deleted" });
    await t.db.execute(
      sql`insert into discussion_replies (discussion_id, content, deleted_at)
          values (${active}::uuid, 'one', null), (${active}::uuid, 'gone', now())`,
    );
    expect(await stats()).toEqual({ posts: 7, replies: 1, rants: 1 });
  });
});

describe("the Terms of Service", () => {
  const read = () => t.app.request("/api/site/pages/terms");

  it("exists from the first start (seeded) and anyone may read it", async () => {
    const response = await read();
    expect(response.status).toBe(200);
    const page = (await response.json()) as SitePage;
    expect(page.slug).toBe("terms");
    expect(page.content).toMatch(/^## Using this site/);
  });

  it("answers 404 for a page that does not exist", async () => {
    const response = await t.app.request("/api/site/pages/disclaimer");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { message: "Page not found" } });
    expect(
      (await clients.admin.put("/api/cms/site-pages/disclaimer", { content: "x" })).status,
    ).toBe(404);
  });

  it("is written by admins only, and the public page shows what they saved", async () => {
    const content = termsText("## New terms\nBe <kind>.");
    expect((await clients.anonymous.put("/api/cms/site-pages/terms", { content })).status).toBe(
      401,
    );
    for (const role of ["user", "author", "moderator"] as const) {
      expect((await clients[role].put("/api/cms/site-pages/terms", { content })).status).toBe(403);
    }
    const saved = await clients.admin.put("/api/cms/site-pages/terms", { content });
    expect(saved.status).toBe(200);
    const page = (await (await read()).json()) as SitePage;
    // docs/product.md §5 cleaning: angle brackets go.
    expect(page.content).toBe(termsText("## New terms\nBe kind."));
    const [row] = await queryRows<{ updatedBy: string }>(
      t.db,
      sql`select updated_by as "updatedBy" from site_pages where slug = 'terms'`,
    );
    expect(row?.updatedBy).toBe(clients.ids.admin);
  });

  it("refuses an empty or an overlong text with the field's message", async () => {
    const empty = await clients.admin.put("/api/cms/site-pages/terms", { content: "  " });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      error: { fields: { content: "Content is required" } },
    });
    const long = await clients.admin.put("/api/cms/site-pages/terms", {
      content: "x".repeat(LIMITS.sitePage + 1),
    });
    expect(long.status).toBe(400);
  });
});
