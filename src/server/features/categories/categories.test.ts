// Issue 41's categories through the API (docs/decisions/066): a member always names one, staff
// only where it is staff-only (create, an author's edit, a move, a held post's approval),
// moves logged, counts kept by the trigger, the list filtered by it, its page and feed.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createStaffClients, type StaffClients } from "@/server/test/staff-area";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type {
  ApiErrorBody,
  CategoriesResponse,
  Category,
  DiscussionItem,
  DiscussionPage,
} from "@/shared/api-types";
import { CATEGORY_NOT_FOUND, STAFF_ONLY_CATEGORY } from "@/shared/categories";
import { CHOOSE_A_CATEGORY } from "@/shared/schemas";

let t: TestApp;
let clients: StaffClients;

beforeAll(async () => {
  t = await createTestApp();
  clients = await createStaffClients(t);
  const added = await clients.admin.post("/api/cms/categories", {
    name: "Announcements",
    slug: "announcements",
    description: "News from the team.",
    colour: "#1C7ED6",
    position: 10,
    staffOnly: true,
  });
  expect(added.status).toBe(201);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from discussions`);
});

const json = async <T>(response: Response) => (await response.json()) as T;
const errorOf = async (response: Response) => (await json<ApiErrorBody>(response)).error;

async function categories(): Promise<Record<string, Category>> {
  const body = await json<CategoriesResponse>(await t.app.request("/api/categories"));
  return Object.fromEntries(body.categories.map((category) => [category.slug, category]));
}
const countOf = async (slug: string) => (await categories())[slug]?.discussions;
const idOf = async (slug: string) => {
  const found = (await categories())[slug];
  if (!found) throw new Error(`no category ${slug}`);
  return found.id;
};

const post = (caller: keyof StaffClients & string, body: Record<string, unknown>) =>
  clients[caller as "user"].post("/api/discussions", body);

describe("the categories", () => {
  it("starts with the SPEC's four, in order, then the ones added after them", async () => {
    const body = await json<CategoriesResponse>(await t.app.request("/api/categories"));
    expect(body.categories.map((category) => category.name)).toEqual([
      "Rants & Vents",
      "Life Observations",
      "Unpopular Opinions",
      "Personal Stories",
      "Announcements",
    ]);
    expect(body.categories[4]).toMatchObject({ colour: "#1c7ed6", staffOnly: true });
  });

  it("answers one by its slug; an unknown slug is 404 `Category not found` everywhere", async () => {
    const one = await t.app.request("/api/categories/life-observations");
    expect(await json<Category>(one)).toMatchObject({ name: "Life Observations" });
    for (const path of [
      "/api/categories/nope",
      "/api/discussions?category=nope",
      "/discussion/c/nope/rss.xml",
    ]) {
      const response = await t.app.request(path);
      expect(response.status, path).toBe(404);
      if (path.startsWith("/api"))
        expect((await errorOf(response)).message).toBe(CATEGORY_NOT_FOUND);
    }
  });
});

describe("starting a discussion", () => {
  it("needs a category: none or an unknown one is the field's error, nothing saved", async () => {
    for (const category of [undefined, "", "  ", "nope", 42]) {
      const response = await post("user", { title: "T", content: "C", category });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).fields?.category).toBe(CHOOSE_A_CATEGORY);
    }
    expect(await countOf("rants-and-vents")).toBe(0);
  });

  it("puts it in the chosen category and shows the category on the discussion", async () => {
    const response = await post("user", {
      title: "Queues",
      content: "Why",
      category: "life-observations",
    });
    expect(response.status).toBe(201);
    const item = await json<DiscussionItem>(response);
    expect(item.category).toEqual({
      slug: "life-observations",
      name: "Life Observations",
      colour: "#1c7ed6",
    });
    expect(await countOf("life-observations")).toBe(1);
  });

  it("refuses a member in a staff-only category with 403 and a clear message; staff may", async () => {
    const refused = await post("user", { title: "News", content: "C", category: "announcements" });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(STAFF_ONLY_CATEGORY);
    for (const caller of ["author", "moderator", "admin"] as const) {
      const allowed = await post(caller, {
        title: `By ${caller}`,
        content: "C",
        category: "announcements",
      });
      expect(allowed.status, caller).toBe(201);
    }
    expect(await countOf("announcements")).toBe(3);
  });
});

describe("an author's edit", () => {
  it("may change the category, but not into a staff-only one", async () => {
    const id = await insertDiscussionRow(t.db, { authorId: clients.ids.user });
    const moved = await clients.user.patch(`/api/discussions/${id}`, {
      title: "T",
      content: "C",
      category: "personal-stories",
    });
    expect(moved.status).toBe(200);
    expect((await json<DiscussionItem>(moved)).category.slug).toBe("personal-stories");
    const refused = await clients.user.patch(`/api/discussions/${id}`, {
      title: "T2",
      content: "C2",
      category: "announcements",
    });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(STAFF_ONLY_CATEGORY);
    const [row] = await queryRows<{ title: string; category_id: string }>(
      t.db,
      sql`select title, category_id from discussions where id = ${id}::uuid`,
    );
    expect(row).toEqual({ title: "T", category_id: await idOf("personal-stories") });
  });
});

describe("an author's edit in a staff-only category staff moved it to", () => {
  it("still saves the text when the category stays the same", async () => {
    const id = await insertDiscussionRow(t.db, {
      authorId: clients.ids.user,
      categoryId: await idOf("announcements"),
    });
    const response = await clients.user.patch(`/api/discussions/${id}`, {
      title: "Still mine",
      content: "C",
      category: "announcements",
    });
    expect(response.status).toBe(200);
    expect((await json<DiscussionItem>(response)).title).toBe("Still mine");
  });
});

describe("a moderator's move", () => {
  it("moves it, logged with both names and the reason; the counts follow", async () => {
    const id = await insertDiscussionRow(t.db, { authorId: clients.ids.user });
    expect(await countOf("rants-and-vents")).toBe(1);
    const response = await clients.moderator.put(`/api/discussions/${id}/category`, {
      category: "announcements",
      reason: "It is news",
    });
    expect(response.status).toBe(200);
    expect((await json<DiscussionItem>(response)).category.slug).toBe("announcements");
    expect(await countOf("rants-and-vents")).toBe(0);
    expect(await countOf("announcements")).toBe(1);
    const log = await queryRows<{
      actor_id: string;
      action: string;
      subject_id: string;
      reason: string;
    }>(
      t.db,
      sql`select actor_id, action, subject_id, reason from moderation_actions
          where target_id = ${id} and action = 'move'`,
    );
    expect(log).toEqual([
      {
        actor_id: clients.ids.moderator,
        action: "move",
        subject_id: clients.ids.user,
        reason: "Moved from Rants & Vents to Announcements. It is news",
      },
    ]);
  });

  it("is refused to members (403) and for unknown discussions (404) or categories (400)", async () => {
    const id = await insertDiscussionRow(t.db, { authorId: clients.ids.user });
    const body = { category: "personal-stories" };
    expect((await clients.user.put(`/api/discussions/${id}/category`, body)).status).toBe(403);
    expect((await clients.author.put(`/api/discussions/${id}/category`, body)).status).toBe(403);
    expect(
      (await clients.moderator.put(`/api/discussions/${crypto.randomUUID()}/category`, body))
        .status,
    ).toBe(404);
    const unknown = await clients.moderator.put(`/api/discussions/${id}/category`, {
      category: "x",
    });
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).fields?.category).toBe(CHOOSE_A_CATEGORY);
    expect(await countOf("rants-and-vents")).toBe(1);
  });
});

describe("counts (a trigger, never count(*) per request)", () => {
  it("follow creation, removal, restore, hiding (which keeps its place) and held posts", async () => {
    const id = await insertDiscussionRow(t.db, { authorId: clients.ids.user });
    await insertDiscussionRow(t.db, { status: "held", authorId: clients.ids.user });
    expect(await countOf("rants-and-vents")).toBe(1);
    await t.db.execute(sql`update discussions set hidden_at = now() where id = ${id}::uuid`);
    expect(await countOf("rants-and-vents")).toBe(1);
    expect((await clients.moderator.delete(`/api/discussions/${id}`)).status).toBe(204);
    expect(await countOf("rants-and-vents")).toBe(0);
    expect((await clients.moderator.post(`/api/cms/discussions/${id}/restore`)).status).toBe(200);
    expect(await countOf("rants-and-vents")).toBe(1);
    await t.db.execute(sql`delete from discussions where id = ${id}::uuid`);
    expect(await countOf("rants-and-vents")).toBe(0);
  });
});

describe("a held first post's approval", () => {
  it("is refused (403) while its category is staff-only, and counts once approved", async () => {
    const categoryId = await idOf("personal-stories");
    const id = await insertDiscussionRow(t.db, {
      status: "held",
      authorId: clients.ids.user,
      categoryId,
    });
    await t.db.execute(sql`update categories set staff_only = true where id = ${categoryId}::uuid`);
    try {
      const approve = () =>
        clients.moderator.post(`/api/moderation/held-posts/discussion/${id}/approve`, {});
      const refused = await approve();
      expect(refused.status).toBe(403);
      expect((await errorOf(refused)).message).toMatch(/^Only staff can start discussions/);
      expect(await countOf("personal-stories")).toBe(0);
      await t.db.execute(
        sql`update categories set staff_only = false where id = ${categoryId}::uuid`,
      );
      expect((await approve()).status).toBe(200);
      expect(await countOf("personal-stories")).toBe(1);
    } finally {
      await t.db.execute(
        sql`update categories set staff_only = false where id = ${categoryId}::uuid`,
      );
    }
  });
});

describe("the list's category filter", () => {
  it("combines with search, the other filters and both sorts", async () => {
    const life = await idOf("life-observations");
    await insertDiscussionRow(t.db, { title: "Cats in life", categoryId: life, ageMinutes: 3 });
    await insertDiscussionRow(t.db, {
      title: "Dogs in life",
      categoryId: life,
      ageMinutes: 2,
      isPinned: true,
    });
    await insertDiscussionRow(t.db, { title: "Cats ranted", ageMinutes: 1 });
    const titles = async (query: string) =>
      (await json<DiscussionPage>(await t.app.request(`/api/discussions?${query}`))).items.map(
        (item) => item.title,
      );
    expect(await titles("category=life-observations")).toEqual(["Dogs in life", "Cats in life"]);
    expect(await titles("category=life-observations&q=cats")).toEqual(["Cats in life"]);
    expect(await titles("q=cats")).toEqual(["Cats ranted", "Cats in life"]);
    expect(await titles("category=life-observations&pinned=1")).toEqual(["Dogs in life"]);
    expect(await titles("category=life-observations&sort=activity&range=24h")).toEqual([
      "Dogs in life",
      "Cats in life",
    ]);
    expect(await titles("category=personal-stories")).toEqual([]);
  });

  it("pages through one category with the cursor", async () => {
    const life = await idOf("life-observations");
    for (let n = 0; n < 3; n++) {
      await insertDiscussionRow(t.db, { title: `Life ${n}`, categoryId: life, ageMinutes: n });
      await insertDiscussionRow(t.db, { title: `Rant ${n}`, ageMinutes: n });
    }
    const first = await json<DiscussionPage>(
      await t.app.request("/api/discussions?category=life-observations&limit=2"),
    );
    const second = await json<DiscussionPage>(
      await t.app.request(
        `/api/discussions?category=life-observations&limit=2&cursor=${first.nextCursor}`,
      ),
    );
    expect([...first.items, ...second.items].map((item) => item.title)).toEqual([
      "Life 0",
      "Life 1",
      "Life 2",
    ]);
    expect(second.nextCursor).toBeNull();
  });
});

describe("a category's feed", () => {
  it("holds its own discussions only", async () => {
    await insertDiscussionRow(t.db, {
      title: "Life feed item",
      categoryId: await idOf("life-observations"),
    });
    await insertDiscussionRow(t.db, { title: "Rant feed item" });
    const response = await t.app.request("/discussion/c/life-observations/rss.xml");
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(xml).toContain("Life feed item");
    expect(xml).not.toContain("Rant feed item");
    expect(xml).toContain("/discussion/c/life-observations");
  });
});
