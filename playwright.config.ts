import { defineConfig, devices } from "@playwright/test";
import { browserTestsChromiumPath, PLAYWRIGHT_CHROMIUM_ARGS } from "./bench/lib/chromium";

// Browser tests run the real server (built client, embedded database) and drive Debian's
// Chromium (its headless shell where installed: bench/lib/chromium.ts): never a browser
// downloaded by Playwright. Each worker starts a server of its own,
// on a fresh DATA_DIR seeded with a pool of sign-ups (e2e/support/account-pool.ts, decision
// 055), on port E2E_PORT + its index: E2E_PORT lets two runs share a machine.
const port = Number(process.env.E2E_PORT ?? 3199);

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/support/global-setup.ts",
  // One folder per port, so that concurrent runs do not delete each other's traces.
  outputDir: `test-results/${port}`,
  // Files are shared out between the workers; a file's tests run in order, on one server.
  fullyParallel: false,
  // Two cores: two workers, each a server and a browser (decision 055's measurements).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A test drives several members' browsers on a loaded machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    // baseURL is the worker's server's (support/test.ts).
    trace: "retain-on-failure",
    launchOptions: { executablePath: browserTestsChromiumPath(), args: PLAYWRIGHT_CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
