import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp, type TestClient } from "@/server/test/test-app";
import type { ApiErrorBody, DiscussionItem } from "@/shared/api-types";

let t: TestApp;
let clients: {
  anonymous: TestClient;
  /** The discussions' own author, with the plain user role. */
  ownAuthor: TestClient;
  user: TestClient;
  /** The "author" role writes blog posts; it does not moderate the forum (docs/product.md §6). */
  authorRole: TestClient;
  moderator: TestClient;
  admin: TestClient;
};
let authorId: string;

beforeAll(async () => {
  t = await createTestApp();
  const author = await createMember(t, { name: "The Author" });
  authorId = author.id;
  clients = {
    anonymous: createClient(t.app),
    ownAuthor: author.client,
    user: (await createMember(t)).client,
    authorRole: (await createMember(t, { role: "author" })).client,
    moderator: (await createMember(t, { role: "moderator" })).client,
    admin: (await createMember(t, { role: "admin" })).client,
  };
});
afterAll(async () => {
  await t.close();
});

const actions = [
  { name: "pin", path: "pin", body: { pinned: true }, field: "isPinned" as const },
  { name: "lock", path: "lock", body: { locked: true }, field: "isLocked" as const },
];

describe("pin and lock (docs/product.md §6: moderators and admins only)", () => {
  for (const action of actions) {
    describe(action.name, () => {
      it("answers 401 to a signed-out visitor", async () => {
        const id = await insertDiscussionRow(t.db, { authorId });
        const response = await clients.anonymous.put(`/api/discussions/${id}/${action.path}`, {
          ...action.body,
        });
        expect(response.status).toBe(401);
      });

      const refused: Array<[string, () => TestClient]> = [
        ["a member (user role)", () => clients.user],
        ["the discussion's own author", () => clients.ownAuthor],
        ["a member with the author role", () => clients.authorRole],
      ];
      for (const [who, client] of refused) {
        it(`answers 403 to ${who} and changes nothing`, async () => {
          const id = await insertDiscussionRow(t.db, { authorId });
          const response = await client().put(`/api/discussions/${id}/${action.path}`, action.body);
          expect(response.status).toBe(403);
          const after = (await (
            await clients.anonymous.get(`/api/discussions/${id}`)
          ).json()) as DiscussionItem;
          expect(after[action.field]).toBe(false);
        });
      }

      for (const role of ["moderator", "admin"] as const) {
        it(`lets a ${role} set and clear it`, async () => {
          const id = await insertDiscussionRow(t.db, { authorId });
          const on = await clients[role].put(`/api/discussions/${id}/${action.path}`, action.body);
          expect(on.status).toBe(200);
          expect(((await on.json()) as DiscussionItem)[action.field]).toBe(true);
          const seen = (await (
            await clients.anonymous.get(`/api/discussions/${id}`)
          ).json()) as DiscussionItem;
          expect(seen[action.field]).toBe(true);

          const off = await clients[role].put(`/api/discussions/${id}/${action.path}`, {
            [action.path === "pin" ? "pinned" : "locked"]: false,
          });
          expect(((await off.json()) as DiscussionItem)[action.field]).toBe(false);
        });
      }

      it("answers 404 for a missing or deleted discussion", async () => {
        const deleted = await insertDiscussionRow(t.db, { status: "deleted" });
        for (const id of [deleted, "3f1d7c1e-0000-4000-8000-000000000000", "x"]) {
          const response = await clients.admin.put(
            `/api/discussions/${id}/${action.path}`,
            action.body,
          );
          expect(response.status).toBe(404);
        }
      });

      it("answers 400 to a body without the flag", async () => {
        const id = await insertDiscussionRow(t.db);
        const response = await clients.moderator.put(`/api/discussions/${id}/${action.path}`, {
          value: "yes",
        });
        expect(response.status).toBe(400);
        expect(((await response.json()) as ApiErrorBody).error.message).toMatch(/true or false/);
      });
    });
  }

  it("pinning and locking are independent", async () => {
    const id = await insertDiscussionRow(t.db);
    await clients.moderator.put(`/api/discussions/${id}/pin`, { pinned: true });
    await clients.moderator.put(`/api/discussions/${id}/lock`, { locked: true });
    await clients.moderator.put(`/api/discussions/${id}/pin`, { pinned: false });
    const item = (await (
      await clients.anonymous.get(`/api/discussions/${id}`)
    ).json()) as DiscussionItem;
    expect(item).toMatchObject({ isPinned: false, isLocked: true });
  });
});

describe("DELETE /api/discussions/:id (soft delete: the author, moderators and admins)", () => {
  it("refuses everyone else, and lets the author delete their own (issue 17)", async () => {
    const id = await insertDiscussionRow(t.db, { authorId });
    expect((await clients.anonymous.delete(`/api/discussions/${id}`)).status).toBe(401);
    expect((await clients.user.delete(`/api/discussions/${id}`)).status).toBe(403);
    expect((await clients.authorRole.delete(`/api/discussions/${id}`)).status).toBe(403);
    expect((await clients.anonymous.get(`/api/discussions/${id}`)).status).toBe(200);
    expect((await clients.ownAuthor.delete(`/api/discussions/${id}`)).status).toBe(204);
    expect((await clients.anonymous.get(`/api/discussions/${id}`)).status).toBe(404);
  });

  for (const role of ["moderator", "admin"] as const) {
    it(`lets a ${role} remove a discussion from the list and the detail page`, async () => {
      const id = await insertDiscussionRow(t.db, { title: `to delete by ${role}` });
      const response = await clients[role].delete(`/api/discussions/${id}`);
      expect(response.status).toBe(204);
      expect((await clients.anonymous.get(`/api/discussions/${id}`)).status).toBe(404);
      const list = await (await clients.anonymous.get("/api/discussions?limit=50")).text();
      expect(list).not.toContain(id);
      expect((await clients[role].delete(`/api/discussions/${id}`)).status).toBe(404);
    });
  }
});
