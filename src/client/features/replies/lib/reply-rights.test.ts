import { describe, expect, it } from "vitest";
import type { ReplyItem } from "@/shared/api-types";
import { mayChangeReply, mayReply, replyChangeRight } from "./reply-rights";

const reply = (authorId: string | null, deleted = false): ReplyItem => ({
  id: "r",
  discussionId: "d",
  seq: 1,
  author: deleted ? null : { id: authorId, displayName: "Ann", avatarUrl: null },
  content: deleted ? "" : "hi",
  createdAt: "2026-11-23T10:00:00.000Z",
  editedAt: null,
  editedByModerator: false,
  deleted,
  hidden: false,
  replyTo: null,
  mentions: [],
});

const member = { id: "m", role: "user" } as const;
const author = { id: "au", role: "author" } as const;
const moderator = { id: "mod", role: "moderator" } as const;
const admin = { id: "ad", role: "admin" } as const;

describe("mayReply", () => {
  it("lets members reply, and only moderators and admins in a locked discussion", () => {
    const open = { isLocked: false };
    const locked = { isLocked: true };
    expect(mayReply(null, open)).toBe(false);
    expect([member, author, moderator, admin].map((viewer) => mayReply(viewer, open))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([member, author, moderator, admin].map((viewer) => mayReply(viewer, locked))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});

describe("mayChangeReply", () => {
  it("lets the author, moderators and admins change a reply that is not deleted", () => {
    expect(mayChangeReply(member, reply("m"))).toBe(true);
    expect(mayChangeReply(member, reply("someone"))).toBe(false);
    expect(mayChangeReply(author, reply("someone"))).toBe(false);
    expect(mayChangeReply(moderator, reply("someone"))).toBe(true);
    expect(mayChangeReply(admin, reply(null))).toBe(true);
    expect(mayChangeReply(member, reply(null))).toBe(false);
    expect(mayChangeReply(null, reply("m"))).toBe(false);
    expect(mayChangeReply(admin, reply("someone", true))).toBe(false);
  });

  it("keeps moderators off an admin's reply; admins change anyone's (decision 048)", () => {
    const adminsReply = { ...reply("another-admin"), authorIsAdmin: true } as const;
    expect(replyChangeRight(moderator, adminsReply)).toBeNull();
    expect(replyChangeRight(admin, adminsReply)).toBe("moderator");
    expect(replyChangeRight(moderator, reply("someone"))).toBe("moderator");
    expect(replyChangeRight(moderator, reply("mod"))).toBe("author");
    expect(replyChangeRight(admin, { ...reply("ad"), authorIsAdmin: true })).toBe("author");
  });
});
