// What a toggle asks the database (issue 45's p99): each statement is a round trip that costs the
// server's CPU and the toggle's latency. The site settings are read once a toggle, in the
// statement that reads the member's standing (decision 091), the reaction and its notification
// event are one insert with no transaction (decision 092), and the answer (the post's counts and
// the member's own kinds) is one statement.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { insertReplyRow } from "@/server/test/replies";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type { ReactionState } from "@/shared/reactions";

type Member = Awaited<ReturnType<typeof createMember>>;
let t: TestApp;
let recording: string[] | null = null;
let reader: Member;
let readerWithApp: Member;
let discussionId: string;
let replyId: string;

beforeAll(async () => {
  t = await createTestApp({ logQuery: (text) => recording?.push(text) });
  const author = await createMember(t, { name: "Counted Author" });
  reader = await createMember(t, { name: "Counted Reader" });
  // The two-factor guard reads the settings only for members without an authenticator app.
  readerWithApp = await createMember(t, { name: "Counted App User", secondFactor: true });
  discussionId = await insertDiscussionRow(t.db, {
    title: "A discussion whose toggles are counted",
    authorId: author.id,
  });
  replyId = await insertReplyRow(t.db, discussionId, { authorId: author.id });
});
afterAll(async () => {
  await t.close();
});

async function toggle(member: Member, method: "put" | "delete", path: string) {
  const sent: string[] = [];
  recording = sent;
  try {
    const response = await member.client[method](`/api/reactions/${path}`);
    expect(response.status).toBeLessThan(300);
    return { state: (await response.json()) as ReactionState, sent };
  } finally {
    recording = null;
  }
}

/** Every statement that reads the settings: on their own, or beside the member's role. */
const SETTINGS = /from site_settings/;
const STANDING = /from user_roles/;
const COUNTS = /from reaction_counts/;

describe("a toggle's statements", () => {
  for (const [place, path] of [
    ["an opening post", () => `discussions/${discussionId}/agree`],
    ["a reply", () => `replies/${replyId}/hugs`],
  ] as const) {
    for (const [who, member] of [
      ["without", () => reader],
      ["with", () => readerWithApp],
    ] as const) {
      it(`reads the settings once, with the member, adds with its event in one insert, and answers in one statement, on ${place}, ${who} an authenticator app`, async () => {
        for (const method of ["put", "delete"] as const) {
          const { state, sent } = await toggle(member(), method, path());
          const settingsReads = sent.filter((text) => SETTINGS.test(text));
          expect(settingsReads).toHaveLength(1);
          expect(settingsReads[0]).toMatch(STANDING);
          const answers = sent.filter((text) => COUNTS.test(text));
          expect(answers).toHaveLength(1);
          // The member's own kinds come in the same statement as the counts.
          expect(answers[0]).toMatch(/from reactions r where r\.user_id/);
          expect(sent.filter((text) => /^\s*select r\.kind from reactions/.test(text))).toEqual([]);
          // A reaction and its notification event are one insert (decision 092).
          if (method === "put") {
            const inserts = sent.filter((text) => /insert into reactions/.test(text));
            expect(inserts).toHaveLength(1);
            expect(inserts[0]).toMatch(/insert into notification_outbox/);
          }
          const kind = path().split("/").at(-1);
          expect(state).toEqual(
            method === "put"
              ? { counts: { [kind as string]: 1 }, mine: [kind] }
              : { counts: {}, mine: [] },
          );
        }
      });
    }
  }
});
