// npm run role -- <email> <role>: sets a member's role, recorded in the audit trail.
// npm run role -- --reset-second-factor <email>: turns a member's two-factor authentication off
// and signs them out everywhere (decision 060): the last admin's way back, on the server only.
import path from "node:path";
import {
  type CliResetResult,
  resetSecondFactorByEmail,
} from "../src/server/auth/second-factor-reset";
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

const RESET_FLAG = "--reset-second-factor";

function reportReset(result: CliResetResult): number {
  if (!result.ok) {
    console.error(result.message);
    return 1;
  }
  console.log(`${result.email} has no two-factor authentication now and is signed out everywhere.`);
  return 0;
}

async function main(): Promise<number> {
  // It may create the embedded database's files: private to this user, as the server's are.
  keepNewFilesPrivate();
  const args = process.argv.slice(2);
  const resetting = args[0] === RESET_FLAG;
  const [email, role] = resetting ? [args[1], undefined] : args;
  const env = loadEnv();
  let release = () => {};
  if (!env.databaseUrl) {
    try {
      release = lockDataDir(env.dataDir);
    } catch (error) {
      if (!(error instanceof DataDirBusyError)) throw error;
      if (resetting) {
        const answer = await askRunningServer<CliResetResult>(
          env.dataDir,
          error,
          "second-factor-reset",
          { email: email ?? "" },
        );
        return answer.ok ? reportReset(answer.body) : reportReset(answer);
      }
      return throughRunningServer(env.dataDir, email, role, error);
    }
  }
  const database = env.databaseUrl
    ? await openDatabase({ engine: "postgres", url: env.databaseUrl, poolSize: 1 })
    : await openDatabase({ engine: "pglite", dataDir: path.join(env.dataDir, "pg") });
  try {
    await database.migrate();
    if (resetting) return reportReset(await resetSecondFactorByEmail(database.db, email));
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
