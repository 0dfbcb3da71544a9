// /api/moderation/visitor-reports (docs/decisions/079): anyone may report a discussion or a reply
// with an email address. The report reaches the queue at once, below confirmed ones until the
// mailed link is opened; the answer is the same whatever the post's state, so the form tells
// nobody which posts exist, and a missing post queues nothing.
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "@/server/context";
import { type Db, queryRows } from "@/server/db/client";
import { createOnce, idempotencyKey } from "@/server/domain/idempotency/idempotent-create";
import {
  readReportConfirmToken,
  reportConfirmLink,
} from "@/server/domain/moderation/report-confirm-token";
import {
  HELD_RELEASE_QUEUES,
  holdSubmission,
  submissionHoldReason,
} from "@/server/domain/spam/held-submissions";
import { clientPrefix } from "@/server/lib/client-prefix";
import { HttpError } from "@/server/lib/http-error";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import { jsonBody } from "@/server/lib/validate";
import {
  VISITOR_REPORT_THANKS,
  type VisitorReportTarget,
  visitorReportConfirmSchema,
  visitorReportSchema,
} from "@/shared/moderation";
import type { IllegalHarmKind } from "@/shared/online-safety";
import { reportAcknowledgement } from "./report-emails";

export const REPORT_LINK_INVALID = "This link is invalid or has expired.";
const TOO_MANY = "Too many reports. Please try again later.";

/** Enough for a person who meets several illegal posts; not enough to flood the queue. */
export const VISITOR_REPORT_LIMITS = {
  /** Per network (an IPv6 /64 or an IPv4 /24: decision 051), so rotating addresses gains nothing. */
  perNetwork: { name: "visitor-report-network", max: 10, windowSeconds: 3600, message: TOO_MANY },
  /** Per address typed: it is mailed each time. */
  perEmail: { name: "visitor-report-email", max: 5, windowSeconds: 3600, message: TOO_MANY },
  /** Per post: one post's reports from visitors beyond this add nothing for the moderators. */
  perItem: { name: "visitor-report-item", max: 20, windowSeconds: 24 * 3600, message: TOO_MANY },
  /** For the whole site: a ceiling on the queue and on the mail a flood could send. */
  site: { name: "visitor-report-site", max: 200, windowSeconds: 3600, message: TOO_MANY },
} satisfies Record<string, RateLimitRule>;

/** A visitor's report as the route and the held release take it. */
export type VisitorReport = {
  email: string;
  targetKind: VisitorReportTarget;
  targetId: string;
  reason: "spam" | "harassment" | "illegal" | "other";
  harmKind: IllegalHarmKind | null;
  details: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the post exists in any state (hidden, deleted and held posts are still reported). */
async function postExists(db: Db, kind: VisitorReportTarget, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const table = kind === "discussion" ? sql`discussions` : sql`discussion_replies`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from ${table} where id = ${id}::uuid`,
  );
  return rows.length > 0;
}

/**
 * Queues the report when the post exists (once per address and post while open) and mails the
 * acknowledgement either way: the mail says nothing of the post's state either.
 */
export async function acceptVisitorReport(
  deps: AppDeps,
  tx: Db,
  report: VisitorReport,
): Promise<void> {
  if (await postExists(tx, report.targetKind, report.targetId)) {
    await tx.execute(
      sql`insert into reports (reporter_email, target_kind, target_id, reason, harm_kind, details)
          select ${report.email}, ${report.targetKind}, ${report.targetId}, ${report.reason},
            ${report.harmKind}, ${report.details}
          where not exists (
            select 1 from reports where reporter_email = ${report.email}
              and target_kind = ${report.targetKind} and target_id = ${report.targetId}
              and resolved_at is null)`,
    );
  }
  try {
    // In a savepoint: the report stays queued even when its mail cannot be.
    await tx.transaction((savepoint) =>
      deps.mailer.send(
        reportAcknowledgement({
          to: report.email,
          siteName: deps.env.siteName,
          targetKind: report.targetKind,
          reason: report.reason,
          harmKind: report.harmKind ?? undefined,
          confirmLink: reportConfirmLink(deps.env.siteUrl, deps.secret, report.email),
        }),
        { tx: savepoint as unknown as Db },
      ),
    );
  } catch (error) {
    deps.logger.error({ err: error }, "report acknowledgement failed");
  }
}

export const visitorReportRoutes = new Hono<AppEnv>()
  .post("/", idempotencyKey(), jsonBody(visitorReportSchema), async (c) => {
    const { deps, clientIp } = c.var;
    const input = c.req.valid("json");
    const report: VisitorReport = {
      email: input.email.toLowerCase(),
      targetKind: input.targetKind,
      targetId: input.targetId,
      reason: input.reason,
      harmKind: input.harmKind ?? null,
      details: input.details || null,
    };
    const holdReason = await submissionHoldReason(c);
    // One transaction with the Idempotency-Key's record (docs/decisions/033): a retry counts
    // against no limit and mails nothing again.
    return createOnce(c, async (tx) => {
      const limits = deps.rateLimiter.within(tx);
      await limits.hit(VISITOR_REPORT_LIMITS.perNetwork, clientPrefix(clientIp));
      await limits.hit(VISITOR_REPORT_LIMITS.site, "site");
      await limits.hit(VISITOR_REPORT_LIMITS.perEmail, report.email);
      await limits.hit(VISITOR_REPORT_LIMITS.perItem, `${report.targetKind}:${report.targetId}`);
      // Held like the other public forms (docs/decisions/034): the same answer.
      if (holdReason) {
        await holdSubmission(
          tx,
          { kind: "report", payload: report, reason: holdReason, userId: null },
          deps.env.spamReleaseAfterMinutes,
        );
      } else {
        await acceptVisitorReport(deps, tx, report);
      }
      return { message: VISITOR_REPORT_THANKS };
    });
  })
  // The mailed link: opening it (and pressing the button, since mail scanners open links)
  // confirms every report from the address. A valid token is always confirmed, reports or not.
  .post("/confirm", jsonBody(visitorReportConfirmSchema), async (c) => {
    const { deps } = c.var;
    const email = readReportConfirmToken(deps.secret, c.req.valid("json").token);
    if (!email) throw new HttpError(400, REPORT_LINK_INVALID, { code: "INVALID_TOKEN" });
    await deps.db.execute(
      sql`update reports set email_confirmed_at = now()
          where reporter_email = ${email} and email_confirmed_at is null`,
    );
    return c.json({ confirmed: true });
  });

/** A held report a moderator released: it reaches the queue as if it had just been sent. */
export function defineHeldReportRelease(deps: AppDeps): void {
  deps.jobs.define<VisitorReport>({
    name: HELD_RELEASE_QUEUES.report,
    handler: async (report, job) => {
      await deps.db.transaction(async (tx) => {
        await acceptVisitorReport(deps, tx as unknown as Db, report);
        await job.completeIn(tx as unknown as Db);
      });
    },
  });
}
