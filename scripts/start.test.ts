// `npm start` as an operator runs it, after `npm run build`: it starts the built server without
// building again, and a SIGTERM (systemd, docker stop) or SIGINT sent to the npm process stops
// the server with it, and npm exits with the server's code. The shell npm runs the script in
// would otherwise die alone and leave the server running, orphaned.
// The commands run in a copy of the checkout, so that the build here never replaces dist/
// under another test file that is reading it (bench/budget.test.ts).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, statSync, symlinkSync } from "node:fs";
import { mkdtemp, readFile, readlink, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { initdbDumpFile, pgliteVersion } from "../src/server/db/pglite-settings";
import { memorySeenMb, OWN_YOUNG_GENERATION_UP_TO_MB, SEMI_SPACE_MB } from "../src/server/v8-flags";

const ROOT = path.resolve(import.meta.dirname, "..");
const CHECKOUT = [
  "src",
  "scripts",
  "drizzle",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "vite.config.ts",
];

let work: string;
let checkout: string;
let dataDir: string;
let buildOutput: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "rc-start-"));
  checkout = path.join(work, "checkout");
  dataDir = path.join(work, "data");
  for (const entry of CHECKOUT)
    cpSync(path.join(ROOT, entry), path.join(checkout, entry), { recursive: true });
  symlinkSync(path.join(ROOT, "node_modules"), path.join(checkout, "node_modules"));
  buildOutput = execFileSync("npm", ["run", "build"], { cwd: checkout, encoding: "utf8" });
}, 300_000);
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** A port nothing listens on now. */
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

/** Whether a server could listen on the port now (nothing holds it). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

type Started = {
  npm: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

function npmStart(env: Record<string, string>): Started {
  const npm = spawn("npm", ["start", "--silent"], {
    cwd: checkout,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  npm.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  npm.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    npm.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { npm, output: () => output, exited };
}

async function waitUntilServing(url: string, started: Started): Promise<void> {
  // The first start makes the database: on two cores at load average 25 that took over 90 s.
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (started.npm.exitCode !== null || started.npm.signalCode !== null) {
      throw new Error(`npm start exited early:\n${started.output()}`);
    }
    const response = await fetch(`${url}/api/health`).catch(() => null);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`npm start did not serve within 180 s:\n${started.output()}`);
}

async function waitUntilGone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (isRunning(pid)) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

it("starts the server `npm run build` built, without building again, on Node 24", async () => {
  expect(buildOutput).toContain("Built the client and the server");
  const stamp = path.join(checkout, "dist/.build-stamp");
  const builtAt = statSync(stamp).mtimeMs;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = npmStart({ PORT: String(port), SITE_URL: url });
  let serverPid = 0;
  try {
    await waitUntilServing(url, started);
    serverPid = Number(await readFile(path.join(dataDir, "pg.lock"), "utf8"));
    expect(started.output()).not.toContain("Building");
    expect(statSync(stamp).mtimeMs, "the stamp is the build's").toBe(builtAt);
    // The bundle renders the React pages into the built client's shell.
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("<script data-event-replay>");
    expect(html).toMatch(/<div id="root"><[a-z]/);
    if (process.platform === "linux") {
      // The server's node is the one package.json's optionalDependencies install.
      const node = await readlink(`/proc/${serverPid}/exe`);
      expect(execFileSync(node, ["--version"], { encoding: "utf8" })).toMatch(/^v24\./);
      // A guard against a gross regression of the server's memory, not the target: the
      // figures are bench:memory's (RESULTS §32: about 400 MB here, 1 GB before decision 086).
      const residentMb =
        Number(
          (await readFile(`/proc/${serverPid}/status`, "utf8")).match(/^VmRSS:\s+(\d+) kB/m)?.[1],
        ) / 1024;
      expect(residentMb, "the server's resident memory after its first start (MB)").toBeLessThan(
        512,
      );
      // It re-ran itself, in the same process, with V8's baseline compiler only (decision 086)
      // and, on a machine of more than 1 GB, a young generation no larger than a 1 GB one's (093).
      const commandLine = (await readFile(`/proc/${serverPid}/cmdline`, "utf8"))
        .replace(/\0$/, "")
        .split("\0");
      const flags = ["--liftoff-only"];
      if (memorySeenMb() > OWN_YOUNG_GENERATION_UP_TO_MB) {
        flags.push(`--max-semi-space-size=${SEMI_SPACE_MB}`);
      }
      expect(commandLine.slice(1, -1)).toEqual(flags);
      expect(commandLine.at(-1)).toBe(path.join(checkout, "dist/server/main.js"));
    }
    // The build made the new database a first start loads instead of running initdb.
    expect(
      statSync(path.join(checkout, "dist/server", initdbDumpFile(pgliteVersion(ROOT)))).size,
    ).toBeGreaterThan(1e6);
  } finally {
    started.npm.kill("SIGTERM");
    await started.exited;
    if (serverPid) await waitUntilGone(serverPid, 15_000);
  }
}, 240_000);

it.each(["SIGTERM", "SIGINT"] as const)(
  "%s to the npm process stops the server, frees the port and exits 0",
  async (signal) => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const started = npmStart({ PORT: String(port), SITE_URL: url });
    let serverPid = 0;
    try {
      await waitUntilServing(url, started);
      // The server holds the data directory's lock, under its own pid (db/data-dir-lock.ts).
      serverPid = Number(await readFile(path.join(dataDir, "pg.lock"), "utf8"));
      expect(isRunning(serverPid)).toBe(true);

      started.npm.kill(signal);
      // Bounded, so that a hang fails here and the `finally` below still cleans up.
      const exit = await Promise.race([
        started.exited,
        new Promise((resolve) => setTimeout(() => resolve("still running after 20 s"), 20_000)),
      ]);
      expect(exit, started.output()).toEqual({ code: 0, signal: null });
      expect(await waitUntilGone(serverPid, 5_000), "the server process is gone").toBe(true);
      expect(await portIsFree(port), "the port is free").toBe(true);
    } finally {
      // Whatever happened above, leave no server behind.
      started.npm.kill("SIGKILL");
      if (serverPid && isRunning(serverPid)) process.kill(serverPid, "SIGKILL");
    }
  },
  240_000,
);

it("exits with the server's code when the server cannot start", async () => {
  const started = npmStart({ PORT: "not-a-port" });
  const exit = await started.exited;
  expect(exit, started.output()).toEqual({ code: 1, signal: null });
  expect(started.output()).toContain("PORT: must be a port number");
}, 60_000);
