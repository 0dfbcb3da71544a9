// The one-time notice that the digest exists (issue 43): migration 0044 writes a `digest_offer`
// entry, with no discussion and no actor, for every member who was there before it. The
// notification list takes kinds as an open list, so the bell shows it and leads to the setting.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember } from "@/server/test/factories";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import { DIGEST_OFFER_KIND } from "@/shared/digest";
import {
  type NotificationPage,
  notificationPath,
  notificationText,
  type UnreadCount,
} from "@/shared/notifications";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("the digest offer", () => {
  it("is listed and counted as unread like any entry, and leads to the digest setting", async () => {
    const member = await createMember(t);
    // As the migration writes it.
    await t.db.execute(
      sql`insert into notifications (user_id, kind) values (${member.id}, ${DIGEST_OFFER_KIND})`,
    );
    const unread = (await (
      await member.client.get("/api/notifications/unread-count")
    ).json()) as UnreadCount;
    expect(unread.unread).toBe(1);
    const answer = await member.client.get("/api/notifications");
    expect(answer.status).toBe(200);
    const [entry] = ((await answer.json()) as NotificationPage).notifications;
    expect(entry).toMatchObject({
      kind: DIGEST_OFFER_KIND,
      actorName: null,
      discussion: null,
      replyId: null,
      read: false,
    });
    if (!entry) throw new Error("no entry");
    expect(notificationPath(entry)).toBe("/settings#digest");
    expect(notificationText(entry)).toMatch(/^New: a digest of what you missed, by email\./);
  });
});
