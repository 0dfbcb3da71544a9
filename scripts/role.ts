// npm run role -- <email> <role>: sets a member's role, recorded in the audit trail.
import path from "node:path";
import { setRoleByEmail } from "../src/server/auth/set-role-by-email";
import { openDatabase } from "../src/server/db/client";
import { DataDirBusyError, lockDataDir } from "../src/server/db/data-dir-lock";
import { EnvError, loadEnv } from "../src/server/env";

async function main(): Promise<number> {
  const [email, role] = process.argv.slice(2);
  const env = loadEnv();
  let release = () => {};
  if (!env.databaseUrl) {
    try {
      release = lockDataDir(env.dataDir);
    } catch (error) {
      if (!(error instanceof DataDirBusyError)) throw error;
      console.error(
        `${error.message}\nThe running server holds the embedded database, so this command cannot open it. ` +
          "Stop the server and run the command again, or change the role as an admin in /cms (Users).",
      );
      return 1;
    }
  }
  const database = env.databaseUrl
    ? await openDatabase({ engine: "postgres", url: env.databaseUrl, poolSize: 1 })
    : await openDatabase({ engine: "pglite", dataDir: path.join(env.dataDir, "pg") });
  try {
    await database.migrate();
    const result = await setRoleByEmail(database.db, email, role);
    if (!result.ok) {
      console.error(result.message);
      return 1;
    }
    console.log(
      `${result.email} is now ${result.role}${result.oldRole ? ` (was ${result.oldRole})` : ""}.`,
    );
    return 0;
  } finally {
    await database.close();
    release();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof EnvError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
