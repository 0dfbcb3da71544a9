// Migration 0044 on a site that already has members (docs/decisions/073): they keep the digest
// off and are told once, in-app; a member who joins after it starts weekly. Runs the migrations
// up to 0043 on an embedded database, adds a member, then runs the rest.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { createPglite, migrationsFolder, queryRows } from "@/server/db/client";

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The migrations folder as it was before `tag`. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), "rc-migrations-"));
  folders.push(folder);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

async function addMember(db: Db, id: string) {
  await db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
    values (${id}, ${id}, ${`${id}@example.com`}, true, now(), now())`);
}

it("gives members from before it the digest off and one notice; new members weekly", async () => {
  const client = await createPglite();
  const db = drizzle({ client }) as unknown as Db;
  try {
    await migrate(drizzle({ client }), { migrationsFolder: migrationsBefore("0044_digest") });
    await addMember(db, "before-0044");
    await migrate(drizzle({ client }), { migrationsFolder });
    await addMember(db, "after-0044");
    const members = await queryRows<{ id: string; digest: string; notices: number }>(
      db,
      sql`select p.id, p.digest,
            (select count(*)::int from notifications n
              where n.user_id = p.id and n.kind = 'digest_offer') as notices
          from profiles p order by p.id`,
    );
    expect(members).toEqual([
      { id: "after-0044", digest: "weekly", notices: 0 },
      { id: "before-0044", digest: "off", notices: 1 },
    ]);
  } finally {
    await client.close();
  }
  // Every migration from the first: about 24 s of PGlite on this machine.
}, 180_000);
