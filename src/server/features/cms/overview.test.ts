import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createStaffClients, insertPost, type StaffClients } from "@/server/test/staff-area";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type { CmsOverview } from "@/shared/api-types";

let t: TestApp;
let clients: StaffClients;
beforeAll(async () => {
  t = await createTestApp();
  clients = await createStaffClients(t);
});
afterAll(async () => {
  await t.close();
});

const overview = async () =>
  (await (await clients.author.get("/api/cms/overview")).json()) as CmsOverview;

it("counts published posts, active discussions and the replies anyone can read", async () => {
  // The seed: six published sample posts, no discussions, no replies.
  expect(await overview()).toEqual({ totalPosts: 6, discussions: 0, engagement: 0 });

  await insertPost(t.db, { status: "published" });
  await insertPost(t.db, { status: "draft" });
  const active = await insertDiscussionRow(t.db);
  await insertDiscussionRow(t.db);
  const removed = await insertDiscussionRow(t.db, { status: "deleted" });
  await t.db.execute(
    sql`insert into discussion_replies (discussion_id, content, deleted_at)
        values (${active}::uuid, 'one', null), (${active}::uuid, 'two', null),
          (${active}::uuid, 'three', null), (${active}::uuid, 'deleted', now()),
          (${removed}::uuid, 'in a removed discussion', null)`,
  );

  expect(await overview()).toEqual({ totalPosts: 7, discussions: 2, engagement: 3 });
});
