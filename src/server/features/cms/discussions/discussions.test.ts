import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertDiscussionRow, sseReader } from "@/server/test/discussions";
import { createStaffClients, type StaffClients } from "@/server/test/staff-area";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type {
  ApiErrorBody,
  DiscussionChange,
  DiscussionItem,
  DiscussionPage,
} from "@/shared/api-types";

let t: TestApp;
let clients: StaffClients;
beforeAll(async () => {
  t = await createTestApp();
  clients = await createStaffClients(t);
});
afterAll(async () => {
  await t.close();
});

/** The forum's live stream, ready to receive. */
async function openStream() {
  const response = await t.app.request("/api/discussions/events");
  const stream = sseReader(response);
  expect(await stream.nextEvent()).toEqual({ event: "ready", data: "" });
  return {
    async nextChange(): Promise<DiscussionChange> {
      const message = await stream.nextEvent();
      expect(message?.event).toBe("discussion");
      return JSON.parse(message?.data ?? "null") as DiscussionChange;
    },
    close: () => stream.close(),
  };
}

const forumItem = async (id: string) => {
  const response = await t.app.request(`/api/discussions/${id}`);
  return response.status === 200 ? ((await response.json()) as DiscussionItem) : null;
};

describe("editing a discussion from the CMS", () => {
  it("saves the cleaned title and content, and tells open forum lists", async () => {
    const id = await insertDiscussionRow(t.db, { authorId: clients.ids.user, title: "Old" });
    const stream = await openStream();
    const response = await clients.moderator.patch(`/api/cms/discussions/${id}`, {
      title: "  New <script>title</script>  ",
      content: "Line one\nLine two <img src=x onerror=alert(1)>",
      // Someone else's discussion: a moderator's edit gives a reason (docs/decisions/048).
      reason: "Cleaned up",
    });
    expect(response.status).toBe(200);
    const item = (await response.json()) as DiscussionItem;
    expect(item).toMatchObject({
      id,
      title: "New scripttitle/script",
      content: "Line one\nLine two img src=x onerror=alert(1)",
      authorId: clients.ids.user,
    });
    expect(await stream.nextChange()).toEqual({ type: "updated", id });
    expect((await forumItem(id))?.title).toBe("New scripttitle/script");
    await stream.close();
  });

  it("applies the forum's rules: title and content required, title at most 200", async () => {
    const id = await insertDiscussionRow(t.db, { title: "Keep me" });
    const response = await clients.admin.patch(`/api/cms/discussions/${id}`, {
      title: "t".repeat(201),
      content: "  ",
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).error.fields).toEqual({
      title: "Title is too long (max 200 characters)",
      content: "Content is required",
    });
    expect((await forumItem(id))?.title).toBe("Keep me");
  });

  it("answers 404 for deleted, unknown or malformed ids", async () => {
    const deleted = await insertDiscussionRow(t.db, { status: "deleted" });
    for (const id of [deleted, "3f1d7c1e-0000-4000-8000-000000000000", "nope"]) {
      const response = await clients.admin.patch(`/api/cms/discussions/${id}`, {
        title: "x",
        content: "y",
      });
      expect(response.status).toBe(404);
    }
  });

  it("a refused caller changes nothing", async () => {
    const id = await insertDiscussionRow(t.db, { title: "Untouched" });
    const response = await clients.author.patch(`/api/cms/discussions/${id}`, {
      title: "Changed",
      content: "Changed",
    });
    expect(response.status).toBe(403);
    expect((await forumItem(id))?.title).toBe("Untouched");
  });
});

describe("creating a discussion from the CMS", () => {
  it("is authored by the staff member, active, and reaches open forum lists", async () => {
    const stream = await openStream();
    const response = await clients.admin.post("/api/cms/discussions", {
      category: "rants-and-vents",
      title: "House rules",
      content: "Be kind.",
    });
    expect(response.status).toBe(201);
    const item = (await response.json()) as DiscussionItem;
    expect(item).toMatchObject({
      title: "House rules",
      author: "Al Admin",
      authorId: clients.ids.admin,
      isPinned: false,
      isLocked: false,
    });
    expect(await stream.nextChange()).toEqual({ type: "created", id: item.id });
    await stream.close();
  });

  it("is not held to the members' posting limit of one every 15 seconds", async () => {
    for (const title of ["One", "Two", "Three"]) {
      const response = await clients.moderator.post("/api/cms/discussions", {
        category: "rants-and-vents",
        title,
        content: "x",
      });
      expect(response.status).toBe(201);
    }
  });
});

describe("the CMS discussion list", () => {
  it("lists active discussions, pinned first, a page at a time, and searches", async () => {
    const token = `needle${Date.now()}`;
    const older = await insertDiscussionRow(t.db, { title: `${token} older`, ageMinutes: 10 });
    const pinned = await insertDiscussionRow(t.db, {
      title: `${token} pinned`,
      ageMinutes: 20,
      isPinned: true,
    });
    const newer = await insertDiscussionRow(t.db, { title: `${token} newer`, ageMinutes: 1 });
    await insertDiscussionRow(t.db, { title: `${token} gone`, status: "deleted" });

    const first = (await (
      await clients.moderator.get(`/api/cms/discussions?q=${token}&limit=2`)
    ).json()) as DiscussionPage;
    expect(first.items.map((item) => item.id)).toEqual([pinned, newer]);
    const second = (await (
      await clients.moderator.get(
        `/api/cms/discussions?q=${token}&limit=2&cursor=${first.nextCursor}`,
      )
    ).json()) as DiscussionPage;
    expect(second.items.map((item) => item.id)).toEqual([older]);
    expect(second.nextCursor).toBeNull();
  });
});
