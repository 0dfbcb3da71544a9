// Replies on the live stream (GET /api/discussions/events, docs/decisions/006 and 020): each
// posted, edited or deleted reply is an `updated` of its discussion that names the reply, so
// open forum lists refetch their counts as before and a thread's viewers fetch that reply.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDiscussionChange } from "@/server/lib/live-discussions";
import { insertDiscussionRow, sseReader } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type { DiscussionChange, ReplyItem } from "@/shared/api-types";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
});
afterAll(async () => {
  await t.close();
});

async function openStream() {
  const response = await t.app.request("/api/discussions/events");
  expect(response.status).toBe(200);
  const stream = sseReader(response);
  expect(await stream.nextEvent()).toEqual({ event: "ready", data: "" });
  return stream;
}

async function nextChange(stream: ReturnType<typeof sseReader>): Promise<DiscussionChange> {
  const message = await stream.nextEvent();
  expect(message?.event).toBe("discussion");
  return JSON.parse(message?.data ?? "null") as DiscussionChange;
}

describe("reply changes on the discussions stream", () => {
  it("announces a reply posted, edited and deleted, naming the discussion and the reply", async () => {
    const stream = await openStream();
    const member = await createMember(t);
    const discussion = await insertDiscussionRow(t.db);
    const created = await member.client.post(`/api/discussions/${discussion}/replies`, {
      content: "Live reply",
    });
    const reply = (await created.json()) as ReplyItem;
    expect(await nextChange(stream)).toEqual({
      type: "updated",
      id: discussion,
      reply: { type: "created", id: reply.id },
    });
    await member.client.patch(`/api/replies/${reply.id}`, { content: "Edited live" });
    expect(await nextChange(stream)).toEqual({
      type: "updated",
      id: discussion,
      reply: { type: "edited", id: reply.id },
    });
    await member.client.delete(`/api/replies/${reply.id}`);
    expect(await nextChange(stream)).toEqual({
      type: "updated",
      id: discussion,
      reply: { type: "deleted", id: reply.id },
    });
    // Deleting it again announces nothing.
    await member.client.delete(`/api/replies/${reply.id}`);
    await expect(stream.nextEvent(300)).rejects.toThrow(/no event/);
    await stream.close();
  });

  it("announces nothing for a refused reply", async () => {
    const stream = await openStream();
    const member = await createMember(t);
    const locked = await insertDiscussionRow(t.db, { isLocked: true });
    const response = await member.client.post(`/api/discussions/${locked}/replies`, {
      content: "Let me in",
    });
    expect(response.status).toBe(403);
    await expect(stream.nextEvent(300)).rejects.toThrow(/no event/);
    await stream.close();
  });
});

describe("parseDiscussionChange", () => {
  it("keeps the discussions' own changes exactly as they were", () => {
    expect(parseDiscussionChange('{"type":"created","id":"d1"}')).toEqual({
      type: "created",
      id: "d1",
    });
  });

  it("keeps a reply's change and drops anything malformed", () => {
    const change = { type: "updated", id: "d1", reply: { type: "edited", id: "r1" } };
    expect(parseDiscussionChange(JSON.stringify(change))).toEqual(change);
    for (const reply of [null, "r1", { type: "moved", id: "r1" }, { type: "created", id: 5 }]) {
      expect(
        parseDiscussionChange(JSON.stringify({ type: "updated", id: "d1", reply })),
      ).toBeNull();
    }
    // Extra keys never reach the browser.
    expect(
      parseDiscussionChange(
        '{"type":"updated","id":"d1","reply":{"type":"created","id":"r1","content":"x"},"x":1}',
      ),
    ).toEqual({ type: "updated", id: "d1", reply: { type: "created", id: "r1" } });
  });
});
