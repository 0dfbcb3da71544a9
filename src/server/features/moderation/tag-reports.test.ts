// Reporting a tag (issue 41, docs/decisions/070): through the same route, limits and queue as
// posts; only a tag the tag rule lists to members; in the queue by its name and count, with
// Dismiss and Delete (the CMS's delete, logged, closing its reports); Hide and Suspend refused.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody, Tag } from "@/shared/api-types";
import {
  ALREADY_REPORTED,
  type ModerationQueue,
  type QueueItem,
  REPORT_THANKS,
} from "@/shared/moderation";
import type { NotificationPage } from "@/shared/notifications";
import { TAG_NOT_FOUND } from "@/shared/tags";
import { NOT_FOR_TAGS } from "./actions";

type Member = Awaited<ReturnType<typeof createMember>>;

let t: TestApp;
let ben: Member; // a member who reports
let cat: Member; // another member who reports
let mo: Member; // moderator

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "100" } });
  [ben, cat, mo] = await Promise.all([
    createMember(t, { name: "Ben Reporter" }),
    createMember(t, { name: "Cat Reporter" }),
    createMember(t, { name: "Mo Moderator", role: "moderator" }),
  ]);
});
afterAll(async () => {
  await t.close();
});

const json = async <T>(response: Response) => (await response.json()) as T;
const errorOf = async (response: Response) => (await json<ApiErrorBody>(response)).error;

/** A tag on `discussions` new active discussions (or a hidden one), curated or not. */
async function insertTag(
  name: string,
  options: { curated?: boolean; discussions?: number; onHidden?: boolean } = {},
): Promise<string> {
  const [tag] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into tags (name, curated) values (${name}, ${options.curated ?? false}) returning id`,
  );
  const id = tag?.id ?? "";
  for (let n = 0; n < (options.discussions ?? 0); n += 1) {
    const discussion = await insertDiscussionRow(t.db, { authorId: cat.id });
    await t.db.execute(
      sql`insert into discussion_tags (discussion_id, tag_id) values (${discussion}::uuid, ${id}::uuid)`,
    );
  }
  if (options.onHidden) {
    const discussion = await insertDiscussionRow(t.db, { authorId: cat.id });
    await t.db.execute(
      sql`update discussions set hidden_at = now() where id = ${discussion}::uuid`,
    );
    await t.db.execute(
      sql`insert into discussion_tags (discussion_id, tag_id) values (${discussion}::uuid, ${id}::uuid)`,
    );
  }
  return id;
}

const report = (member: Member, targetId: string, reason = "spam") =>
  member.client.post("/api/moderation/reports", { targetKind: "tag", targetId, reason });

async function queueItem(targetId: string): Promise<QueueItem | undefined> {
  const queue = await json<ModerationQueue>(await mo.client.get("/api/moderation/queue"));
  return queue.items.find((item) => item.targetKind === "tag" && item.targetId === targetId);
}

const act = (targetId: string, body: Record<string, unknown>) =>
  mo.client.post(`/api/moderation/items/tag/${targetId}/actions`, body);

async function openReports(targetId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from reports
        where target_kind = 'tag' and target_id = ${targetId} and resolved_at is null`,
  );
  return Number(row?.n ?? 0);
}

describe("reporting a tag", () => {
  it("a member reports a listed tag once; it is in the queue by its name and count", async () => {
    const id = await insertTag("buy-pills-now", { discussions: 2 });
    expect(
      (
        await createClient(t.app).post("/api/moderation/reports", {
          targetKind: "tag",
          targetId: id,
          reason: "spam",
        })
      ).status,
    ).toBe(401);
    const first = await report(ben, id);
    expect(first.status).toBe(201);
    expect(await json(first)).toEqual({ message: REPORT_THANKS });
    const twice = await report(ben, id, "other");
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).message).toBe(ALREADY_REPORTED);
    expect((await report(cat, id, "harassment")).status).toBe(201);

    expect(await queueItem(id)).toMatchObject({
      reportCount: 2,
      reasons: { spam: 1, harassment: 1 },
      context: {
        tag: { name: "buy-pills-now", discussions: 2 },
        title: null,
        text: "",
        authorId: null,
        authorName: null,
        hidden: false,
        deleted: false,
      },
    });
  });

  it("a curated tag no discussion has yet is listed, so it can be reported", async () => {
    const id = await insertTag("curated-empty", { curated: true });
    expect((await report(ben, id)).status).toBe(201);
  });

  it("an unknown tag, or one only a hidden discussion has (unlisted), is 404 Tag not found", async () => {
    const unlisted = await insertTag("only-hidden", { onHidden: true });
    const unknown = "3f1d7c1e-0000-4000-8000-000000000000";
    for (const targetId of [unlisted, unknown, "not-a-uuid"]) {
      // A moderator sees every tag in the list, but reports as members read it.
      for (const member of [ben, mo]) {
        const response = await report(member, targetId);
        expect(response.status, targetId).toBe(404);
        expect((await errorOf(response)).message).toBe(TAG_NOT_FOUND);
      }
    }
    expect(await openReports(unlisted)).toBe(0);
  });
});

describe("a reported tag in the queue", () => {
  it("Delete removes the tag as the CMS does, closes its reports, is logged and heard of", async () => {
    const id = await insertTag("slur-tag", { discussions: 1 });
    expect((await report(ben, id)).status).toBe(201);
    expect((await report(cat, id)).status).toBe(201);
    expect((await act(id, { action: "delete", reason: "" })).status).toBe(400);
    expect((await ben.client.post(`/api/moderation/items/tag/${id}/actions`, {})).status).toBe(403);

    const response = await act(id, { action: "delete", reason: "A slur" });
    expect(response.status).toBe(200);
    const { id: actionId } = await json<{ id: string }>(response);

    const [left] = await queryRows<{ tags: number; links: number }>(
      t.db,
      sql`select (select count(*)::int from tags where id = ${id}::uuid) as tags,
            (select count(*)::int from discussion_tags where tag_id = ${id}::uuid) as links`,
    );
    expect(left).toEqual({ tags: 0, links: 0 });
    expect((await ben.client.get("/api/tags/slur-tag")).status).toBe(404);

    const reports = await queryRows<{ resolution_id: string | null; resolved: boolean }>(
      t.db,
      sql`select resolution_id, resolved_at is not null as resolved from reports
          where target_kind = 'tag' and target_id = ${id}`,
    );
    expect(reports).toEqual([
      { resolution_id: actionId, resolved: true },
      { resolution_id: actionId, resolved: true },
    ]);
    const logged = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select actor_id, action, target_kind, subject_id, reason from moderation_actions
          where target_id = ${id}`,
    );
    expect(logged).toEqual([
      {
        actor_id: mo.id,
        action: "delete",
        target_kind: "tag",
        subject_id: null,
        reason: "A slur",
      },
    ]);
    expect(await queueItem(id)).toBeUndefined();

    await t.runJobs();
    const heard = (
      await json<NotificationPage>(await ben.client.get("/api/notifications"))
    ).notifications.find((n) => n.kind === "report_outcome" && n.detail === "delete");
    expect(heard).toMatchObject({ actorName: null });

    // Gone now: acting on it again is Tag not found; only dismissing a stale report would do.
    const again = await act(id, { action: "delete", reason: "Again" });
    expect(again.status).toBe(404);
    expect((await errorOf(again)).message).toBe(TAG_NOT_FOUND);
  });

  it("Delete still finds a reported tag that is unlisted since (its one discussion hidden)", async () => {
    const id = await insertTag("gone-quiet", { discussions: 1 });
    expect((await report(ben, id)).status).toBe(201);
    await t.db.execute(
      sql`update discussions set hidden_at = now()
          where id in (select discussion_id from discussion_tags where tag_id = ${id}::uuid)`,
    );
    expect((await report(cat, id)).status).toBe(404);
    expect((await act(id, { action: "delete", reason: "Spam tag" })).status).toBe(200);
    expect(await openReports(id)).toBe(0);
  });

  it("Hide and Suspend the author are refused with a 400 that says why; Dismiss closes the reports", async () => {
    const id = await insertTag("harmless", { discussions: 1 });
    expect((await report(ben, id)).status).toBe(201);
    for (const body of [
      { action: "hide", reason: "Rude" },
      { action: "suspend", reason: "Rude", length: "1d" },
    ]) {
      const refused = await act(id, body);
      expect(refused.status, body.action).toBe(400);
      expect(await errorOf(refused)).toMatchObject({ message: NOT_FOR_TAGS });
    }
    expect(await openReports(id)).toBe(1);
    const [kept] = await queryRows<{ name: string }>(
      t.db,
      sql`select name from tags where id = ${id}::uuid`,
    );
    expect(kept?.name).toBe("harmless");

    expect((await act(id, { action: "dismiss", reason: "A fine tag" })).status).toBe(200);
    expect(await openReports(id)).toBe(0);
    expect((await json<Tag>(await ben.client.get("/api/tags/harmless"))).id).toBe(id);
  });
});
