// npm start's first step: builds when dist/ is missing or was built from other sources (a hash
// of them: scripts/lib/build-inputs.ts), so a fresh checkout still starts with one command and a
// start after `npm run build` does not build again. A production install (`npm ci
// --omit=dev`) never builds: there it stops and says what to run.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { isCurrent, root, sourceHash } from "./lib/build-inputs.ts";

// Whether every dev dependency is installed. `npm ci --omit=dev` keeps some of them (Vite and
// tsx among them: better-auth names Vitest and drizzle-kit as optional peers), so finding the
// build tools would not tell a production install from a development one.
function hasDevDependencies(): boolean {
  const { devDependencies = {} } = JSON.parse(
    readFileSync(path.join(root, "package.json"), "utf8"),
  ) as { devDependencies?: Record<string, string> };
  return Object.keys(devDependencies).every((name) =>
    existsSync(path.join(root, "node_modules", name, "package.json")),
  );
}

// --for-tests (the budget test, `npm run test:e2e`): a build for the tests will do, and a new
// one is compressed quickly under a stamp of its own, which npm start never takes (decision 055).
const forTests = process.argv.includes("--for-tests");

if (!isCurrent(sourceHash(), { forTests })) {
  if (!hasDevDependencies()) {
    console.error(
      "dist/ is missing or was built from other sources, and this install has no dev " +
        "dependencies (npm ci --omit=dev) to build with: run npm run build on an install with " +
        "them (npm ci && npm run build), then start again.",
    );
    process.exit(1);
  }
  console.log("Building the client and the server…");
  const { buildAll } = await import("./build.ts");
  await buildAll({ onlyIfStale: true, forTests });
}
