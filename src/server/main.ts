// Starts the site: configuration, database (migrated and seeded), HTTP server; stops cleanly.
// First: NODE_ENV decides which React build the imports below load.
import "./production-default";
import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import { anonymousReads } from "./anonymous-reads";
import { createApp } from "./app";
import { STALE_ACCOUNTS_QUEUE } from "./auth/account-lifecycle";
import { promoteAdminEmails } from "./auth/roles";
import { defineBackgroundWork } from "./background";
import { openDatabase } from "./db/client";
import { lockDataDir } from "./db/data-dir-lock";
import { createDeps } from "./deps";
import { EnvError, loadEnv } from "./env";
import { avatarAccess } from "./features/profiles/avatar-access";
import { serverWithAnswersFirst } from "./lib/answers-first";
import { clientAddressOf, trustOf } from "./lib/client-address";
import { connectionDrain } from "./lib/connection-drain";
import { newControlToken, writeControlFile } from "./lib/control-file";
import { closeAfterEarlyAnswers } from "./lib/early-answer-close";
import { keptPagesFirst } from "./lib/kept-pages-first";
import { DISCUSSIONS_CHANNEL } from "./lib/live-discussions";
import { createLogger, logDestination } from "./lib/logger";
import { clearOnChanges, createPageCache } from "./lib/page-cache";
import { keepNewFilesPrivate, protectDataDir } from "./lib/private-files";
import { projectRoot } from "./lib/project-root";
import { readsFirst } from "./lib/reads-first";
import { inlineScriptHashes, securityHeaderList } from "./lib/security";
import { loadStaticFiles, shellOf } from "./lib/static-files";
import { uploadsRoutes } from "./lib/uploads";

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
    : await openDatabase({ engine: "pglite", dataDir: path.join(env.dataDir, "pg") });
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
  // Anonymous pages for up to 5 s, and never past a change to a discussion or reply.
  const pageCache = createPageCache({ ttlMs: 5_000, maxEntries: 1_000 });
  clearOnChanges(pageCache, live, DISCUSSIONS_CHANNEL, logger);
  const staticFiles = await loadStaticFiles(clientDir).catch(() => new Map());
  const app = createApp(deps, {
    staticFiles,
    uploads: uploadsRoutes(deps.storage, avatarAccess),
    pageCache,
  });

  let removeControlFile = () => {};
  const drain = connectionDrain();
  const securityHeaders = await securityHeaderList(
    env.siteUrl,
    inlineScriptHashes(shellOf(staticFiles)),
  );
  const beforeTheApp = {
    siteUrl: env.siteUrl,
    securityHeaders,
    logger,
    clientIp: (request: IncomingMessage) => clientAddressOf(request, trust),
    metrics: env.metricsToken ? deps.metrics : undefined,
    draining: drain.draining,
  };
  const keptPages = keptPagesFirst({ cache: pageCache, ...beforeTheApp });
  const reads = readsFirst({ reads: anonymousReads(deps.db), ...beforeTheApp });
  const server = serve(
    {
      // An answer before the body arrived closes the connection, and says so (decision 050).
      fetch: closeAfterEarlyAnswers(drain.wrap(app.fetch)),
      port: env.port,
      hostname: env.host,
      // For visitors without a session, kept pages (decision 043) and the public JSON reads
      // (decision 045) are answered before the app.
      createServer: serverWithAnswersFirst([keptPages, reads]),
    },
    (info: AddressInfo) => {
      if (database.engine === "pglite") {
        removeControlFile = writeControlFile(env.dataDir, {
          url: `http://127.0.0.1:${info.port}`,
          token: controlToken,
          pid: process.pid,
        });
      }
      logger.info(
        { port: info.port, database: database.engine, siteUrl: env.siteUrl },
        `${env.siteName} is running at ${env.siteUrl}`,
      );
    },
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
    // Answers go out with `Connection: close`; the server stops listening once connections
    // stop arriving (at most 2 s: the accept queue is served, not reset); resolves once every
    // open request has been answered (lib/connection-drain.ts).
    const drained = drain.close(server as Server);
    // Jobs in hand finish; the rest wait in the database for the next start (or another
    // instance).
    await jobs.stop().catch((error) => logger.error({ err: error }, "job queue stop failed"));
    // Ends the open live streams, which would otherwise hold the server open. Browsers
    // reconnect after the stream's retry delay (3 s), by when the server no longer listens:
    // refused, they try again, instead of giving up on an error status.
    await live.close().catch((error) => logger.error({ err: error }, "live bus close failed"));
    await drained;
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
