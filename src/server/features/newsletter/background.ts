// The newsletter's queues (docs/decisions/028): sending posts, and removing addresses never
// confirmed.
import type { AppDeps } from "@/server/context";
import { defineNewsletterSender } from "./sender";
import { removeUnconfirmed } from "./subscribe";

export const UNCONFIRMED_SWEEP_QUEUE = "newsletter-remove-unconfirmed";

export function defineNewsletterWork(deps: AppDeps): void {
  const { db, jobs, logger, env } = deps;
  defineNewsletterSender({
    db,
    jobs,
    transport: deps.bulkMailTransport,
    logger,
    secret: deps.secret,
    site: { siteName: env.siteName, siteUrl: env.siteUrl },
    batchSize: env.newsletter.batchSize,
    mailsPerSecond: env.newsletter.mailsPerSecond,
  });
  jobs.define({
    name: UNCONFIRMED_SWEEP_QUEUE,
    policy: "short",
    // Every hour, at 23 past: one statement, the same whoever runs it.
    cron: "23 * * * *",
    handler: async () => {
      const removed = await removeUnconfirmed(db);
      if (removed > 0) logger.info({ removed }, "removed unconfirmed newsletter addresses");
    },
  });
}
