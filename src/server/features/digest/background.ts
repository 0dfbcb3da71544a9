// The digest's queues (docs/decisions/073): the hourly plan and the chain of send jobs.
import type { AppDeps } from "@/server/context";
import { defineDigestSender } from "./sender";

export function defineDigestWork(deps: AppDeps): void {
  const { db, jobs, logger, env } = deps;
  defineDigestSender({
    db,
    jobs,
    transport: deps.bulkMailTransport,
    logger,
    secret: deps.secret,
    site: { siteName: env.siteName, siteUrl: env.siteUrl },
    batchSize: 100,
  });
}
