// New members' limits through the API (issue 17, docs/decisions/031): 3 discussions and 10
// replies an hour and at most 2 links a post while the account is under 24 hours old or has
// fewer than 3 posts; staff are exempt. The 15- and 5-second limits (docs/product.md §9.5) are
// reset between posts here, so that only the hourly counts decide.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { insertReplyRow } from "@/server/test/replies";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody, ReplyItem } from "@/shared/api-types";
import {
  countLinks,
  NEW_MEMBER_DISCUSSIONS_MESSAGE,
  NEW_MEMBER_LINKS_MESSAGE,
  NEW_MEMBER_REPLIES_MESSAGE,
} from "@/shared/new-members";
import type { Role } from "@/shared/permissions";

type Member = Awaited<ReturnType<typeof createMember>>;
let t: TestApp;
let thread: string;

beforeAll(async () => {
  // Multiplier 1: the limits as members meet them.
  t = await createTestApp();
  thread = await insertDiscussionRow(t.db, { title: "Where replies go" });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await queryRows(t.db, sql`delete from rate_limit_hits`);
});

/** The short per-post limits forgotten, as if the member had waited a few seconds. */
async function waitOutShortLimits() {
  await queryRows(
    t.db,
    sql`delete from rate_limit_hits where key like 'discussion-create|%' or key like 'reply-create|%'`,
  );
}

/** A member whose account is `ageHours` old and who has `posts` active discussions. */
async function memberAged(ageHours: number, posts: number, role: Role = "user"): Promise<Member> {
  const member = await createMember(t, { role });
  await queryRows(
    t.db,
    sql`update "user" set created_at = now() - make_interval(secs => ${ageHours * 3600})
        where id = ${member.id}`,
  );
  for (let i = 0; i < posts; i++) await insertDiscussionRow(t.db, { authorId: member.id });
  return member;
}

const discussion = (member: Member, content = "Something to say.") =>
  member.client.post("/api/discussions", {
    category: "rants-and-vents",
    title: "A new member's thought",
    content,
  });

const reply = (member: Member, content = "A reply.") =>
  member.client.post(`/api/discussions/${thread}/replies`, { content });

async function expectRefused(answer: Response, status: number, message: string) {
  expect(answer.status).toBe(status);
  const body = (await answer.json()) as ApiErrorBody;
  expect(body.error.message).toBe(message);
  return body;
}

describe("the hourly counts", () => {
  it("lets a new member start 3 discussions an hour, then answers 429 with a readable text", async () => {
    const member = await memberAged(0, 0);
    for (let i = 0; i < 3; i++) {
      await waitOutShortLimits();
      expect((await discussion(member)).status).toBe(201);
    }
    await waitOutShortLimits();
    const refused = await discussion(member);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    const body = await expectRefused(refused, 429, NEW_MEMBER_DISCUSSIONS_MESSAGE);
    expect(body.error.code).toBe("RATE_LIMITED");
  });

  it("lets a new member post 10 replies an hour, then answers 429", async () => {
    const member = await memberAged(0, 0);
    for (let i = 0; i < 10; i++) {
      await waitOutShortLimits();
      expect((await reply(member)).status).toBe(201);
    }
    await waitOutShortLimits();
    await expectRefused(await reply(member), 429, NEW_MEMBER_REPLIES_MESSAGE);
  });

  it("does not count an established member's posts", async () => {
    const member = await memberAged(48, 3);
    for (let i = 0; i < 4; i++) {
      await waitOutShortLimits();
      expect((await discussion(member)).status).toBe(201);
    }
    for (let i = 0; i < 11; i++) {
      await waitOutShortLimits();
      expect((await reply(member)).status).toBe(201);
    }
  });

  for (const role of ["author", "moderator", "admin"] as const) {
    it(`does not count a new ${role}'s posts (staff are exempt)`, async () => {
      const member = await memberAged(0, 0, role);
      for (let i = 0; i < 4; i++) {
        await waitOutShortLimits();
        expect((await discussion(member)).status).toBe(201);
      }
      await waitOutShortLimits();
      expect(
        (await reply(member, "https://a.example https://b.example https://c.example")).status,
      ).toBe(201);
    });
  }
});

describe("links", () => {
  const three = "See https://a.example, http://b.example/x and HTTPS://c.example?y=1";
  const two = "See https://a.example and http://b.example/x, but example.com is no link";

  it("counts web addresses", () => {
    expect(countLinks(three)).toBe(3);
    expect(countLinks(two)).toBe(2);
    expect(countLinks("http:// alone, ftp://x.example, mailto:a@b.example")).toBe(0);
  });

  it("refuses a new member's discussion or reply with more than 2 links, naming the field", async () => {
    const member = await memberAged(0, 0);
    const body = await expectRefused(
      await discussion(member, three),
      400,
      NEW_MEMBER_LINKS_MESSAGE,
    );
    expect(body.error.fields).toEqual({ content: NEW_MEMBER_LINKS_MESSAGE });
    await expectRefused(await reply(member, three), 400, NEW_MEMBER_LINKS_MESSAGE);
    // A link in the title counts too.
    const titled = await member.client.post("/api/discussions", {
      category: "rants-and-vents",
      title: "Read https://t.example",
      content: two,
    });
    await expectRefused(titled, 400, NEW_MEMBER_LINKS_MESSAGE);
    // Refused posts use up nothing: two links go through straight away.
    expect((await discussion(member, two)).status).toBe(201);
    expect((await reply(member, two)).status).toBe(201);
  });

  it("holds a new member's reply edit to the same limit", async () => {
    const member = await memberAged(0, 0);
    const posted = (await (await reply(member, two)).json()) as ReplyItem;
    await expectRefused(
      await member.client.patch(`/api/replies/${posted.id}`, { content: three }),
      400,
      NEW_MEMBER_LINKS_MESSAGE,
    );
    expect((await member.client.patch(`/api/replies/${posted.id}`, { content: two })).status).toBe(
      200,
    );
  });

  it("lets an established member link freely", async () => {
    const member = await memberAged(25, 3);
    expect((await discussion(member, three)).status).toBe(201);
    await waitOutShortLimits();
    expect((await reply(member, three)).status).toBe(201);
  });
});

describe("who counts as new", () => {
  const limited = async (member: Member) =>
    (await discussion(member, "https://a.example https://b.example https://c.example")).status ===
    400;

  it("a day old with 3 posts is established; a minute younger, or a post fewer, is new", async () => {
    expect(await limited(await memberAged(24 + 1 / 60, 3))).toBe(false);
    expect(await limited(await memberAged(24 - 1 / 60, 3))).toBe(true);
    expect(await limited(await memberAged(24 + 1 / 60, 2))).toBe(true);
  });

  it("counts replies as posts, but not deleted ones", async () => {
    const member = await memberAged(30, 1);
    await insertReplyRow(t.db, thread, { authorId: member.id });
    await insertReplyRow(t.db, thread, { authorId: member.id, deleted: true });
    expect(await limited(member)).toBe(true);
    await insertReplyRow(t.db, thread, { authorId: member.id });
    expect(await limited(member)).toBe(false);
  });
});
