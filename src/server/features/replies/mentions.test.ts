// Mentions (docs/decisions/020): a `@[label](member-id)` token in a reply stays a mention only
// for a verified member with a public profile; the member's id is stored (reply_mentions), the
// label becomes their display name, and every other token is left as plain `@label`.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { profiles, user } from "@/server/db/schema";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember, uniqueEmail } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { ReplyItem } from "@/shared/api-types";
import { MAX_MENTIONS_PER_REPLY } from "@/shared/constants";
import { mentionToken } from "@/shared/mentions";

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let writer: Member;
let publicMember: Member;
let privateMember: Member;
let thread: string;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  writer = await createMember(t, { name: "Wanda Writer" });
  publicMember = await createMember(t, { name: "Paula Public" });
  privateMember = await createMember(t, { name: "Pierre Private" });
  await t.db.update(profiles).set({ isPublic: false }).where(eq(profiles.id, privateMember.id));
  thread = await insertDiscussionRow(t.db);
});
afterAll(async () => {
  await t.close();
});

async function reply(content: string): Promise<ReplyItem> {
  const response = await writer.client.post(`/api/discussions/${thread}/replies`, { content });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as ReplyItem;
}

async function storedMentions(replyId: string): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(
    t.db,
    sql`select user_id from reply_mentions where reply_id = ${replyId}::uuid order by user_id`,
  );
  return rows.map((row) => row.user_id);
}

/** An account that signed up but never confirmed its email (so it has no profile). */
async function unverifiedAccount(): Promise<string> {
  const email = uniqueEmail("unverified");
  const response = await createClient(t.app, "10.9.9.9").post("/api/auth/sign-up/email", {
    name: "Una Unverified",
    email,
    password: "a long password",
  });
  expect(response.ok).toBe(true);
  const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error("no account");
  return row.id;
}

describe("mentions in a reply", () => {
  it("keep a public, verified member's id, with their display name as the label", async () => {
    const item = await reply(`Agreed, @[paula](${publicMember.id})!`);
    expect(item.content).toBe(`Agreed, @[Paula Public](${publicMember.id})!`);
    expect(item.mentions).toEqual([{ id: publicMember.id, displayName: "Paula Public" }]);
    expect(await storedMentions(item.id)).toEqual([publicMember.id]);
  });

  it("leave private, unverified and unknown members as plain text, and store nothing", async () => {
    const unverified = await unverifiedAccount();
    const item = await reply(
      `@[Pierre](${privateMember.id}) @[Una](${unverified}) @[Ghost](no-such-member) and @[P](${publicMember.id})`,
    );
    expect(item.content).toBe(`@Pierre @Una @Ghost and @[Paula Public](${publicMember.id})`);
    expect(item.mentions.map((mention) => mention.id)).toEqual([publicMember.id]);
    expect(await storedMentions(item.id)).toEqual([publicMember.id]);
    expect(item.content).not.toContain(privateMember.id);
  });

  it("store each member once", async () => {
    const item = await reply(`@[a](${publicMember.id}) and again @[b](${publicMember.id})`);
    expect(item.mentions).toHaveLength(1);
    expect(await storedMentions(item.id)).toEqual([publicMember.id]);
  });

  it(`keep at most ${MAX_MENTIONS_PER_REPLY} members; further tokens stay text`, async () => {
    const crowd: string[] = [];
    for (let i = 0; i <= MAX_MENTIONS_PER_REPLY; i++) {
      crowd.push((await createMember(t, { name: `Crowd ${i}` })).id);
    }
    const item = await reply(crowd.map((id, i) => `@[c${i}](${id})`).join(" "));
    expect(await storedMentions(item.id)).toEqual(crowd.slice(0, MAX_MENTIONS_PER_REPLY).sort());
    expect(item.content.endsWith(` @c${MAX_MENTIONS_PER_REPLY}`)).toBe(true);
  });

  it("leave no unchecked token when text around a refused one closes into a new one", async () => {
    const item = await reply(`@[x@[y](no-such-member)](${privateMember.id})`);
    expect(item.mentions).toEqual([]);
    expect(item.content).not.toMatch(/\]\(/);
    expect(await storedMentions(item.id)).toEqual([]);
  });

  it("drop from the answer a member who turns private later; the stored id stays", async () => {
    const later = await createMember(t, { name: "Later Private" });
    const item = await reply(`cc @[L](${later.id})`);
    expect(item.mentions).toHaveLength(1);
    await t.db.update(profiles).set({ isPublic: false }).where(eq(profiles.id, later.id));
    const again = (await (
      await createClient(t.app).get(`/api/replies/${item.id}`)
    ).json()) as ReplyItem;
    expect(again.mentions).toEqual([]);
    expect(await storedMentions(item.id)).toEqual([later.id]);
  });

  it("follow edits: mentions taken out go, new ones are stored", async () => {
    const second = await createMember(t, { name: "Second Person" });
    const item = await reply(`@[p](${publicMember.id})`);
    const response = await writer.client.patch(`/api/replies/${item.id}`, {
      content: `Actually @[s](${second.id})`,
    });
    const edited = (await response.json()) as ReplyItem;
    expect(edited.mentions).toEqual([{ id: second.id, displayName: "Second Person" }]);
    expect(await storedMentions(item.id)).toEqual([second.id]);
  });

  it("go with a deleted reply's words (the rows stay for a restore)", async () => {
    const item = await reply(`@[p](${publicMember.id})`);
    expect((await writer.client.delete(`/api/replies/${item.id}`)).status).toBe(204);
    const deleted = (await (
      await createClient(t.app).get(`/api/replies/${item.id}`)
    ).json()) as ReplyItem;
    expect(deleted).toMatchObject({ content: "", mentions: [] });
  });
});

describe("mentionToken", () => {
  it("keeps brackets, line breaks, < and > out of the label and cuts it to 100 characters", () => {
    expect(mentionToken("Bob [Admin]\n<b>", "id_1")).toBe("@[Bob Admin b](id_1)");
    expect(mentionToken("[]", "id_2")).toBe("@[member](id_2)");
    expect(mentionToken("n".repeat(150), "id_3")).toBe(`@[${"n".repeat(100)}](id_3)`);
  });
});
