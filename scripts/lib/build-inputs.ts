// What `npm run build` reads and writes, shared by the build (scripts/build.ts) and npm start's
// check (scripts/build-if-needed.ts). Node runs both files as they are (type stripping), so a
// production install needs neither tsx nor any other dev tool to run the check.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");
export const distDir = path.join(root, "dist");
export const stampFile = path.join(distDir, ".build-stamp");
/**
 * A build for the tests (`--for-tests`: compressed quickly, decision 055) has a stamp of its
 * own, which npm start never takes: it builds again at the production settings.
 */
export const testStampFile = path.join(distDir, ".test-build-stamp");

/**
 * The server bundle's entry points: the server (started by dist/server/main.js) and the
 * operator commands run in production.
 */
export const serverEntries = {
  server: "src/server/main.ts",
  role: "scripts/role.ts",
  "seed-demo": "scripts/seed-demo.ts",
  backup: "scripts/backup.ts",
  restore: "scripts/restore.ts",
};

// Everything the client and server bundles are built from. Tests are left out: editing one
// must not cost the next `npm start` a build.
const inputs = [
  "src",
  ...Object.values(serverEntries).filter((entry) => entry.startsWith("scripts/")),
  "scripts/lib",
  "scripts/vite",
  "scripts/build.ts",
  "vite.config.ts",
  "tsconfig.json",
  "package-lock.json",
];

function isTest(relative: string): boolean {
  return /\.test\.tsx?$/.test(relative) || relative.split(path.sep).includes("test");
}

function filesUnder(relative: string): string[] {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/**
 * A hash of the build's sources: their paths and contents, not their times, so a fresh clone,
 * a `git checkout` or a copy with new file times does not look changed.
 */
export function sourceHash(): string {
  const hash = createHash("sha256");
  const files = inputs.flatMap(filesUnder).filter((file) => !isTest(file));
  for (const file of files.sort()) {
    hash.update(`${file.split(path.sep).join("/")}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** The source hash the build in dist/ was made from, or null when there is none. */
export function builtHash(stamp = stampFile): string | null {
  return existsSync(stamp) ? readFileSync(stamp, "utf8").trim() : null;
}

/** Whether dist/ holds a build of these sources; for the tests, a test build will do too. */
export function isCurrent(sources: string, { forTests }: { forTests: boolean }): boolean {
  return builtHash() === sources || (forTests && builtHash(testStampFile) === sources);
}
