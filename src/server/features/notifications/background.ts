// The notifications feature's queues (docs/decisions/023): events fanned out to entries (and the
// outbox's, decision 092), the mail about them, and the daily removal of old entries.
import type { AppDeps } from "@/server/context";
import {
  NOTIFICATION_EVENTS_QUEUE,
  type NotificationEvent,
} from "@/server/domain/notifications/events";
import { handleNotificationEvent } from "./fan-out";
import { defineNotificationMail } from "./notification-mail";
import { defineOutboxWork } from "./outbox";
import { defineNotificationSweep } from "./retention";

export function defineNotificationWork(deps: AppDeps): void {
  const { db, jobs } = deps;
  jobs.define<NotificationEvent>({
    name: NOTIFICATION_EVENTS_QUEUE,
    retryLimit: 10,
    retryDelaySeconds: 5,
    handler: (event, job) => handleNotificationEvent(db, jobs, event, job.completeIn),
  });
  defineNotificationMail({
    db,
    jobs,
    mailer: deps.mailer,
    logger: deps.logger,
    secret: deps.secret,
    site: { siteName: deps.env.siteName, siteUrl: deps.env.siteUrl },
  });
  defineOutboxWork(jobs, db, deps.logger);
  defineNotificationSweep(jobs, db, deps.logger);
}
