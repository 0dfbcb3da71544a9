// `npm start` on an install without dev dependencies (`npm ci --omit=dev`): with dist/ missing
// or built from other sources it says to run `npm run build` and stops; it never tries to build
// (there is no Vite or esbuild to build with) and never starts an outdated server.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

let install: string;
beforeEach(async () => {
  // What npm start needs before the server: package.json and the check.
  install = await mkdtemp(path.join(tmpdir(), "rc-production-"));
  for (const file of ["package.json", "scripts/build-if-needed.ts", "scripts/lib/build-inputs.ts"])
    cpSync(path.join(ROOT, file), path.join(install, file));
  // `npm ci --omit=dev` keeps Vite, esbuild and tsx (optional peers of better-auth's); the
  // other dev dependencies are gone.
  for (const kept of ["vite", "esbuild", "tsx"]) {
    mkdirSync(path.dirname(path.join(install, "node_modules", kept)), { recursive: true });
    symlinkSync(path.join(ROOT, "node_modules", kept), path.join(install, "node_modules", kept));
  }
  cpSync(path.join(ROOT, "src/shared"), path.join(install, "src/shared"), { recursive: true });
  // A server that would leave a trace if it were started.
  mkdirSync(path.join(install, "dist/server"), { recursive: true });
  writeFileSync(
    path.join(install, "dist/server/main.js"),
    'import { writeFileSync } from "node:fs"; writeFileSync("started", "");\n',
  );
});
afterEach(async () => {
  await rm(install, { recursive: true, force: true });
});

function npmStart(): Promise<{ code: number | null; output: string }> {
  // This test's node (Node 24 from node_modules/.bin) first on PATH, as an install's own is.
  const PATH = `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`;
  const npm = spawn("npm", ["start", "--silent"], {
    cwd: install,
    env: { ...process.env, PATH },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  npm.stdout.on("data", (chunk) => {
    output += chunk;
  });
  npm.stderr.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => npm.once("exit", (code) => resolve({ code, output })));
}

it.each([
  ["built from other sources", "0".repeat(64)],
  ["missing", null],
])(
  "with dist/ %s, stops with 'run npm run build'",
  async (_, stamp) => {
    if (stamp) writeFileSync(path.join(install, "dist/.build-stamp"), stamp);
    else await rm(path.join(install, "dist"), { recursive: true });
    const { code, output } = await npmStart();
    expect(code, output).toBe(1);
    expect(output).toContain("run npm run build");
    expect(output).not.toContain("Building");
    expect(existsSync(path.join(install, "dist/client")), "no build was tried").toBe(false);
    expect(existsSync(path.join(install, "started")), "the outdated server did not start").toBe(
      false,
    );
  },
  30_000,
);
