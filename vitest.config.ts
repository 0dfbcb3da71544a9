import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { srcAlias } from "./vite.config.ts";

/**
 * The files that run for minutes, longest first (measured 2026-11-30: the naughty-string and
 * hostile-input sweeps 150-500 s each, the others 55-150 s). Vitest runs the longest first only
 * when its cache holds last run's times; without one (a clean checkout, CI) it runs the largest
 * files first, and these are a few lines each: they started last, and for 657 s of a 1,835 s
 * run only one worker had a file left (decision 085).
 */
const LONG_FILES = [
  "src/server/test/security/naughty-strings.test.ts",
  "src/server/test/security/naughty-strings-bodies-1.test.ts",
  "src/server/test/security/naughty-strings-bodies-2.test.ts",
  "src/server/test/security/hostile-input.test.ts",
  "src/server/test/security/data-dir-files.test.ts",
  "src/server/test/security/hostile-input-fields-1.test.ts",
  "scripts/backup.test.ts",
  "scripts/seed-demo.test.ts",
  "scripts/start.test.ts",
  "src/server/test/security/hostile-input-fields-2.test.ts",
  "src/server/test/security/permission-matrix.test.ts",
];

// A renamed file would only start late again, silently: the list must name files that exist.
const missing = LONG_FILES.filter((name) => !existsSync(new URL(`./${name}`, import.meta.url)));
if (missing.length > 0) throw new Error(`vitest.config.ts names missing test files: ${missing}`);

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONG_FILES.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return index === -1 ? LONG_FILES.length : index;
    };
    // Stable: the rest keep vitest's own order (failed first, then by time or size).
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  resolve: { alias: [srcAlias] },
  test: {
    // bench/budget.test.ts: the page-weight budget (the other bench/ scripts are not tests);
    // scripts/*.test.ts: the commands themselves (npm start's signals).
    include: ["src/**/*.test.ts", "bench/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    globalSetup: ["src/server/test/global-setup.ts"],
    setupFiles: ["vitest.setup.ts"],
    // Vitest's default leaves a core to its main process, which mostly waits: on CI's two cores
    // that was one test file at a time. Two at a time took the unit and API tests from 16.2 to
    // 10.9 minutes there, all passing (2026-11-27).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Test files share their worker process: the app's modules and PGlite's WebAssembly load
    // once per worker, not once per file (about 10 s a file; decision 054). Each file still has
    // its own app and database; vitest.setup.ts runs again before each file.
    isolate: false,
    sequence: { sequencer: LongFilesFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
