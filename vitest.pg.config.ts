// `npm run test:pg`: the server tests whose claims depend on the database engine, run again on
// a PostgreSQL server (DATABASE_URL). Everything else already ran once, on the embedded
// database, in `npm test`: running it again on PostgreSQL would test the same code the same
// way. docs/decisions/053 says how the files were placed; a new server test file runs on both
// engines unless it is listed here with its reason.
import { configDefaults, defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

/** No database at all, or a fake one of their own: the same on either engine. */
const noDatabase = [
  "src/server/db/client-timeouts.test.ts",
  "src/server/domain/reading/position-buffer.test.ts",
  "src/server/lib/client-prefix.test.ts",
  "src/server/lib/compress.test.ts",
  "src/server/lib/content-encoding.test.ts",
  "src/server/lib/escape-html.test.ts",
  "src/server/lib/json-script.test.ts",
  "src/server/lib/member-privacy.test.ts",
  "src/server/lib/session-cookie.test.ts",
  "src/server/lib/signed-token.test.ts",
  "src/server/lib/connection-drain.test.ts",
  "src/server/lib/logger.test.ts",
  "src/server/lib/mail.test.ts",
  "src/server/lib/page-cursor.test.ts",
  "src/server/lib/page-meta.test.ts",
  "src/server/lib/private-files.test.ts",
  "src/server/lib/sanitize.test.ts",
  "src/server/lib/spa.test.ts",
  "src/server/lib/static-files.test.ts",
  "src/server/lib/validate.test.ts",
];

/** They start the real server on the embedded database whatever DATABASE_URL says. */
const embeddedAlways = [
  "src/server/test/security/body-limit-memory.test.ts",
  "src/server/test/security/data-dir-files.test.ts",
  // Migration 0044 over members made before it, on a PGlite of its own.
  "src/server/features/digest/migration.test.ts",
];

/**
 * Sweeps of the request path and of rendering: their claims are about statuses, headers and
 * HTML, and the queries under them are the features' own, which run on both engines in the
 * features' tests. The sweeps that can reach a driver's errors (hostile input, naughty
 * strings, forged cursors: node-postgres and PGlite report them differently) are not here.
 */
const requestPathSweeps = [
  "src/server/test/security/permission-matrix.test.ts",
  "src/server/test/security/caching-rules.test.ts",
  "src/server/test/security/headers.test.ts",
  "src/server/test/security/host-check.test.ts",
  "src/server/test/security/body-limit.test.ts",
  "src/server/test/security/early-answers.test.ts",
  "src/server/test/security/trusted-proxy.test.ts",
  "src/server/test/visibility/visibility-matrix.test.ts",
  "src/server/ssr/render-page.test.ts",
];

// Spread, not mergeConfig: that would add these lists to the base's instead of replacing them.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["src/server/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...noDatabase, ...embeddedAlways, ...requestPathSweeps],
  },
});
