import { defineConfig } from "vitest/config";
import { srcAlias } from "./vite.config";

export default defineConfig({
  resolve: { alias: [srcAlias] },
  test: {
    // bench/budget.test.ts: the page-weight budget (the other bench/ scripts are not tests);
    // scripts/*.test.ts: the commands themselves (npm start's signals).
    include: ["src/**/*.test.ts", "bench/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    globalSetup: ["src/server/test/global-setup.ts"],
    setupFiles: ["vitest.setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
