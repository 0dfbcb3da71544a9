import type { InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { ReplyItem, ReplyPage } from "@/shared/api-types";
import { addReplyAtEnd, hasReply, replaceReply } from "./reply-pages";

function reply(id: string, overrides: Partial<ReplyItem> = {}): ReplyItem {
  return {
    id,
    discussionId: "d",
    seq: Number(id) || 1,
    author: { id: "a", displayName: "Ann", avatarUrl: null },
    content: `reply ${id}`,
    createdAt: `2026-11-23T10:00:0${id}.000Z`,
    editedAt: null,
    editedByModerator: false,
    deleted: false,
    hidden: false,
    replyTo: null,
    mentions: [],
    ...overrides,
  };
}

function thread(pages: Array<{ ids: string[]; next?: string | null }>) {
  return {
    pages: pages.map(
      ({ ids, next = null }): ReplyPage => ({
        items: ids.map((id) => reply(id)),
        nextCursor: next,
        prevCursor: null,
      }),
    ),
    pageParams: pages.map(() => null),
  } satisfies InfiniteData<ReplyPage, null>;
}

const ids = (data: InfiniteData<ReplyPage, null>) =>
  data.pages.map((page) => page.items.map((item) => item.id));

describe("addReplyAtEnd", () => {
  it("adds the reply to the last page when the thread's end is loaded", () => {
    const data = thread([{ ids: ["1", "2"], next: "c" }, { ids: ["3"] }]);
    expect(ids(addReplyAtEnd(data, reply("4")))).toEqual([
      ["1", "2"],
      ["3", "4"],
    ]);
  });

  it("leaves the pages alone when the end is not loaded, or the reply is there", () => {
    const partial = thread([{ ids: ["1", "2"], next: "c" }]);
    expect(addReplyAtEnd(partial, reply("3"))).toBe(partial);
    const full = thread([{ ids: ["1", "2"] }]);
    expect(addReplyAtEnd(full, reply("2"))).toBe(full);
  });

  it("puts a reply committed late in its place", () => {
    const data = thread([{ ids: ["1", "3"] }]);
    expect(ids(addReplyAtEnd(data, reply("2")))).toEqual([["1", "2", "3"]]);
  });
});

describe("replaceReply", () => {
  it("replaces the reply where it is", () => {
    const data = thread([{ ids: ["1", "2"], next: "c" }, { ids: ["3"] }]);
    const edited = reply("2", { content: "new", editedAt: "2026-11-23T11:00:00.000Z" });
    const next = replaceReply(data, edited);
    expect(ids(next)).toEqual(ids(data));
    expect(next.pages[0]?.items[1]).toBe(edited);
    // The other page is the same object: nothing else re-renders.
    expect(next.pages[1]).toBe(data.pages[1]);
  });

  it("keeps a newer state than the one that arrived late", () => {
    const data = thread([{ ids: ["1"] }]);
    const newer = replaceReply(data, reply("1", { editedAt: "2026-11-23T12:00:00.000Z" }));
    const older = reply("1", { editedAt: "2026-11-23T11:00:00.000Z", content: "old" });
    expect(replaceReply(newer, older)).toBe(newer);
    const deleted = replaceReply(newer, reply("1", { deleted: true, content: "", author: null }));
    expect(replaceReply(deleted, older)).toBe(deleted);
  });

  it("makes answers to a deleted reply name a deleted reply", () => {
    const data = thread([{ ids: ["1", "2"] }]);
    const answer = reply("2", { replyTo: { id: "1", authorDisplayName: "Ann" } });
    const withAnswer = replaceReply(data, answer);
    const next = replaceReply(withAnswer, reply("1", { deleted: true, author: null }));
    expect(next.pages[0]?.items[1]?.replyTo).toEqual({ id: "1", authorDisplayName: null });
  });

  it("changes nothing for a reply that is not loaded", () => {
    const data = thread([{ ids: ["1"] }]);
    expect(replaceReply(data, reply("9"))).toBe(data);
    expect(hasReply(data, "1")).toBe(true);
    expect(hasReply(data, "9")).toBe(false);
  });
});
