// The notice on hide and suspend links the rule of the terms it broke (issue 47,
// docs/decisions/082): in the member's notifications and in the mail.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type { NotificationPage } from "@/shared/notifications";

type Member = Awaited<ReturnType<typeof createMember>>;

let t: TestApp;
let ana: Member;
let ben: Member;
let mo: Member;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "100" } });
  [ana, ben, mo] = await Promise.all([
    createMember(t, { name: "Ana Writer" }),
    createMember(t, { name: "Ben Reporter" }),
    createMember(t, { name: "Mo Moderator", role: "moderator" }),
  ]);
});
afterAll(async () => {
  await t.close();
});

async function newestNotice(member: Member) {
  await t.runJobs();
  const page = (await (await member.client.get("/api/notifications")).json()) as NotificationPage;
  return page.notifications.find((n) => n.kind === "moderation_action");
}

describe("the notice on hide and suspend links the terms", () => {
  it("a hide cites the rule the reports name when the moderator chose none", async () => {
    const id = await insertDiscussionRow(t.db, { authorId: ana.id, title: "Buy cheap pills" });
    await ben.client.post("/api/moderation/reports", {
      targetKind: "discussion",
      targetId: id,
      reason: "spam",
    });
    const hidden = await mo.client.post(`/api/moderation/items/discussion/${id}/actions`, {
      action: "hide",
      reason: "Advertising",
    });
    expect(hidden.status).toBe(200);
    const [row] = await queryRows<{ rule: string | null }>(
      t.db,
      sql`select rule from moderation_actions where target_id = ${id} and action = 'hide'`,
    );
    expect(row?.rule).toBe("spam");

    const notice = await newestNotice(ana);
    expect(notice?.moderation).toMatchObject({
      action: "hide",
      reason: "Advertising",
      rule: "spam",
    });
    const mail = await t.mailbox.latest(ana.email);
    expect(mail).toContain("The rule: No spam or advertising: http");
    expect(mail).toMatch(/https?:\/\/[^/\s]+\/terms#rule-spam/);
  });

  it("a suspension cites the rule the moderator chose, in the list and the mail", async () => {
    const suspended = await mo.client.post(`/api/moderation/members/${ben.id}/suspensions`, {
      reason: "Threats in messages",
      rule: "harassment",
      length: "1d",
    });
    expect(suspended.status).toBe(201);
    const notice = await newestNotice(ben);
    expect(notice?.moderation).toMatchObject({ action: "suspend", rule: "harassment" });
    const mail = await t.mailbox.latest(ben.email);
    expect(mail).toContain("The rule: No harassment, threats or hate: http");
    expect(mail).toMatch(/\/terms#rule-harassment/);
  });

  it("refuses a rule the terms do not have", async () => {
    const id = await insertDiscussionRow(t.db, { authorId: ana.id });
    const refused = await mo.client.post(`/api/moderation/items/discussion/${id}/actions`, {
      action: "hide",
      reason: "Because",
      rule: "being-boring",
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { fields: { rule: "Choose a rule of the terms" } },
    });
  });
});
