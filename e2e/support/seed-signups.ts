// Run by a browser-test worker before its server starts (the embedded database admits one
// process): migrates a fresh DATA_DIR and leaves `count` sign-ups in it, each as sign-up leaves
// it (the factories' inserts) with the token its confirmation mail would carry. Tests finish
// them as the inbox's holder does (accounts.ts); no test waits for a mail (decision 055).
// Usage: node --import tsx e2e/support/seed-signups.ts <port> <dataDir> <count> <poolFile>
import { writeFileSync } from "node:fs";
import path from "node:path";
import { CONFIRMATION_LINK_HOURS } from "@/server/auth/account-mail";
import { issueToken } from "@/server/auth/account-tokens";
import { openDatabase } from "@/server/db/client";
import { createDeps } from "@/server/deps";
import { loadEnv } from "@/server/env";
import { createLogger } from "@/server/lib/logger";
import { keepNewFilesPrivate } from "@/server/lib/private-files";
import { insertSignedUpUser } from "@/server/test/factories";
import type { PooledSignUp } from "./account-pool";
import { siteEnv } from "./server";

const [port, dataDir, count, poolFile] = process.argv.slice(2);
if (!port || !dataDir || !count || !poolFile)
  throw new Error("usage: <port> <dataDir> <count> <poolFile>");

keepNewFilesPrivate();
const env = loadEnv(siteEnv(Number(port), dataDir));
const database = await openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "pg") });
try {
  await database.migrate();
  const deps = createDeps({
    env,
    database,
    logger: createLogger("silent"),
    clientIp: () => "127.0.0.1",
    mailer: { send: async () => {} },
  });
  const context = await deps.auth.$context;
  // The password typed at sign-up never becomes active: the one chosen on confirming does.
  const passwordHash = await context.password.hash("typed at sign-up, never used");
  const pool: PooledSignUp[] = [];
  for (let index = 0; index < Number(count); index++) {
    const email = `member-${port}-${index}@example.com`;
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
