import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { srcAlias } from "./vite.config.ts";

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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
