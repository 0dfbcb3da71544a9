// DATA_DIR and everything in it are readable by the server's own user only, checked on real
// processes: what the server creates (the embedded database and its WAL, the auth secret,
// uploads, mail), what an older version left world-readable (fixed at the next start), and
// what `npm run role` creates when it opens the database itself.
import { spawn } from "node:child_process";
import { chmod, lstat, mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ROOT, startServer } from "../../../../scripts/faults/lib/server";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "rc-data-dir-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Every folder and file under `directory` (itself included) with its permission bits. */
async function modes(directory: string): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const visit = async (target: string) => {
    const stats = await lstat(target);
    found.set(path.relative(directory, target) || ".", stats.mode & 0o777);
    if (stats.isDirectory()) {
      for (const name of await readdir(target)) await visit(path.join(target, name));
    }
  };
  await visit(directory);
  return found;
}

/** Entries that anyone but the owner may read, write or enter, as "path 0644". */
async function openToOthers(directory: string): Promise<string[]> {
  return [...(await modes(directory))]
    .filter(([, mode]) => (mode & 0o077) !== 0)
    .map(([name, mode]) => `${name} 0${mode.toString(8)}`);
}

async function runServerOnce(dataDir: string) {
  const server = await startServer({
    port: await freePort(),
    dataDir,
    env: { RATE_LIMIT_MULTIPLIER: "1000" },
  });
  try {
    // A few writes, so that the WAL and the dev mailbox get files.
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${server.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "Sam",
          email: `sam${i}@example.com`,
          subject: "Files",
          message: "Who can read this?",
        }),
      });
      expect(response.status).toBe(201);
    }
    return await openToOthers(dataDir);
  } finally {
    await server.stop();
  }
}

it("creates every file and folder private to its user", async () => {
  const dataDir = path.join(root, "fresh");
  const whileRunning = await runServerOnce(dataDir);
  const all = await modes(dataDir);
  expect([...all.keys()].some((name) => name.startsWith("pg/pg_wal/"))).toBe(true);
  expect(all.has("auth-secret")).toBe(true);
  expect(all.has("uploads")).toBe(true);
  expect(whileRunning).toEqual([]);
  expect(await openToOthers(dataDir)).toEqual([]);
}, 180_000);

it("makes an older install's world-readable files private at start", async () => {
  const dataDir = path.join(root, "older");
  await runServerOnce(dataDir);
  // As the versions before this one left them: 0755 folders, 0644 files.
  for (const [name] of await modes(dataDir)) {
    const target = path.join(dataDir, name);
    await chmod(target, (await lstat(target)).isDirectory() ? 0o755 : 0o644);
  }
  expect((await openToOthers(dataDir)).length).toBeGreaterThan(100);

  expect(await runServerOnce(dataDir)).toEqual([]);
}, 180_000);

it("npm run role creates the embedded database's files private too", async () => {
  const dataDir = path.join(root, "role");
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/role.ts", "nobody@example.com", "admin"],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
      stdio: "ignore",
    },
  );
  // No such member: it fails, after creating and migrating the database.
  const code = await new Promise((resolve) => child.once("exit", resolve));
  expect(code).toBe(1);
  expect((await modes(dataDir)).has("pg/PG_VERSION")).toBe(true);
  expect(await openToOthers(dataDir)).toEqual([]);
}, 180_000);
