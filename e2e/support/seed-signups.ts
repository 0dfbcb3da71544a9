// Run once per browser-test run (global-setup.ts), while no server holds the database: a
// DATA_DIR from the migrated test template, holding `count` sign-ups as sign-up leaves them
// (the factories' inserts), each with the token its confirmation mail would carry. Tests
// finish them as the inbox's holder does (accounts.ts): none waits for a mail (decision 055).
// Usage: node --import tsx e2e/support/seed-signups.ts <dataDir> <count> <poolFile>
import { mkdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { CONFIRMATION_LINK_HOURS } from "@/server/auth/account-mail";
import { issueToken } from "@/server/auth/account-tokens";
import { openDatabase } from "@/server/db/client";
import { createDeps } from "@/server/deps";
import { writeSiteSetting } from "@/server/domain/site/site-settings";
import { loadEnv } from "@/server/env";
import { createLogger } from "@/server/lib/logger";
import { keepNewFilesPrivate } from "@/server/lib/private-files";
import { insertSignedUpUser } from "@/server/test/factories";
import { createTemplate, TEMPLATE_DUMP } from "@/server/test/test-database";
import type { PooledSignUp } from "./account-pool";
import { siteEnv } from "./server";

const [dataDir, count, poolFile] = process.argv.slice(2);
if (!dataDir || !count || !poolFile) throw new Error("usage: <dataDir> <count> <poolFile>");

keepNewFilesPrivate();
mkdirSync(dataDir, { recursive: true });
// Each worker's copy is served on its own port: the seeding does not depend on it.
const env = loadEnv(siteEnv(0, dataDir));
// Migrating a new database took 30 s on a loaded machine; the API tests' template is kept.
await createTemplate();
const database = await openDatabase({
  engine: "pglite",
  dataDir: path.join(dataDir, "pg"),
  loadDataDir: new Blob([await readFile(TEMPLATE_DUMP)]),
});
try {
  await database.migrate();
  const deps = createDeps({
    env,
    database,
    logger: createLogger("silent"),
    clientIp: () => "127.0.0.1",
    mailer: { send: async () => {} },
  });
  // The browser tests' staff sign in with a password (e2e/support/roles.ts): the rule that
  // staff use a second factor (decision 060) has API tests of its own, and two-factor.spec.ts
  // enrols a member in the browser.
  await writeSiteSetting(deps.db, "secondFactorRoles", []);
  const context = await deps.auth.$context;
  // The password typed at sign-up never becomes active: the one chosen on confirming does.
  const passwordHash = await context.password.hash("typed at sign-up, never used");
  const pool: PooledSignUp[] = [];
  for (let index = 0; index < Number(count); index++) {
    const email = `member-${index}@example.com`;
    const created = await insertSignedUpUser(deps.auth, {
      email,
      name: "E2E Member",
      passwordHash,
    });
    const token = await issueToken(
      deps.db,
      "confirm-email",
      { userId: created.id, email },
      CONFIRMATION_LINK_HOURS * 3600,
    );
    pool.push({ email, token });
  }
  writeFileSync(poolFile, JSON.stringify(pool));
} finally {
  await database.close();
}
// The job queue's and live bus's timers are not started, but leave nothing to chance.
process.exit(0);
