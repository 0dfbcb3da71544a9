// What a member's page asks the database (issue 48): each statement is a round trip that costs
// the server's CPU and the database's, on every signed-in page. The session and its member come
// in one statement (better-auth's joins), and what several parts of a page need (the member's
// blocks, the site settings) is read once per request, never kept for the next one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { builtClient, TEST_SHELL } from "@/server/test/built-client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { insertThread } from "@/server/test/replies";
import { createTestApp, type TestApp } from "@/server/test/test-app";

let t: TestApp;
let app: ReturnType<typeof createApp>;
let recording: string[] | null = null;
let author: Awaited<ReturnType<typeof createMember>>;
let reader: Awaited<ReturnType<typeof createMember>>;
let discussionId: string;

beforeAll(async () => {
  t = await createTestApp({ logQuery: (text) => recording?.push(text) });
  app = createApp(t.deps, { staticFiles: builtClient(TEST_SHELL) });
  author = await createMember(t, { name: "Counted Author" });
  reader = await createMember(t, { name: "Counted Reader" });
  discussionId = await insertDiscussionRow(t.db, {
    title: "A discussion read by a member",
    authorId: author.id,
  });
  await insertThread(t.db, discussionId, 3, { authorId: author.id });
});
afterAll(async () => {
  await t.close();
});

/** The page's HTML as `member` gets it, and the statements the request sent. */
async function pageFor(path: string, member: typeof reader) {
  const cookie = [...member.client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const sent: string[] = [];
  recording = sent;
  try {
    const response = await app.request(path, { headers: { cookie } });
    expect(response.status).toBe(200);
    return { html: await response.text(), sent };
  } finally {
    recording = null;
  }
}

// The statements themselves, not another that mentions the table in a subquery.
const BLOCKS = /^\s*select blocked_id from member_blocks/;
/** Every statement that reads the settings: on their own, or beside the member's role. */
const SETTINGS = /from site_settings/;
const STANDING = /from user_roles/;

const count = (sent: string[], pattern: RegExp) => sent.filter((text) => pattern.test(text)).length;

describe("a member's discussion page", () => {
  it("finds the session and its member in one statement", async () => {
    const { sent } = await pageFor(`/discussion/${discussionId}`, reader);
    expect(count(sent, /from "session"/)).toBe(1);
    // better-auth's fallback asked for the member on its own, after the session.
    expect(sent.filter((text) => /from "user"/.test(text) && !/from "session"/.test(text))).toEqual(
      [],
    );
  });

  it("reads the member's blocks and the site settings once, for the opening post and the thread", async () => {
    const { sent } = await pageFor(`/discussion/${discussionId}`, reader);
    expect(count(sent, BLOCKS)).toBe(1);
    expect(count(sent, SETTINGS)).toBe(1);
    // With the member's role and suspension, not in a statement of its own (decision 091).
    expect(sent.filter((text) => SETTINGS.test(text))[0]).toMatch(STANDING);
  });

  it("reads the member's name and picture with their standing, not on their own", async () => {
    const { sent, html } = await pageFor(`/discussion/${discussionId}`, reader);
    expect(sent.filter((text) => /from "?profiles"? where/.test(text))).toHaveLength(1);
    expect(sent.filter((text) => /from "?profiles"? where/.test(text))[0]).toMatch(STANDING);
    expect(html).toContain("Counted Reader");
  });

  it("reads them again on the next request: a block made between two pages marks the author's posts", async () => {
    const before = await pageFor(`/discussion/${discussionId}`, reader);
    expect(before.html).not.toContain('"authorBlocked":true');
    expect((await reader.client.put(`/api/blocks/${author.id}`)).status).toBe(200);
    const after = await pageFor(`/discussion/${discussionId}`, reader);
    expect(count(after.sent, BLOCKS)).toBe(1);
    expect(after.html).toContain('"authorBlocked":true');
    expect((await reader.client.delete(`/api/blocks/${author.id}`)).status).toBe(200);
  });
});
