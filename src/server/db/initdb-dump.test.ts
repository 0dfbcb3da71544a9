// A first start loads the build's new database instead of running initdb (decision 086), and
// only where that is safe: a data directory on disk with no database yet, and a dump made by
// the PGlite that is installed now.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { projectRoot } from "@/server/lib/project-root";
import { initdbDumpFor } from "./client";
import { initdbDumpFile, pgliteVersion } from "./pglite-settings";

function build(version: string) {
  const buildDir = mkdtempSync(path.join(tmpdir(), "rc-initdb-build-"));
  writeFileSync(path.join(buildDir, initdbDumpFile(version)), "the build's dump");
  return buildDir;
}

const newDataDir = () => path.join(mkdtempSync(path.join(tmpdir(), "rc-initdb-data-")), "pg");

it("loads the build's dump into a new data directory", async () => {
  const dump = initdbDumpFor(newDataDir(), build(pgliteVersion(projectRoot)));
  expect(await dump?.text()).toBe("the build's dump");
});

it("never loads it over a database that exists", () => {
  const dataDir = newDataDir();
  mkdirSync(dataDir);
  writeFileSync(path.join(dataDir, "PG_VERSION"), "18\n");
  expect(initdbDumpFor(dataDir, build(pgliteVersion(projectRoot)))).toBeUndefined();
});

it("never loads a dump another PGlite made: PGlite runs initdb itself", () => {
  expect(initdbDumpFor(newDataDir(), build("0.0.1"))).toBeUndefined();
});

it("leaves a database in memory to PGlite", () => {
  const buildDir = build(pgliteVersion(projectRoot));
  expect(initdbDumpFor(undefined, buildDir)).toBeUndefined();
  expect(initdbDumpFor("memory://", buildDir)).toBeUndefined();
});
