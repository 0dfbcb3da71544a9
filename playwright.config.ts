import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from "./bench/lib/chromium";

// Browser tests run the real server (built client, embedded database in a fresh temporary
// DATA_DIR) and drive Debian's Chromium: never a browser downloaded by Playwright.
// E2E_PORT lets two runs (two worktrees, two helpers) share a machine.
const port = Number(process.env.E2E_PORT ?? 3199);
// The config is loaded again in each worker: they inherit the folder the first load made.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "rc-e2e-"));
const e2eSiteUrl = `http://localhost:${port}`;

export default defineConfig({
  testDir: "e2e",
  // One folder per port, so that concurrent runs do not delete each other's traces.
  outputDir: `test-results/${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A test signs up several members, each through a mail on the job queue (support/mailbox.ts).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: e2eSiteUrl,
    trace: "retain-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "npx tsx src/server/main.ts",
    url: `${e2eSiteUrl}/api/session`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      SITE_URL: e2eSiteUrl,
      LOG_LEVEL: "warn",
      // A browser test fills a form in milliseconds: the minimum fill time would hold it.
      SPAM_MIN_FILL_SECONDS: "0",
      ADMIN_EMAILS: "e2e-admin@example.com",
      // Every test signs up from 127.0.0.1: keep the limits, raised well above what tests use.
      RATE_LIMIT_MULTIPLIER: "100",
    },
  },
});
