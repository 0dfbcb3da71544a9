// Starts the site: configuration, database (migrated and seeded), HTTP server; stops cleanly.
// First: the process may re-run itself with V8's flags for a small server (decisions 086 and
// 093); then NODE_ENV decides which React build the imports below load.
import "./rerun-with-v8-flags";
import "./production-default";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { STALE_ACCOUNTS_QUEUE } from "./auth/account-lifecycle";
import { promoteAdminEmails } from "./auth/roles";
import { defineBackgroundWork } from "./background";
import { openDatabase } from "./db/client";
import { lockDataDir } from "./db/data-dir-lock";
import { createDeps } from "./deps";
import { EnvError, loadEnv } from "./env";
import { avatarAccess } from "./features/profiles/avatar-access";
import { SEARCH_BACKFILL_QUEUE } from "./features/search/background";
import { clientAddressOf, trustOf } from "./lib/client-address";
import { newControlToken, writeControlFile } from "./lib/control-file";
import { createLogger, logDestination } from "./lib/logger";
import { keepNewFilesPrivate, protectDataDir } from "./lib/private-files";
import { projectRoot } from "./lib/project-root";
import { loadStaticFiles } from "./lib/static-files";
import { uploadsRoutes } from "./lib/uploads";
import { startSiteServer } from "./site-server";

const clientDir = path.join(projectRoot, "dist/client");

async function main() {
  keepNewFilesPrivate();
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.logLevel, await logDestination());
  await protectDataDir(env.dataDir, logger);
  const releaseLock = env.databaseUrl ? () => {} : lockDataDir(env.dataDir);
  const database = env.databaseUrl
    ? await openDatabase({ engine: "postgres", url: env.databaseUrl })
    : await openDatabase({
        engine: "pglite",
        dataDir: path.join(env.dataDir, "pg"),
        sharedBuffersMb: env.pgliteSharedBuffersMb,
      });
  await database.migrate();
  await promoteAdminEmails(database.db, env.adminEmails);

  const controlToken = newControlToken();
  const trust = trustOf(env.trustProxy);
  const deps = createDeps({
    env,
    database,
    logger,
    controlToken,
    clientIp: (_request, bindings) =>
      clientAddressOf((bindings as { incoming?: IncomingMessage }).incoming, trust),
    jobs: { work: true },
  });
  const { live, jobs } = deps;
  // Background work: mail, notifications, scheduled sweeps (docs/decisions/019).
  defineBackgroundWork(deps);
  await jobs.start();
  // The sweep runs at start as well as hourly; with several instances starting, the queue's
  // `short` policy keeps one such job waiting.
  await jobs.send(STALE_ACCOUNTS_QUEUE, {}, { singletonKey: "start" });
  // Plain text for search, left by migration 0045 (a run with nothing to do is one statement).
  await jobs.send(SEARCH_BACKFILL_QUEUE, {}, { singletonKey: "backfill" });
  const staticFiles = await loadStaticFiles(clientDir).catch(() => new Map());
  const { server, address, drain } = await startSiteServer(deps, {
    port: env.port,
    hostname: env.host,
    staticFiles,
    uploads: uploadsRoutes(deps.storage, avatarAccess),
    clientIp: (request) => clientAddressOf(request, trust),
    anonymousCache: env.anonymousCache,
  });
  let removeControlFile = () => {};
  if (database.engine === "pglite") {
    removeControlFile = writeControlFile(env.dataDir, {
      url: `http://127.0.0.1:${address.port}`,
      token: controlToken,
      pid: process.pid,
    });
  }
  logger.info(
    { port: address.port, database: database.engine, siteUrl: env.siteUrl },
    `${env.siteName} is running at ${env.siteUrl}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping: finishing requests in flight");
    const forced = setTimeout(() => {
      logger.warn("requests still open after 10 s; exiting anyway");
      process.exit(1);
    }, 10_000);
    forced.unref();
    // Responses go out with `Connection: close`; the server stops listening once connections
    // stop arriving (at most 2 s: the accept queue is served, not reset); resolves once every
    // open request has been answered (lib/connection-drain.ts).
    const drained = drain.close(server);
    // Jobs in hand finish; the rest wait in the database for the next start (or another
    // instance).
    await jobs.stop().catch((error) => logger.error({ err: error }, "job queue stop failed"));
    // Ends the open live streams, which would otherwise hold the server open. Browsers
    // reconnect after the stream's retry delay (3 s), by when the server no longer listens:
    // refused, they try again, instead of giving up on an error status.
    await live.close().catch((error) => logger.error({ err: error }, "live bus close failed"));
    await drained;
    // Positions read in the last seconds, before the database goes.
    await deps.readPositions
      .close()
      .catch((error) => logger.error({ err: error }, "read positions not written"));
    await database.close().catch((error) => logger.error({ err: error }, "database close failed"));
    removeControlFile();
    releaseLock();
    clearTimeout(forced);
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
