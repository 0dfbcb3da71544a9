// `npm run backup` and `npm run restore` on the embedded database, as an operator runs them:
// a backup taken while the server runs (through the server, which holds the database) and one
// with it stopped; the first restored into an empty DATA_DIR holds every row and file of the
// site, and a second restore into it is refused.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase } from "../src/server/db/client";
import { fingerprints } from "../src/server/test/fingerprints";
import { ROOT, type Server, startServer } from "./faults/lib/server";

let work: string;
let site: string;
let server: Server | undefined;
const AVATAR = "avatars/someone/avatar.webp";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function run(script: string, dataDir: string, ...args: string[]) {
  return promisify(execFile)(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, script), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
      timeout: 90_000,
    },
  );
}

async function siteFingerprints(dataDir: string) {
  const database = await openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "pg") });
  try {
    return await fingerprints(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "rc-backup-"));
  site = path.join(work, "site");
  server = await startServer({ port: await freePort(), dataDir: site });
  await run("scripts/seed-demo.ts", site);
  await mkdir(path.join(site, "uploads", path.dirname(AVATAR)), { recursive: true });
  await writeFile(path.join(site, "uploads", AVATAR), "not really an image");
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await rm(work, { recursive: true, force: true });
});

it("backs up while the server runs and again once it has stopped; restores into an empty DATA_DIR", async () => {
  const live = path.join(work, "live.jsonl.gz");
  const taken = await run("scripts/backup.ts", site, live);
  expect(taken.stdout).toContain("The server is running: it reads the database for the backup");
  expect(taken.stdout).toMatch(
    /Backup written to .*live\.jsonl\.gz: \d+ rows in \d+ tables, 1 uploaded files\./,
  );
  // Every member's data: the file is its owner's only.
  expect((await stat(live)).mode & 0o077).toBe(0);

  await server?.stop();
  server = undefined;
  const stopped = path.join(work, "stopped.jsonl.gz");
  expect((await run("scripts/backup.ts", site, stopped)).stdout).not.toContain("server is running");
  // Never over an existing file.
  await expect(run("scripts/backup.ts", site, stopped)).rejects.toMatchObject({
    stderr: expect.stringContaining("already exists"),
  });

  const restored = path.join(work, "restored");
  const loaded = await run("scripts/restore.ts", restored, live);
  expect(loaded.stdout).toMatch(/Restored \d+ rows in \d+ tables and 1 uploaded files/);
  expect(await siteFingerprints(restored)).toEqual(await siteFingerprints(site));
  expect(await readFile(path.join(restored, "uploads", AVATAR), "utf8")).toBe(
    "not really an image",
  );
  // The site's own secret came along: its sessions and mailed links stay valid.
  expect(await readFile(path.join(restored, "auth-secret"), "utf8")).toBe(
    await readFile(path.join(site, "auth-secret"), "utf8"),
  );

  await expect(run("scripts/restore.ts", restored, stopped)).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining("already has members or discussions"),
  });
  await expect(
    run("scripts/restore.ts", restored, path.join(work, "nothing")),
  ).rejects.toMatchObject({
    stderr: expect.stringContaining("no such file"),
  });
}, 240_000);
