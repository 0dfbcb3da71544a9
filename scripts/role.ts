// npm run role -- <email> <role>: sets a member's role, recorded in the audit trail.
import path from "node:path";
import { type SetRoleResult, setRoleByEmail } from "../src/server/auth/set-role-by-email";
import { openDatabase } from "../src/server/db/client";
import { DataDirBusyError, lockDataDir } from "../src/server/db/data-dir-lock";
import { EnvError, loadEnv } from "../src/server/env";
import { keepNewFilesPrivate } from "../src/server/lib/private-files";
import { askRunningServer } from "./lib/running-server";

/** The server holds the embedded database: ask it to make the change. */
async function throughRunningServer(
  dataDir: string,
  email: string | undefined,
  role: string | undefined,
  busy: DataDirBusyError,
): Promise<number> {
  const answer = await askRunningServer<SetRoleResult>(dataDir, busy, "role", {
    email: email ?? "",
    role: role ?? "",
  });
  if (!answer.ok) {
    console.error(answer.message);
    return 1;
  }
  const body = answer.body;
  if (!body.ok) {
    console.error(body.message);
    return 1;
  }
  console.log(`${body.email} is now ${body.role}${body.oldRole ? ` (was ${body.oldRole})` : ""}.`);
  return 0;
}

async function main(): Promise<number> {
  // It may create the embedded database's files: private to this user, as the server's are.
  keepNewFilesPrivate();
  const [email, role] = process.argv.slice(2);
  const env = loadEnv();
  let release = () => {};
  if (!env.databaseUrl) {
    try {
      release = lockDataDir(env.dataDir);
    } catch (error) {
      if (!(error instanceof DataDirBusyError)) throw error;
      return throughRunningServer(env.dataDir, email, role, error);
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
