// `npm run seed:demo` on the embedded database, as a new user runs it: while the server runs
// (the server holds the database, so it does the seeding) and with the server stopped (the
// command opens the database itself). Each run says what it added and what it skipped.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ROOT, type Server, startServer } from "./faults/lib/server";

let dataDir: string;
let server: Server | undefined;

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

async function seedDemo(): Promise<string> {
  return runScript("scripts/seed-demo.ts");
}

async function runScript(script: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, script), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
      timeout: 90_000,
    },
  );
  return stdout;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "rc-seed-demo-"));
  server = await startServer({ port: await freePort(), dataDir });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

it("seeds through the running server, then says a second run added nothing", async () => {
  const first = await seedDemo();
  expect(first).toContain("The server is running: it adds the demo data");
  expect(first).toContain("Staff: added 4 accounts.");
  expect(first).toContain("Members: added 24 accounts.");
  expect(first).toContain("Discussions: added 48.");

  const second = await seedDemo();
  expect(second).toContain("Staff: added 0 accounts; kept 4 accounts that already existed.");
  expect(second).toContain("Discussions: skipped; the forum already has 48");
  expect(second).not.toContain("Demo data is ready");
}, 120_000);

it("npm run role, which shares the way through the server, still sets and refuses roles", async () => {
  expect(await runScript("scripts/role.ts", "author@example.com", "moderator")).toContain(
    "author@example.com is now moderator (was author).",
  );
  await expect(runScript("scripts/role.ts", "author@example.com", "king")).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining('Unknown role "king"'),
  });
}, 60_000);

it("opens the database itself once the server has stopped", async () => {
  await server?.stop();
  server = undefined;
  const output = await seedDemo();
  expect(output).not.toContain("The server is running");
  expect(output).toContain("Members: added 0 accounts; kept 24 accounts that already existed.");
  expect(output).toContain("Discussions: skipped; the forum already has 48");
}, 120_000);
