// Drafts through the API (issue 40, docs/decisions/065): one per member and place, restored
// from any device (the same session's member), never readable or writable by anyone else,
// staff included; sending deletes it; a draft longer than a post is kept but cannot be sent;
// drafts untouched for 30 days go. Every role on every route: permission-matrix.test.ts.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { removeOldDrafts } from "@/server/domain/drafts/expiry";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember, signInDirectly } from "@/server/test/factories";
import { insertReplyRow } from "@/server/test/replies";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { Draft } from "@/shared/api-types";
import { LIMITS } from "@/shared/constants";
import { DRAFT_LIMITS, draftPlace } from "@/shared/drafts";

type Member = Awaited<ReturnType<typeof createMember>>;
let t: TestApp;
let nora: Member;
let olga: Member;
let admin: Member;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  nora = await createMember(t, { name: "Nora Writer" });
  olga = await createMember(t, { name: "Olga Other" });
  admin = await createMember(t, { name: "Ada Admin", role: "admin" });
});
afterAll(async () => {
  await t.close();
});

async function draftOf(client: Member["client"], place: string): Promise<Draft | null> {
  const response = await client.get(`/api/drafts/${place}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return ((await response.json()) as { draft: Draft | null }).draft;
}

describe("drafts per member and per place", () => {
  it("keeps one draft per place and gives it back to the same member on another device", async () => {
    const discussion = await insertDiscussionRow(t.db);
    const reply = draftPlace.replyTo(discussion);
    const saved = await nora.client.put(`/api/drafts/${reply}`, { content: "A reply, half" });
    expect(saved.status).toBe(200);
    await nora.client.put("/api/drafts/new-discussion", { title: "Title", content: "Body" });

    // A second browser: another session of the same member.
    const laptop = createClient(t.app, "10.9.9.9");
    await signInDirectly(t, laptop, nora.id, "10.9.9.9");
    expect(await draftOf(laptop, reply)).toMatchObject({ content: "A reply, half", title: null });
    expect(await draftOf(laptop, "new-discussion")).toMatchObject({
      title: "Title",
      content: "Body",
    });
    // Another discussion's reply place is its own.
    expect(await draftOf(laptop, draftPlace.replyTo(await insertDiscussionRow(t.db)))).toBeNull();
  });

  it("saves over the draft at the same place", async () => {
    await nora.client.put("/api/drafts/new-discussion", { title: "One", content: "First" });
    await nora.client.put("/api/drafts/new-discussion", { title: "Two", content: "Second" });
    expect(await draftOf(nora.client, "new-discussion")).toMatchObject({
      title: "Two",
      content: "Second",
    });
  });

  it("refuses a place that is none of the composer's places", async () => {
    for (const place of ["elsewhere", "reply-to-1", "new-discussion-x"]) {
      expect((await nora.client.put(`/api/drafts/${place}`, { content: "x" })).status).toBe(404);
    }
  });

  it("refuses visitors", async () => {
    const visitor = createClient(t.app);
    expect((await visitor.get("/api/drafts/new-discussion")).status).toBe(401);
    expect((await visitor.put("/api/drafts/new-discussion", { content: "x" })).status).toBe(401);
  });
});

describe("nobody reads or overwrites another member's draft", () => {
  it("gives another member, and an admin, their own (empty) place, never the author's", async () => {
    const place = draftPlace.editDiscussion(await insertDiscussionRow(t.db));
    await nora.client.put(`/api/drafts/${place}`, { title: "Mine", content: "Private words" });
    expect(await draftOf(olga.client, place)).toBeNull();
    expect(await draftOf(admin.client, place)).toBeNull();

    // Their saves and discards are their own drafts: the author's stays as it was.
    await olga.client.put(`/api/drafts/${place}`, { title: "Hers", content: "Overwritten?" });
    await admin.client.delete(`/api/drafts/${place}`);
    expect(await draftOf(nora.client, place)).toMatchObject({ content: "Private words" });
    expect(await draftOf(olga.client, place)).toMatchObject({ content: "Overwritten?" });
  });
});

describe("sending or discarding deletes the draft", () => {
  it("goes when the discussion is created", async () => {
    await nora.client.put("/api/drafts/new-discussion", { title: "T", content: "C" });
    const created = await nora.client.post("/api/discussions", {
      category: "rants-and-vents",
      title: "T",
      content: "C",
    });
    expect(created.status).toBe(201);
    expect(await draftOf(nora.client, "new-discussion")).toBeNull();
  });

  it("goes when the reply is sent, and only that place's", async () => {
    const discussion = await insertDiscussionRow(t.db);
    const other = draftPlace.replyTo(await insertDiscussionRow(t.db));
    await nora.client.put(`/api/drafts/${draftPlace.replyTo(discussion)}`, { content: "R" });
    await nora.client.put(`/api/drafts/${other}`, { content: "Elsewhere" });
    await olga.client.put(`/api/drafts/${draftPlace.replyTo(discussion)}`, { content: "Hers" });
    const sent = await nora.client.post(`/api/discussions/${discussion}/replies`, {
      content: "R",
    });
    expect(sent.status).toBe(201);
    expect(await draftOf(nora.client, draftPlace.replyTo(discussion))).toBeNull();
    expect(await draftOf(nora.client, other)).toMatchObject({ content: "Elsewhere" });
    expect(await draftOf(olga.client, draftPlace.replyTo(discussion))).toMatchObject({
      content: "Hers",
    });
  });

  it("goes when an edit is saved", async () => {
    const discussion = await insertDiscussionRow(t.db, { authorId: nora.id });
    const reply = await insertReplyRow(t.db, discussion, { authorId: nora.id });
    await nora.client.put(`/api/drafts/${draftPlace.editDiscussion(discussion)}`, {
      title: "New title",
      content: "New",
    });
    await nora.client.put(`/api/drafts/${draftPlace.editReply(reply)}`, { content: "New" });
    const editedDiscussion = await nora.client.patch(`/api/discussions/${discussion}`, {
      title: "New title",
      content: "New",
    });
    expect(editedDiscussion.status).toBe(200);
    expect((await nora.client.patch(`/api/replies/${reply}`, { content: "New" })).status).toBe(200);
    expect(await draftOf(nora.client, draftPlace.editDiscussion(discussion))).toBeNull();
    expect(await draftOf(nora.client, draftPlace.editReply(reply))).toBeNull();
  });

  it("goes when discarded", async () => {
    await nora.client.put("/api/drafts/new-discussion", { title: "T", content: "C" });
    expect((await nora.client.delete("/api/drafts/new-discussion")).status).toBe(204);
    expect(await draftOf(nora.client, "new-discussion")).toBeNull();
  });
});

describe("a draft over the post limits", () => {
  it("is kept, but the post cannot be sent", async () => {
    const content = "x".repeat(LIMITS.content + 1);
    const saved = await nora.client.put("/api/drafts/new-discussion", { title: "Long", content });
    expect(saved.status).toBe(200);
    expect((await draftOf(nora.client, "new-discussion"))?.content).toHaveLength(content.length);
    const sent = await nora.client.post("/api/discussions", {
      category: "rants-and-vents",
      title: "Long",
      content,
    });
    expect(sent.status).toBe(400);
    expect(await draftOf(nora.client, "new-discussion")).not.toBeNull();
  });

  it("is refused past the draft's own limit", async () => {
    const content = "x".repeat(DRAFT_LIMITS.content + 1);
    const response = await nora.client.put("/api/drafts/new-discussion", { content });
    expect(response.status).toBe(400);
  });
});

describe("old drafts", () => {
  it("are removed after 30 days untouched", async () => {
    const [oldPlace, freshPlace] = [
      draftPlace.replyTo(await insertDiscussionRow(t.db)),
      draftPlace.replyTo(await insertDiscussionRow(t.db)),
    ];
    await olga.client.put(`/api/drafts/${oldPlace}`, { content: "Old" });
    await olga.client.put(`/api/drafts/${freshPlace}`, { content: "Fresh" });
    await t.db.execute(
      sql`update drafts set updated_at = now() - interval '31 days' where place = ${oldPlace}`,
    );
    await t.db.execute(
      sql`update drafts set updated_at = now() - interval '29 days' where place = ${freshPlace}`,
    );
    expect(await removeOldDrafts(t.db)).toBeGreaterThanOrEqual(1);
    const left = await queryRows<{ place: string }>(
      t.db,
      sql`select place from drafts where user_id = ${olga.id} and place in (${oldPlace}, ${freshPlace})`,
    );
    expect(left.map((row) => row.place)).toEqual([freshPlace]);
  });
});
