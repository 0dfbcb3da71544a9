// Every queue of background work the app runs (docs/decisions/019), composed here as app.ts
// composes routes: features define their own queues and handlers, and never each other's.
// The mail queue is defined with the mailer, in deps.ts.
import { defineStaleAccountSweep } from "./auth/account-lifecycle";
import { defineHeldSignUpRelease } from "./auth/held-sign-up";
import type { AppDeps } from "./context";
import { defineDraftSweep } from "./domain/drafts/expiry";
import { defineIdempotencySweep } from "./domain/idempotency/expiry";
import { defineMemberExportWork } from "./domain/member-data/exports";
import { defineOrphanImageSweep } from "./domain/post-images/store";
import { defineBookmarkReminders } from "./features/bookmarks/reminders";
import { defineOnlineSafetyReminders } from "./features/cms/online-safety/reminders";
import { defineHeldComplaintRelease } from "./features/complaints/routes";
import { defineHeldContactRelease } from "./features/contact/routes";
import { defineDigestWork } from "./features/digest/background";
import { defineRetentionSweep } from "./features/inbox/retention";
import { defineHeldReleaseSweep } from "./features/moderation/held";
import { defineHeldReportRelease } from "./features/moderation/visitor-reports";
import { defineNewsletterWork } from "./features/newsletter/background";
import { defineHeldNewsletterRelease } from "./features/newsletter/routes";
import { defineNotificationWork } from "./features/notifications/background";
import { defineTopScores } from "./features/reactions/top-scores";
import { defineSearchWork } from "./features/search/background";
import { defineRateLimitSweep } from "./lib/rate-limit-sweep";

export function defineBackgroundWork(deps: AppDeps): void {
  defineStaleAccountSweep(deps.jobs, deps.db, deps.logger);
  defineNotificationWork(deps);
  defineNewsletterWork(deps);
  defineDigestWork(deps);
  defineSearchWork(deps);
  defineMemberExportWork({
    db: deps.db,
    jobs: deps.jobs,
    mailer: deps.mailer,
    storage: deps.storage,
    logger: deps.logger,
    site: { siteName: deps.env.siteName, siteUrl: deps.env.siteUrl },
  });
  defineRetentionSweep(deps.jobs, deps.db, deps.logger, deps.env.retentionMonths);
  defineIdempotencySweep(deps.jobs, deps.db, deps.logger);
  defineRateLimitSweep(deps.jobs, deps.db, deps.logger);
  defineDraftSweep(deps.jobs, deps.db, deps.logger);
  defineBookmarkReminders(deps);
  defineTopScores(deps);
  defineOnlineSafetyReminders(deps);
  defineOrphanImageSweep(deps);
  // Held submissions a moderator released (docs/decisions/034), each done by its own feature.
  defineHeldSignUpRelease(deps);
  defineHeldContactRelease(deps);
  defineHeldNewsletterRelease(deps);
  defineHeldReportRelease(deps);
  defineHeldComplaintRelease(deps);
  // ... and those that go out by themselves after a delay (docs/decisions/058).
  defineHeldReleaseSweep(deps);
}
