// Issue 41's tags through the API (docs/decisions/067): one spelling per tag, who may create
// one, at most five, counts kept by triggers, the list's filter through the visibility rule, a
// moderator's retag and staff's rename, merge and delete, each logged.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { tagMissingMessage, tagNeedsPostsMessage } from "@/server/domain/tags/tags";
import { FIRST_CATEGORY_SLUG, insertDiscussionRow } from "@/server/test/discussions";
import { createStaffClients, type StaffClients } from "@/server/test/staff-area";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type {
  ApiErrorBody,
  CmsTag,
  DiscussionItem,
  DiscussionPage,
  Tag,
  TagsResponse,
} from "@/shared/api-types";
import { TAG_FORMAT, TAG_NAME_TAKEN, TAG_NOT_FOUND, TOO_MANY_TAGS } from "@/shared/tags";

let t: TestApp;
let clients: StaffClients;

beforeAll(async () => {
  t = await createTestApp();
  clients = await createStaffClients(t);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from discussions`);
  await t.db.execute(sql`delete from tags`);
  await t.db.execute(sql`delete from site_settings`);
  await t.db.execute(sql`delete from rate_limit_hits`);
});

const json = async <T>(response: Response) => (await response.json()) as T;
const errorOf = async (response: Response) => (await json<ApiErrorBody>(response)).error;

let titles = 0;
async function start(caller: "user" | "author" | "moderator" | "admin", tags: string[]) {
  titles += 1;
  const response = await clients[caller].post("/api/discussions", {
    category: FIRST_CATEGORY_SLUG,
    title: `Tagged ${titles}`,
    content: "Some words",
    tags,
  });
  // Only the tag limit is this file's to reach: new members' and posting's limits reset.
  await t.db.execute(sql`delete from rate_limit_hits where key not like 'tag-create|%'`);
  return response;
}
async function started(caller: "user" | "author" | "moderator" | "admin", tags: string[]) {
  const response = await start(caller, tags);
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return json<DiscussionItem>(response);
}

async function countOf(name: string): Promise<number | undefined> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select discussions_count as n from tags where name = ${name}`,
  );
  return row === undefined ? undefined : Number(row.n);
}
const listed = async (client = clients.anonymous, query = "") =>
  (await json<TagsResponse>(await client.get(`/api/tags${query}`))).tags.map((tag) => tag.name);
const titlesTagged = async (tag: string, client = clients.anonymous, more = "") => {
  const response = await client.get(`/api/discussions?tag=${encodeURIComponent(tag)}${more}`);
  expect(response.status).toBe(200);
  return (await json<DiscussionPage>(response)).items.map((item) => item.title);
};
const setMinPosts = async (memberTagMinPosts: number | null) =>
  expect((await clients.admin.put("/api/cms/settings", { memberTagMinPosts })).status).toBe(200);
const logged = async (action: string) =>
  queryRows<{ reason: string; target_kind: string }>(
    t.db,
    sql`select reason, target_kind from moderation_actions where action = ${action}
        order by created_at desc`,
  );

describe("a tag's one spelling", () => {
  it("is NFKC and lower case: Rant, rant and full-width ｒａｎｔ are one tag", async () => {
    const first = await started("moderator", ["Rant", "ｒａｎｔ", "rant", "Bus Stops"]);
    expect(first.tags).toEqual(["bus-stops", "rant"]);
    const second = await started("user", ["RANT"]);
    expect(second.tags).toEqual(["rant"]);
    expect(await countOf("rant")).toBe(2);
    const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from tags`);
    expect(row?.n).toBe(2);
  });

  it("refuses a malformed tag or more than five under the field, and saves nothing", async () => {
    for (const [tags, message] of [
      [["a"], TAG_FORMAT],
      [["two--hyphens"], TAG_FORMAT],
      [["-leading"], TAG_FORMAT],
      [["no/slash"], TAG_FORMAT],
      [["x".repeat(31)], TAG_FORMAT],
      [["one", "two", "three", "four", "five", "six"], TOO_MANY_TAGS],
      ["rant", TAG_FORMAT],
    ] as const) {
      const response = await start("admin", tags as unknown as string[]);
      expect(response.status, JSON.stringify(tags)).toBe(400);
      const error = await errorOf(response);
      expect(error.fields?.tags ?? error.message).toBe(message);
    }
    const [row] = await queryRows<{ d: number; t: number }>(
      t.db,
      sql`select (select count(*)::int from discussions) as d, (select count(*)::int from tags) as t`,
    );
    expect(row).toEqual({ d: 0, t: 0 });
  });

  it("takes five, duplicates in other spellings counted once", async () => {
    const item = await started("admin", ["a1", "b2", "c3", "d4", "e5", "A1", "ａ１"]);
    expect(item.tags).toEqual(["a1", "b2", "c3", "d4", "e5"]);
  });
});

describe("who creates a tag", () => {
  it("staff only by default: a member picks existing tags, and an unknown one is the field's error", async () => {
    await started("author", ["curated"]);
    const refused = await start("user", ["curated", "brand-new"]);
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).fields?.tags).toBe(tagMissingMessage("brand-new"));
    expect(await countOf("brand-new")).toBeUndefined();
    expect((await started("user", ["curated"])).tags).toEqual(["curated"]);
  });

  it("members with enough posts when the admin allows it, at most ten new tags an hour", async () => {
    await setMinPosts(3);
    const refused = await start("user", ["mine"]);
    expect((await errorOf(refused)).fields?.tags).toBe(tagNeedsPostsMessage("mine", 3));
    await setMinPosts(0);
    expect((await started("user", ["mine"])).tags).toEqual(["mine"]);
    const [row] = await queryRows<{ curated: boolean }>(
      t.db,
      sql`select curated from tags where name = 'mine'`,
    );
    // A member's tag is listed through its discussions only, not curated.
    expect(row?.curated).toBe(false);
    for (let index = 0; index < 9; index += 1) await started("user", [`new-${index}`]);
    const limited = await start("user", ["one-too-many"]);
    expect(limited.status).toBe(429);
    expect(await countOf("one-too-many")).toBeUndefined();
    const settings = await json<{ memberTagMinPosts: number | null }>(
      await clients.admin.get("/api/cms/settings"),
    );
    expect(settings.memberTagMinPosts).toBe(0);
    expect((await logged("setting")).map((entry) => entry.reason)).toContain(
      "Members with at least 0 posts",
    );
  });
});

describe("counts, kept by triggers", () => {
  it("follow a discussion's delete, restore, removal and hiding", async () => {
    const item = await started("admin", ["counted"]);
    expect(await countOf("counted")).toBe(1);
    expect((await clients.admin.delete(`/api/discussions/${item.id}`)).status).toBe(204);
    expect(await countOf("counted")).toBe(0);
    expect((await clients.admin.post(`/api/cms/discussions/${item.id}/restore`)).status).toBe(200);
    expect(await countOf("counted")).toBe(1);
    // Hidden keeps its place in the lists (masked), so in the count.
    await t.db.execute(sql`update discussions set hidden_at = now() where id = ${item.id}::uuid`);
    expect(await countOf("counted")).toBe(1);
    await t.db.execute(sql`update discussions set status = 'removed' where id = ${item.id}::uuid`);
    expect(await countOf("counted")).toBe(0);
    // A discussion's row deleted outright takes its share with it, whatever its state.
    await t.db.execute(sql`update discussions set status = 'active' where id = ${item.id}::uuid`);
    expect(await countOf("counted")).toBe(1);
    await t.db.execute(sql`delete from discussions where id = ${item.id}::uuid`);
    expect(await countOf("counted")).toBe(0);
  });

  it("count a held discussion nowhere until it is approved", async () => {
    const id = await insertDiscussionRow(t.db, { status: "held", authorId: clients.ids.user });
    await t.db.execute(sql`insert into tags (name) values ('waiting')`);
    await t.db.execute(
      sql`insert into discussion_tags (discussion_id, tag_id)
          select ${id}::uuid, id from tags where name = 'waiting'`,
    );
    expect(await countOf("waiting")).toBe(0);
    await t.db.execute(sql`update discussions set status = 'active' where id = ${id}::uuid`);
    expect(await countOf("waiting")).toBe(1);
  });
});

describe("the list's tag filter", () => {
  it("lists a tag's discussions with the other filters, search and sorts; 404 for an unknown tag", async () => {
    await started("admin", ["buses"]);
    await started("admin", ["trains"]);
    await started("admin", ["buses", "trains"]);
    expect(await titlesTagged("buses")).toHaveLength(2);
    expect(await titlesTagged("Buses", clients.anonymous, "&sort=activity")).toHaveLength(2);
    expect(
      await titlesTagged("trains", clients.anonymous, `&category=${FIRST_CATEGORY_SLUG}`),
    ).toHaveLength(2);
    expect(
      await titlesTagged("trains", clients.anonymous, "&category=personal-stories"),
    ).toHaveLength(0);
    expect(await titlesTagged("buses", clients.anonymous, "&q=words&range=7d")).toHaveLength(2);
    const page = await json<DiscussionPage>(
      await clients.anonymous.get("/api/discussions?tag=buses&limit=1"),
    );
    expect(page.items).toHaveLength(1);
    expect(page.nextCursor).not.toBeNull();
    for (const tag of ["nope", "a", "%00", "x".repeat(200)]) {
      const response = await clients.anonymous.get(`/api/discussions?tag=${tag}`);
      expect([400, 404], tag).toContain(response.status);
      if (response.status === 404) expect((await errorOf(response)).message).toBe(TAG_NOT_FOUND);
    }
  });

  it("pages through a tag in the list's order, following pins, unpins and dates (decision 069)", async () => {
    const tagged: DiscussionItem[] = [];
    for (let n = 0; n < 5; n += 1) tagged.push(await started("admin", ["order"]));
    await started("admin", ["other"]);
    // Dates far apart, set after tagging: the tag's copy of the keys must follow.
    for (const [n, item] of tagged.entries()) {
      await t.db.execute(
        sql`update discussions set created_at = now() - make_interval(days => ${n * 2})
            where id = ${item.id}::uuid`,
      );
    }
    const pin = await clients.moderator.put(`/api/discussions/${tagged[3]?.id}/pin`, {
      pinned: true,
    });
    expect(pin.status).toBe(200);
    const taggedIds = new Set(tagged.map((item) => item.id));
    const listOrder = async (more = "") =>
      (
        await json<DiscussionPage>(await clients.anonymous.get(`/api/discussions?limit=50${more}`))
      ).items
        .map((item) => item.id)
        .filter((id) => taggedIds.has(id));
    const pages = async (more = "") => {
      const ids: string[] = [];
      let cursor: string | null = "";
      while (cursor !== null) {
        const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
        const page: DiscussionPage = await json<DiscussionPage>(
          await clients.anonymous.get(`/api/discussions?tag=order&limit=2${after}${more}`),
        );
        ids.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      }
      return ids;
    };
    const pinnedFirst = [3, 0, 1, 2, 4].map((n) => tagged[n]?.id);
    expect(await listOrder()).toEqual(pinnedFirst);
    expect(await pages()).toEqual(pinnedFirst);
    expect(await pages("&range=7d")).toEqual([3, 0, 1, 2].map((n) => tagged[n]?.id));
    expect(await pages("&pinned=true")).toEqual([tagged[3]?.id]);
    await clients.moderator.put(`/api/discussions/${tagged[3]?.id}/pin`, { pinned: false });
    expect(await pages()).toEqual(tagged.map((item) => item.id));
  });

  it("never shows what a hidden discussion's tags say but to its author and moderators", async () => {
    const hidden = await started("user", []);
    await started("moderator", ["secret-word"]);
    await t.db.execute(sql`delete from discussions where title <> ${hidden.title}`);
    // The tag is now on the hidden discussion alone.
    await t.db.execute(
      sql`insert into discussion_tags (discussion_id, tag_id)
          select ${hidden.id}::uuid, id from tags where name = 'secret-word'`,
    );
    await t.db.execute(sql`update tags set curated = false`);
    await t.db.execute(sql`update discussions set hidden_at = now() where id = ${hidden.id}::uuid`);
    expect(await listed()).not.toContain("secret-word");
    expect((await clients.anonymous.get("/api/discussions?tag=secret-word")).status).toBe(404);
    const item = await json<DiscussionItem>(
      await clients.anonymous.get(`/api/discussions/${hidden.id}`),
    );
    expect(item.tags).toEqual([]);
    const list = await json<DiscussionPage>(await clients.anonymous.get("/api/discussions"));
    expect(list.items[0]?.tags).toEqual([]);
    // Its author and moderators read it, tags included.
    const own = await json<DiscussionItem>(await clients.user.get(`/api/discussions/${hidden.id}`));
    expect(own.tags).toEqual(["secret-word"]);
    expect(await listed(clients.moderator)).toContain("secret-word");
    expect(await titlesTagged("secret-word", clients.moderator)).toEqual([hidden.title]);
    // Curated, the tag is listed; the hidden discussion is still not found by it.
    await t.db.execute(sql`update tags set curated = true`);
    expect(await titlesTagged("secret-word")).toEqual([]);
  });

  it("suggests tags by their start, curated ones before any discussion has them", async () => {
    expect((await clients.moderator.post("/api/cms/tags", { name: "Weather" })).status).toBe(201);
    await started("admin", ["work", "weekends"]);
    expect(await listed()).toEqual(["weekends", "work", "weather"]);
    expect(await listed(clients.anonymous, "?q=WE")).toEqual(["weekends", "weather"]);
    expect(await listed(clients.anonymous, "?q=%25")).toEqual([]);
    expect((await clients.anonymous.get("/api/tags?limit=0")).status).toBe(400);
  });

  it("answers one tag by its name in any spelling, with its id, only where it is listed", async () => {
    await started("admin", ["night-bus"]);
    await t.db.execute(sql`update tags set curated = false`);
    const response = await clients.anonymous.get(`/api/tags/${encodeURIComponent("Night Bus")}`);
    expect(response.status).toBe(200);
    const tag = await json<Tag>(response);
    expect(tag).toEqual({ id: expect.any(String), name: "night-bus", discussions: 1 });
    // Only a hidden discussion has it now: not found but by moderators, as the filter.
    await t.db.execute(sql`update discussions set hidden_at = now()`);
    for (const client of [clients.anonymous, clients.user]) {
      const hidden = await client.get("/api/tags/night-bus");
      expect(hidden.status).toBe(404);
      expect((await errorOf(hidden)).message).toBe(TAG_NOT_FOUND);
    }
    expect((await json<Tag>(await clients.moderator.get("/api/tags/night-bus"))).id).toBe(tag.id);
    for (const name of ["no-such-tag", "x", "%25"]) {
      expect((await clients.anonymous.get(`/api/tags/${name}`)).status, name).toBe(404);
    }
  });
});

describe("the sitemap", () => {
  it("names the lists of tags anyone may see that some discussion has", async () => {
    await started("admin", ["mapped"]);
    expect((await clients.moderator.post("/api/cms/tags", { name: "unused" })).status).toBe(201);
    const hidden = await started("admin", ["under-wraps"]);
    await t.db.execute(sql`update tags set curated = false where name = 'under-wraps'`);
    await t.db.execute(sql`update discussions set hidden_at = now() where id = ${hidden.id}::uuid`);
    const xml = await (await clients.anonymous.get("/sitemap/pages-1.xml")).text();
    expect(xml).toContain("/discussion?tag=mapped");
    expect(xml).not.toContain("tag=unused");
    expect(xml).not.toContain("tag=under-wraps");
  });
});

describe("moderators and staff", () => {
  it("a moderator retags from the discussion page, logged; a member may not", async () => {
    const item = await started("user", []);
    const refused = await clients.user.put(`/api/discussions/${item.id}/tags`, { tags: ["x1"] });
    expect(refused.status).toBe(403);
    const response = await clients.moderator.put(`/api/discussions/${item.id}/tags`, {
      tags: ["Off-Topic"],
      reason: "Sorting",
    });
    expect(response.status).toBe(200);
    expect((await json<DiscussionItem>(response)).tags).toEqual(["off-topic"]);
    const [entry] = await logged("retag");
    expect(entry?.reason).toBe("Tags changed from none to off-topic. Sorting");
    const admins = await started("admin", []);
    const protectedOne = await clients.moderator.put(`/api/discussions/${admins.id}/tags`, {
      tags: ["x1"],
    });
    expect(protectedOne.status).toBe(403);
  });

  it("an author edits their own discussion's tags; a moderator's edit logs the retag", async () => {
    await started("admin", ["alpha", "beta"]);
    const item = await started("user", ["alpha"]);
    const edit = await clients.user.patch(`/api/discussions/${item.id}`, {
      title: item.title,
      content: "Some words",
      tags: ["beta"],
    });
    expect(edit.status).toBe(200);
    expect((await json<DiscussionItem>(edit)).tags).toEqual(["beta"]);
    expect(await countOf("alpha")).toBe(1);
    expect(await countOf("beta")).toBe(2);
    const byModerator = await clients.moderator.patch(`/api/discussions/${item.id}`, {
      title: item.title,
      content: "Some words",
      tags: ["alpha", "beta"],
      reason: "Both fit",
    });
    expect(byModerator.status).toBe(200);
    expect((await logged("retag"))[0]?.reason).toBe(
      "Tags changed from beta to alpha, beta. Both fit",
    );
  });

  it("staff rename, merge and delete tags in the CMS, each logged; members and authors may not", async () => {
    await started("admin", ["colour", "color"]);
    await started("admin", ["color"]);
    await started("admin", ["grey"]);
    const tags = await json<{ tags: CmsTag[] }>(await clients.moderator.get("/api/cms/tags"));
    const byName = Object.fromEntries(tags.tags.map((tag) => [tag.name, tag]));
    const color = byName.color?.id;
    const grey = byName.grey?.id;
    for (const caller of ["anonymous", "user", "author"] as const) {
      expect((await clients[caller].get("/api/cms/tags")).status, caller).not.toBe(200);
      expect((await clients[caller].delete(`/api/cms/tags/${grey}`)).status, caller).not.toBe(204);
    }
    const taken = await clients.admin.patch(`/api/cms/tags/${grey}`, { name: "Colour" });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).fields?.name).toBe(TAG_NAME_TAKEN);
    const renamed = await clients.admin.patch(`/api/cms/tags/${grey}`, { name: "Gray" });
    expect((await json<CmsTag>(renamed)).name).toBe("gray");
    const merged = await clients.moderator.post(`/api/cms/tags/${color}/merge`, { into: "colour" });
    expect(merged.status).toBe(200);
    // The discussion that had both keeps one; the other moves.
    expect(await json<CmsTag>(merged)).toMatchObject({ name: "colour", discussions: 2 });
    expect(await countOf("color")).toBeUndefined();
    const same = await clients.moderator.post(`/api/cms/tags/${byName.colour?.id}/merge`, {
      into: "colour",
    });
    expect(same.status).toBe(400);
    expect((await clients.moderator.delete(`/api/cms/tags/${grey}`)).status).toBe(204);
    expect((await clients.moderator.delete(`/api/cms/tags/${grey}`)).status).toBe(404);
    expect(await titlesTagged("colour")).toHaveLength(2);
    const reasons = (await logged("tag")).slice(0, 3).map((entry) => entry.reason);
    expect(reasons).toEqual([
      "Deleted gray, which 1 discussion had",
      "Merged color into colour, moving 1 discussion",
      "Renamed grey to gray",
    ]);
  });
});
