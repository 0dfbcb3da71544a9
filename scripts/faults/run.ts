// npm run test:faults: the fault scenarios of issue 8 against real server processes, on the
// embedded database and on a throwaway PostgreSQL cluster this script starts and removes.
//   npx tsx scripts/faults/run.ts
//     [crash|postgres-restart|sigterm|mail-crash|digest-crash|instances ...]
//     [--pglite-only]
// Ports 3520-3529. Exit code 1 when any check failed. Results: docs/reliability.md.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { crashDuringCreates } from "./crash-during-creates";
import { digestCrash } from "./digest-crash";
import { gracefulStop } from "./graceful-stop";
import { type Cluster, createCluster, postgresBin } from "./lib/postgres";
import { Report } from "./lib/report";
import { ROOT } from "./lib/server";
import { mailCrash } from "./mail-crash";
import { postgresRestart } from "./postgres-restart";
import { twoInstances } from "./two-instances";

const BASE_PORT = Number(process.env.FAULTS_PORT ?? 3520);
const args = process.argv.slice(2);
const pgliteOnly = args.includes("--pglite-only");
const chosen = args.filter((arg) => !arg.startsWith("--"));
const wanted = (name: string) => chosen.length === 0 || chosen.includes(name);

async function freshDatabase(cluster: Cluster, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;
  return url.href;
}

async function main() {
  // The page probes need the built client (the shell); build it only when it is missing and a
  // scenario that starts the server was chosen (the mail and digest workers serve no pages).
  const servesPages = ["crash", "sigterm", "postgres-restart", "instances"].some(wanted);
  if (servesPages && !existsSync(path.join(ROOT, "dist/client/index.html"))) {
    execSync("npm run build", { cwd: ROOT, stdio: "inherit" });
  }
  const report = new Report();
  const started = Date.now();
  let cluster: Cluster | null = null;
  const usePostgres = !pgliteOnly && postgresBin() !== null;
  if (!usePostgres)
    console.log("PostgreSQL scenarios skipped (no /usr/lib/postgresql or --pglite-only)");
  try {
    if (usePostgres) cluster = createCluster(BASE_PORT + 9);

    if (wanted("crash")) {
      console.log("\nkill -9 during 1,000 concurrent creates (embedded database)");
      await crashDuringCreates(report.for("crash, PGlite"), { port: BASE_PORT });
      if (cluster) {
        console.log("\nkill -9 during 1,000 concurrent creates (PostgreSQL)");
        await crashDuringCreates(report.for("crash, PostgreSQL"), {
          port: BASE_PORT + 1,
          databaseUrl: await freshDatabase(cluster, "rc_faults_crash"),
        });
      }
    }
    if (wanted("sigterm")) {
      console.log("\nSIGTERM with requests in flight and live streams open (embedded database)");
      await gracefulStop(report.for("SIGTERM, PGlite"), { port: BASE_PORT + 2 });
      if (cluster) {
        console.log("\nSIGTERM with requests in flight and live streams open (PostgreSQL)");
        await gracefulStop(report.for("SIGTERM, PostgreSQL"), {
          port: BASE_PORT + 3,
          databaseUrl: await freshDatabase(cluster, "rc_faults_sigterm"),
        });
      }
    }
    if (wanted("mail-crash")) {
      console.log("\nkill -9 of the mail worker mid-batch (embedded database)");
      await mailCrash(report.for("mail crash, PGlite"), {});
      if (cluster) {
        console.log("\nkill -9 of the mail worker mid-batch (PostgreSQL)");
        await mailCrash(report.for("mail crash, PostgreSQL"), {
          databaseUrl: await freshDatabase(cluster, "rc_faults_mail"),
        });
      }
    }
    if (wanted("digest-crash")) {
      console.log("\nkill -9 of the worker mid-way through a digest send (embedded database)");
      await digestCrash(report.for("digest crash, PGlite"), {});
      if (cluster) {
        console.log("\nkill -9 of the worker mid-way through a digest send (PostgreSQL)");
        await digestCrash(report.for("digest crash, PostgreSQL"), {
          databaseUrl: await freshDatabase(cluster, "rc_faults_digest"),
        });
      }
    }
    if (wanted("postgres-restart") && cluster) {
      console.log("\nPostgreSQL stopped and restarted under a running server");
      await postgresRestart(report.for("PostgreSQL restart"), {
        port: BASE_PORT + 4,
        cluster,
        databaseUrl: await freshDatabase(cluster, "rc_faults_restart"),
      });
    }
    if (wanted("instances") && cluster) {
      console.log("\nTwo instances on one PostgreSQL behind a reverse proxy, uploads on S3");
      await twoInstances(report.for("two instances"), {
        port: BASE_PORT + 5,
        databaseUrl: await freshDatabase(cluster, "rc_faults_instances"),
      });
    }
  } finally {
    cluster?.destroy();
  }
  const failed = report.failed;
  console.log(
    `\n${report.checks.length - failed.length} of ${report.checks.length} checks held in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  for (const check of failed)
    console.log(`  FAIL [${check.scenario}] ${check.what} ${check.detail ?? ""}`);
  process.exit(failed.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
