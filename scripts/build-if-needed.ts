// `npm start` builds the client only when something it is built from changed since the last
// build, so a restart is instant and a fresh checkout still works with one command.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stamp = path.join(root, "dist/client/.build-stamp");
const inputs = ["src/client", "src/shared", "vite.config.ts", "scripts/vite", "package-lock.json"];

function newestMtime(target: string): number {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stats = statSync(full);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce(
      (newest, entry) =>
        Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs),
      0,
    );
}

// --for-tests (the budget test, `npm run test:e2e`): any build will do, and a new one is
// compressed quickly under a stamp of its own, which `npm start` never takes (decision 055).
const forTests = process.argv.includes("--for-tests");
const testStamp = path.join(root, "dist/client/.test-build-stamp");
const stampTime = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const built = Math.max(stampTime(stamp), forTests ? stampTime(testStamp) : 0);
const changed = Math.max(...inputs.map(newestMtime));
// SKIP_CLIENT_BUILD=1: serve whatever dist/client holds (or only the API when it is empty),
// for a test of the command itself (scripts/start.test.ts) that must not wait for Vite.
if (process.env.SKIP_CLIENT_BUILD === "1") {
  console.log("SKIP_CLIENT_BUILD=1: the client is not rebuilt.");
} else if (changed > built) {
  console.log("Building the client…");
  // Always a production build: run from a test (vitest sets NODE_ENV=test) or a shell with
  // NODE_ENV=development, Vite would bundle React's development build (50 KB more gzipped).
  execSync("npx vite build --logLevel warn", {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", FAST_PRECOMPRESS: forTests ? "1" : "0" },
  });
  writeFileSync(forTests ? testStamp : stamp, new Date().toISOString());
}
