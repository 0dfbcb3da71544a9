// The CMS Categories tab's API (issue 41, docs/decisions/066): admins add, change and delete
// categories; the colour stands out from both themes; deleting moves its discussions.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createStaffClients, insertPost, type StaffClients } from "@/server/test/staff-area";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody, CategoriesResponse, Category } from "@/shared/api-types";
import {
  COLOUR_CONTRAST,
  COLOUR_FORMAT,
  contrastRatio,
  LAST_CATEGORY,
  readableOnBothThemes,
} from "@/shared/categories";

let t: TestApp;
let clients: StaffClients;
beforeAll(async () => {
  t = await createTestApp();
  clients = await createStaffClients(t);
});
afterAll(async () => {
  await t.close();
});

const json = async <T>(response: Response) => (await response.json()) as T;
const fieldsOf = async (response: Response) => (await json<ApiErrorBody>(response)).error.fields;
let made = 0;
const valid = () => {
  made += 1;
  return {
    name: `Topic ${made}`,
    slug: `topic-${made}`,
    description: "About it.",
    colour: "#ae3ec9",
    position: 20 + made,
    staffOnly: false,
  };
};
const add = async (body = valid()) => {
  const response = await clients.admin.post("/api/cms/categories", body);
  expect(response.status).toBe(201);
  return json<Category>(response);
};
const slugs = async () =>
  (await json<CategoriesResponse>(await clients.admin.get("/api/cms/categories"))).categories.map(
    (category) => category.slug,
  );

describe("the colour rule", () => {
  it("asks 3:1 against both themes' backgrounds", () => {
    expect(readableOnBothThemes("#e03131")).toBe(true);
    expect(readableOnBothThemes("#ffeb3b")).toBe(false);
    expect(readableOnBothThemes("#111111")).toBe(false);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
  });
});

describe("/api/cms/categories", () => {
  it("is for admins only", async () => {
    for (const caller of ["anonymous", "user", "author", "moderator"] as const) {
      expect((await clients[caller].get("/api/cms/categories")).status, caller).toBeGreaterThan(
        400,
      );
      expect((await clients[caller].post("/api/cms/categories", valid())).status).toBeGreaterThan(
        400,
      );
    }
  });

  it("adds a category, lower-casing its colour, and logs it", async () => {
    const added = await add({ ...valid(), colour: "#0C8599", staffOnly: true });
    expect(added).toMatchObject({ colour: "#0c8599", staffOnly: true, discussions: 0 });
    expect(await slugs()).toContain(added.slug);
    const [log] = await queryRows<{ action: string; actor_id: string }>(
      t.db,
      sql`select action, actor_id from moderation_actions where target_id = ${added.id}`,
    );
    expect(log).toEqual({ action: "category", actor_id: clients.ids.admin });
  });

  it("refuses a colour that is not #rrggbb or does not stand out, under the field", async () => {
    for (const [colour, message] of [
      ["red", COLOUR_FORMAT],
      ["#fff", COLOUR_FORMAT],
      ["#ffeb3b", COLOUR_CONTRAST],
      ["#1c1714", COLOUR_CONTRAST],
    ] as const) {
      const response = await clients.admin.post("/api/cms/categories", { ...valid(), colour });
      expect(response.status, colour).toBe(400);
      expect((await fieldsOf(response))?.colour).toBe(message);
    }
  });

  it("refuses a bad slug, and a slug or name (in any case) another category has", async () => {
    const bad = await clients.admin.post("/api/cms/categories", { ...valid(), slug: "Bad Slug" });
    expect(bad.status).toBe(400);
    expect((await fieldsOf(bad))?.slug).toBeDefined();
    const taken = await clients.admin.post("/api/cms/categories", {
      ...valid(),
      slug: "rants-and-vents",
    });
    expect(taken.status).toBe(409);
    expect((await fieldsOf(taken))?.slug).toBe("Another category already has this slug.");
    const named = await clients.admin.post("/api/cms/categories", {
      ...valid(),
      name: "rants & VENTS",
    });
    expect(named.status).toBe(409);
    expect((await fieldsOf(named))?.name).toBe("Another category already has this name.");
  });

  it("changes a category; an unknown id is 404", async () => {
    const added = await add();
    const changed = await clients.admin.put(`/api/cms/categories/${added.id}`, {
      ...valid(),
      name: "Renamed",
      staffOnly: true,
    });
    expect(changed.status).toBe(200);
    expect(await json<Category>(changed)).toMatchObject({ name: "Renamed", staffOnly: true });
    const missing = await clients.admin.put(`/api/cms/categories/${crypto.randomUUID()}`, valid());
    expect(missing.status).toBe(404);
  });

  it("deletes a category after moving its discussions and blog posts where the admin says", async () => {
    const doomed = await add();
    const discussion = await insertDiscussionRow(t.db, { categoryId: doomed.id });
    await insertDiscussionRow(t.db, { categoryId: doomed.id });
    await insertDiscussionRow(t.db, { categoryId: doomed.id, status: "deleted" });
    const counts = () =>
      queryRows<{ kept: number; counted: number }>(
        t.db,
        sql`select c.discussions_count as kept,
              (select count(*)::int from discussions d
               where d.category_id = c.id and d.status = 'active') as counted
            from categories c where c.slug = 'personal-stories'`,
      );
    const [before] = await counts();
    const post = await insertPost(t.db, { status: "published" });
    await t.db.execute(
      sql`update blog_posts set category_id = ${doomed.id}::uuid where id = ${post}::uuid`,
    );

    const nowhere = await clients.admin.delete(`/api/cms/categories/${doomed.id}`, undefined, {});
    expect(nowhere.status).toBe(400);
    expect((await fieldsOf(nowhere))?.moveTo).toBe("Choose a category");
    const itself = await clients.admin.delete(`/api/cms/categories/${doomed.id}`, undefined, {
      moveTo: doomed.slug,
    });
    expect(itself.status).toBe(400);

    const response = await clients.admin.delete(`/api/cms/categories/${doomed.id}`, undefined, {
      moveTo: "personal-stories",
    });
    expect(response.status).toBe(204);
    expect(await slugs()).not.toContain(doomed.slug);
    const [row] = await queryRows<{ discussion: string; post: string }>(
      t.db,
      sql`select (select c.slug from discussions d join categories c on c.id = d.category_id
                  where d.id = ${discussion}::uuid) as discussion,
                 (select c.slug from blog_posts b join categories c on c.id = b.category_id
                  where b.id = ${post}::uuid) as post`,
    );
    expect(row).toEqual({ discussion: "personal-stories", post: "personal-stories" });
    // Counted once for the whole move (migration 0040): the two active ones, not the deleted.
    const [after] = await counts();
    expect(after?.kept).toBe(Number(before?.kept) + 2);
    expect(after?.kept).toBe(after?.counted);
    // The trigger counts again after the move's transaction.
    await t.db.execute(
      sql`update discussions set status = 'deleted' where id = ${discussion}::uuid`,
    );
    const [later] = await counts();
    expect(later?.kept).toBe(Number(before?.kept) + 1);
    const gone = await clients.admin.delete(`/api/cms/categories/${doomed.id}`, undefined, {
      moveTo: "personal-stories",
    });
    expect(gone.status).toBe(404);
  });

  it("never deletes the last category", async () => {
    const [keep] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from categories order by position limit 1`,
    );
    if (!keep) throw new Error("no category");
    await t.db.execute(sql`update discussions set category_id = ${keep.id}::uuid`);
    await t.db.execute(sql`update blog_posts set category_id = null`);
    await t.db.execute(sql`delete from categories where id <> ${keep.id}::uuid`);
    const response = await clients.admin.delete(`/api/cms/categories/${keep.id}`, undefined, {
      moveTo: "anything",
    });
    expect(response.status).toBe(409);
    expect((await json<ApiErrorBody>(response)).error.message).toBe(LAST_CATEGORY);
  });
});
