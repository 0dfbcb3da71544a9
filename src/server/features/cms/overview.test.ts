import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CmsOverview } from "../../../shared/api-types";
import { insertDiscussionRow } from "../../test/discussions";
import { createStaffClients, insertPost, type StaffClients } from "../../test/staff-area";
import { createTestApp, type TestApp } from "../../test/test-app";

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

it("counts published posts, active discussions and every comment", async () => {
  // The seed: six published sample posts, no discussions, no comments.
  expect(await overview()).toEqual({ totalPosts: 6, discussions: 0, engagement: 0 });

  await insertPost(t.db, { status: "published" });
  await insertPost(t.db, { status: "draft" });
  const active = await insertDiscussionRow(t.db);
  await insertDiscussionRow(t.db);
  await insertDiscussionRow(t.db, { status: "deleted" });
  await t.db.execute(
    sql`insert into discussion_comments (discussion_id, content)
        values (${active}::uuid, 'one'), (${active}::uuid, 'two'), (${active}::uuid, 'three')`,
  );

  expect(await overview()).toEqual({ totalPosts: 7, discussions: 2, engagement: 3 });
});
