// The configuration every test app runs with: only what is given here, never the machine's
// environment (no SMTP_URL).
import { loadEnv } from "@/server/env";

export const TEST_SITE_URL = "http://localhost:3000";

export function testEnv(dataDir: string, overrides: Record<string, string> = {}) {
  return loadEnv({
    DATA_DIR: dataDir,
    SITE_URL: TEST_SITE_URL,
    LOG_LEVEL: "silent",
    AUTH_SECRET: "test-secret-test-secret-test-secret!",
    // Tests fill forms in no time; the spam tests set their own threshold.
    SPAM_MIN_FILL_SECONDS: "0",
    ...overrides,
  });
}
