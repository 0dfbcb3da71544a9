// The backup round trip (lib/backup.ts): a populated site is backed up and restored into a new,
// empty database and store; every table's row count and checksum match, the restored site
// serves the avatar and lets its members sign in, and what a restore must refuse, it refuses.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { type Database, type Db, queryRows } from "@/server/db/client";
import { createDeps } from "@/server/deps";
import { avatarAccess } from "@/server/features/profiles/avatar-access";
import { BackupError, restoreBackup, writeBackup } from "@/server/lib/backup";
import { diskStorage, type FileStorage } from "@/server/lib/storage";
import { uploadsRoutes } from "@/server/lib/uploads";
import { insertDiscussionRow } from "./discussions";
import { createMember } from "./factories";
import { fingerprints } from "./fingerprints";
import { insertThread } from "./replies";
import { createClient, createTestApp, TEST_SITE_URL, type TestApp } from "./test-app";
import { openTestDatabase } from "./test-database";

let t: TestApp;
let member: Awaited<ReturnType<typeof createMember>>;
let lines: string[];
const opened: Array<{ database: Database; directory: string }> = [];

beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t, { name: "Backed Up", password: "restored password 1" });
  const other = await createMember(t, { name: "Replier" });
  const discussionId = await insertDiscussionRow(t.db, {
    title: "Kept in the backup",
    authorId: member.id,
  });
  await insertThread(t.db, discussionId, 7, { authorId: other.id });
  // Issue 41's tables: a tag on the discussion (its counts kept by triggers, restored as they
  // are) and a member following a category.
  await t.db.execute(sql`insert into tags (name, curated) values ('kept', true)`);
  await t.db.execute(
    sql`insert into discussion_tags (discussion_id, tag_id)
        select ${discussionId}::uuid, id from tags where name = 'kept'`,
  );
  await t.db.execute(
    sql`insert into category_follows (category_id, user_id, state)
        select id, ${other.id}, 'following' from categories order by position limit 1`,
  );
  // Issue 42's: a read position and a category marked read.
  await t.db.execute(
    sql`insert into read_positions (user_id, discussion_id, last_read_seq, seen_count)
        values (${member.id}, ${discussionId}::uuid, 3, 3)`,
  );
  await t.db.execute(
    sql`insert into category_read_marks (user_id, category_id)
        select ${member.id}, id from categories order by position limit 1`,
  );
  // Issue 46: an Online Safety Act record's versions (decision 076), the regulator's set.
  await t.db.execute(
    sql`insert into online_safety_record_versions
          (record_key, version, content, saved_by, saved_by_name)
        values ('risk:hate', 1, '{"riskLevel":"low"}', ${member.id}, 'Backed Up'),
               ('risk:hate', 2, '{"riskLevel":"medium"}', ${member.id}, 'Backed Up')`,
  );
  // Issue 42: a member's bookmark of the discussion, with a note and a reminder still to come.
  await t.db.execute(
    sql`insert into bookmarks (user_id, discussion_id, note, remind_at)
        values (${other.id}, ${discussionId}::uuid, 'Read again', now() + interval '1 day')`,
  );
  // Issue 45: a reaction to the discussion, its count kept by the trigger (restored as it is).
  await t.db.execute(
    sql`insert into reactions (user_id, discussion_id, kind)
        values (${other.id}, ${discussionId}::uuid, 'hugs')`,
  );
  // Issue 43: a digest delivery. Its id is GENERATED ALWAYS (as a newsletter delivery's is),
  // which a plain insert of the backed-up id is refused.
  await t.db.execute(
    sql`insert into digest_deliveries (user_id, period, since, status, sent_at)
        values (${member.id}, 'weekly:2026-11-23', now() - interval '7 days', 'sent', now())`,
  );
  // Issue 47: a complaint (decision 081), with its owner and its due date.
  await t.db.execute(
    sql`insert into complaints (kind, email, user_id, message, owner_id, due_at)
        values ('duties', 'someone@example.com', null, 'No accountable person',
          ${member.id}, now() + interval '30 days')`,
  );
  await t.runJobs();
  const avatar = await sharp({
    create: { width: 300, height: 300, channels: 3, background: { r: 1, g: 2, b: 3 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("avatar", new Blob([avatar], { type: "image/png" }), "a.png");
  const upload = await t.app.request(`${TEST_SITE_URL}/api/profiles/me/avatar`, {
    method: "PUT",
    body: form,
    headers: {
      origin: TEST_SITE_URL,
      cookie: [...member.client.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    },
  });
  expect(upload.status).toBe(200);
  lines = await backupLines(t.db, t.deps.storage);
});

afterAll(async () => {
  await t.close();
  for (const { database, directory } of opened) {
    await database.close();
    await rm(directory, { recursive: true, force: true });
  }
});

async function backupLines(db: Db, storage: FileStorage): Promise<string[]> {
  let text = "";
  await writeBackup(db, storage, async (line) => {
    text += line;
  });
  return text.split("\n").filter(Boolean);
}

async function* each(items: string[]) {
  yield* items;
}

/** A new site's empty database (migrated and seeded as at a first start) and store. */
async function emptySite() {
  const database = await openTestDatabase();
  const directory = await mkdtemp(path.join(tmpdir(), "rc-restore-"));
  opened.push({ database, directory });
  return { database, db: database.db, directory, storage: diskStorage(directory) };
}

describe("backup and restore", () => {
  it("round-trips every table and every upload", async () => {
    const before = await fingerprints(t.db);
    // The site has what a real one has: members, sessions, a thread, an avatar.
    for (const table of [
      "user",
      "session",
      "profiles",
      "discussions",
      "discussion_replies",
      "categories",
      "tags",
      "discussion_tags",
      "category_follows",
      "read_positions",
      "category_read_marks",
      "bookmarks",
      "reactions",
      "reaction_counts",
      "online_safety_record_versions",
      "digest_deliveries",
      "complaints",
    ]) {
      expect(Number(before[table]?.split(" ")[0]), table).toBeGreaterThan(0);
    }
    const target = await emptySite();
    const summary = await restoreBackup(target.db, target.storage, each(lines));
    expect(summary.files).toBe(1);
    expect(summary.tables.discussion_replies).toBe(7);
    expect(summary.tables.category_follows).toBe(1);
    expect(summary.tables.read_positions).toBe(1);
    // Numbers count on from the restored rows: a new reply is after every restored one, so no
    // read position counts it as read (decision 071).
    const [restored] = await queryRows<{ top: string; next: string }>(
      target.db,
      sql`select (select max(seq) from discussion_replies)::text as top,
          nextval(pg_get_serial_sequence('discussion_replies', 'seq'))::text as next`,
    );
    expect(Number(restored?.next)).toBe(Number(restored?.top) + 1);
    expect(summary.tables.bookmarks).toBe(1);
    expect(summary.tables.reactions).toBe(1);
    // Restored without triggers: the count is the row's, not counted again.
    const [reacted] = await queryRows<{ n: number; received: number }>(
      target.db,
      sql`select (select count from reaction_counts) as n,
            (select reactions_received from profiles where id = ${member.id}) as received`,
    );
    expect(reacted).toEqual({ n: 1, received: 1 });
    expect(summary.tables.online_safety_record_versions).toBe(2);
    expect(summary.tables.complaints).toBe(1);
    // The digest delivery keeps its id, and the next one takes the number after it.
    expect(summary.tables.digest_deliveries).toBe(1);
    const [delivery] = await queryRows<{ id: number }>(
      target.db,
      sql`insert into digest_deliveries (user_id, period, since)
          values (${member.id}, 'weekly:2026-11-30', now()) returning id`,
    );
    expect(Number(delivery?.id)).toBe(2);
    await target.db.execute(sql`delete from digest_deliveries where period = 'weekly:2026-11-30'`);
    // Restored without triggers: the tag's count is the row's, not counted again.
    const [tag] = await queryRows<{ n: number }>(
      target.db,
      sql`select discussions_count as n from tags where name = 'kept'`,
    );
    expect(tag?.n).toBe(1);
    expect(await fingerprints(target.db)).toEqual(before);

    // The restored site works: its member signs in, and the avatar is served.
    const env = { ...t.env, dataDir: target.directory };
    const deps = createDeps({
      env,
      database: target.database,
      clientIp: () => "127.0.0.1",
      storage: target.storage,
      printMailLinks: false,
    });
    const app = createApp(deps, { uploads: uploadsRoutes(deps.storage, avatarAccess) });
    const client = createClient(app);
    const signIn = await client.post("/api/auth/sign-in/email", {
      email: member.email,
      password: "restored password 1",
    });
    expect(signIn.status).toBe(200);
    const profile = (await (await client.get(`/api/profiles/${member.id}`)).json()) as {
      profile: { avatarUrl: string };
    };
    const avatar = await app.request(profile.profile.avatarUrl);
    expect(avatar.status).toBe(200);
    expect((await sharp(Buffer.from(await avatar.arrayBuffer())).metadata()).width).toBe(256);
    await deps.live.close();
  });

  it("refuses a database that already has a site, and leaves it as it was", async () => {
    const target = await emptySite();
    await insertDiscussionRow(target.db, { title: "Someone's own" });
    const before = await fingerprints(target.db);
    await expect(restoreBackup(target.db, target.storage, each(lines))).rejects.toThrow(
      /already has members or discussions/,
    );
    expect(await fingerprints(target.db)).toEqual(before);
  });

  it("refuses a file cut short, a file that is no backup, and another version's", async () => {
    const target = await emptySite();
    const before = await fingerprints(target.db);
    const cases: Array<[string[], RegExp]> = [
      [lines.slice(0, -1), /incomplete/],
      [['{"hello":"world"}'], /not a backup/],
      [
        [lines[0]?.replace(/"migrations":\d+/, '"migrations":3') ?? "", ...lines.slice(1)],
        /3 database migrations/,
      ],
    ];
    for (const [input, message] of cases) {
      const attempt = restoreBackup(target.db, target.storage, each(input));
      await expect(attempt).rejects.toThrow(BackupError);
      await expect(restoreBackup(target.db, target.storage, each(input))).rejects.toThrow(message);
      // Rolled back whole: the seeded first-start content is still there, nothing else.
      expect(await fingerprints(target.db)).toEqual(before);
    }
  });
});
