// npm run build: the client (Vite, into dist/client) and the server with the operator commands
// (esbuild, into dist/server), then the stamp that npm start compares with the sources
// (docs/decisions/056-built-server-on-node-24.md).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { initdbDumpFile, pgliteVersion } from "../src/server/db/pglite-settings.ts";
import {
  distDir,
  isCurrent,
  root,
  serverEntries,
  sourceHash,
  stampFile,
  testStampFile,
} from "./lib/build-inputs.ts";

const serverDir = path.join(distDir, "server");
const lockFile = path.join(distDir, ".build-lock");

// main.ts imports rerun-with-v8-flags first (the process may re-run itself with V8 flags:
// decisions 086 and 093), then production-default, so that NODE_ENV is set before React loads.
// A bundle hoists every package import above its own code, so dist/server/main.js runs those
// two itself, then imports the bundled server.
const launcher = `import "./rerun-with-v8-flags.js";
import "./production-default.js";
await import("./server.js");
`;

async function buildClient() {
  const { build } = await import("vite");
  await build({ configFile: path.join(root, "vite.config.ts"), logLevel: "warn" });
}

async function buildServer() {
  const esbuild = await import("esbuild");
  rmSync(serverDir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      ...serverEntries,
      "rerun-with-v8-flags": "src/server/rerun-with-v8-flags.ts",
      "production-default": "src/server/production-default.ts",
    },
    outdir: serverDir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node22",
    // Dependencies are bundled too: resolving and loading some 1,500 modules from
    // node_modules took about 2 s of a start's 6 s of CPU. These stay there (node_modules is
    // installed in production): PGlite reads its wasm and data files beside its code, sharp
    // its native binary, pino its worker files, AWS's SDK loads only with S3 (and is large),
    // pg-native is not installed, pino-pretty is a dev dependency, and React chooses its
    // build from NODE_ENV at run time (see the launcher above).
    external: [
      "@electric-sql/pglite",
      "sharp",
      "pino",
      "pino-pretty",
      "@aws-sdk/*",
      "pg-native",
      "react",
      "react/*",
      "react-dom",
      "react-dom/*",
    ],
    // Bundled CommonJS packages call require() for Node's own modules.
    banner: {
      js: 'import { createRequire } from "node:module";\nconst require = createRequire(import.meta.url);',
    },
    chunkNames: "chunks/[name]-[hash]",
    logLevel: "warning",
  });
  writeFileSync(path.join(serverDir, "main.js"), launcher);
}

/** A new embedded database as initdb leaves it, for a first start to load (decision 086). */
async function buildInitdbDump() {
  const { PGlite } = await import("@electric-sql/pglite");
  const database = new PGlite();
  await database.waitReady;
  const dump = await database.dumpDataDir("gzip");
  await database.close();
  writeFileSync(
    path.join(serverDir, initdbDumpFile(pgliteVersion(root))),
    Buffer.from(await dump.arrayBuffer()),
  );
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** One build at a time (two test files, or two `npm start`s, may ask at once). */
async function withBuildLock(work: () => Promise<void>) {
  mkdirSync(distDir, { recursive: true });
  for (;;) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = Number.parseInt(readFileSync(lockFile, "utf8"), 10);
    // A build killed midway leaves its lock behind.
    if (owner && !isRunning(owner)) rmSync(lockFile, { force: true });
    else await new Promise((resolve) => setTimeout(resolve, 250));
  }
  try {
    await work();
  } finally {
    rmSync(lockFile, { force: true });
  }
}

/**
 * Builds everything; with `onlyIfStale`, only when dist/ was not built from these sources.
 * `forTests` (the budget test, `npm run test:e2e`): a test build of these sources will do too,
 * and a new one is compressed quickly under its own stamp (decision 055).
 */
export async function buildAll({
  onlyIfStale,
  forTests = false,
}: {
  onlyIfStale: boolean;
  forTests?: boolean;
}) {
  await withBuildLock(async () => {
    const sources = sourceHash();
    if (onlyIfStale && isCurrent(sources, { forTests })) return;
    // Always a production build: run from a test (vitest sets NODE_ENV=test) or a shell with
    // NODE_ENV=development, Vite would bundle React's development build (50 KB more gzipped).
    process.env.NODE_ENV = "production";
    process.env.FAST_PRECOMPRESS = forTests ? "1" : "0";
    rmSync(stampFile, { force: true });
    rmSync(testStampFile, { force: true });
    const started = performance.now();
    await buildClient();
    await buildServer();
    await buildInitdbDump();
    writeFileSync(forTests ? testStampFile : stampFile, `${sources}\n`);
    console.log(
      `Built the client and the server${forTests ? " for the tests" : ""} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  });
}

if (process.argv[1] === import.meta.filename) await buildAll({ onlyIfStale: false });
