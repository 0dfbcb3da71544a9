// /api/complaints (docs/decisions/081): anyone may complain about content, a moderation decision
// or how the site meets its duties; admins (the inbox's readers) track each complaint with a
// status, an owner and a due date, and resolving one mails the outcome. The link is kept as
// typed and never looked up, so the answer is the same whatever it points at.
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { allowedTo } from "@/server/auth/middleware";
import { getViewer } from "@/server/auth/viewer";
import type { AppDeps, AppEnv } from "@/server/context";
import { type Db, queryRows } from "@/server/db/client";
import { deadlineAfter } from "@/server/domain/data-requests/clock";
import { createOnce, idempotencyKey } from "@/server/domain/idempotency/idempotent-create";
import {
  HELD_RELEASE_QUEUES,
  holdSubmission,
  submissionHoldReason,
} from "@/server/domain/spam/held-submissions";
import { clientPrefix } from "@/server/lib/client-prefix";
import { HttpError } from "@/server/lib/http-error";
import { uuidParam } from "@/server/lib/ids";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import { jsonBody } from "@/server/lib/validate";
import { APPEALABLE_ACTIONS } from "@/shared/appeals";
import {
  COMPLAINT_APPEAL_HINT,
  COMPLAINT_EMAIL_REQUIRED,
  COMPLAINT_RESPONSE_DAYS,
  COMPLAINT_STATUS_LABELS,
  COMPLAINT_THANKS,
  type ComplaintAnswer,
  type ComplaintItem,
  type ComplaintKind,
  type ComplaintsList,
  complaintSchema,
  updateComplaintSchema,
} from "@/shared/complaints";
import { complaintAcknowledgement, complaintOutcome } from "./complaint-emails";
import {
  advanceComplaint,
  complaintOwners,
  findComplaint,
  isComplaintOwner,
  listComplaints,
  setComplaintOwner,
} from "./queries";

export const COMPLAINT_NOT_FOUND = "Complaint not found";
export const NOT_AN_OWNER = "Choose an admin to own this complaint.";
const TOO_MANY = "Too many complaints. Please try again later.";

/** The visitor reports' limits (decision 079), a little lower: a complaint is longer to answer. */
export const COMPLAINT_LIMITS = {
  /** Per network (an IPv6 /64 or an IPv4 /24: decision 051). */
  perNetwork: { name: "complaint-network", max: 5, windowSeconds: 3600, message: TOO_MANY },
  /** Per address: it is mailed each time. */
  perEmail: { name: "complaint-email", max: 3, windowSeconds: 3600, message: TOO_MANY },
  /** For the whole site: a ceiling on the list and on the mail a flood could send. */
  site: { name: "complaint-site", max: 100, windowSeconds: 3600, message: TOO_MANY },
} satisfies Record<string, RateLimitRule>;

/** A complaint as the route and the held release take it. */
export type Complaint = {
  kind: ComplaintKind;
  email: string;
  userId: string | null;
  link: string | null;
  message: string;
};

/** Stores the complaint with its due date and mails the acknowledgement. */
export async function acceptComplaint(deps: AppDeps, tx: Db, complaint: Complaint): Promise<void> {
  const [row] = await queryRows<{ due_at: string }>(
    tx,
    sql`insert into complaints (kind, email, user_id, link, message, due_at)
        values (${complaint.kind}, ${complaint.email}, ${complaint.userId}, ${complaint.link},
          ${complaint.message}, ${deadlineAfter(sql`now()`, COMPLAINT_RESPONSE_DAYS)})
        returning to_json(due_at)#>>'{}' as due_at`,
  );
  if (!row) throw new Error("complaint insert returned no row");
  try {
    // In a savepoint: the complaint is kept even when its mail cannot be queued.
    await tx.transaction((savepoint) =>
      deps.mailer.send(
        complaintAcknowledgement({
          to: complaint.email,
          siteName: deps.env.siteName,
          kind: complaint.kind,
          dueAt: row.due_at,
        }),
        { tx: savepoint as unknown as Db },
      ),
    );
  } catch (error) {
    deps.logger.error({ err: error }, "complaint acknowledgement failed");
  }
}

/** Whether the member has a hide, delete or suspension of their own not appealed yet. */
async function hasAppealableDecision(db: Db, userId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select a.id from moderation_actions a
        where a.subject_id = ${userId} and a.action = any(${sql.param([...APPEALABLE_ACTIONS])}::text[])
          and not exists (select 1 from appeals p where p.action_id = a.id)
        limit 1`,
  );
  return rows.length > 0;
}

export const complaintRoutes = new Hono<AppEnv>()
  .post("/", idempotencyKey(), jsonBody(complaintSchema), async (c) => {
    const { deps, clientIp } = c.var;
    const input = c.req.valid("json");
    const viewer = await getViewer(c);
    // A member's complaint goes to their account's address; a visitor must give one.
    const email = (viewer?.email ?? input.email)?.toLowerCase();
    if (!email) {
      throw new HttpError(400, COMPLAINT_EMAIL_REQUIRED, {
        fields: { email: COMPLAINT_EMAIL_REQUIRED },
      });
    }
    const complaint: Complaint = {
      kind: input.kind,
      email,
      userId: viewer?.id ?? null,
      link: input.link || null,
      message: input.message,
    };
    const holdReason = await submissionHoldReason(c);
    return createOnce(c, async (tx) => {
      const limits = deps.rateLimiter.within(tx);
      await limits.hit(COMPLAINT_LIMITS.perNetwork, clientPrefix(clientIp));
      await limits.hit(COMPLAINT_LIMITS.site, "site");
      await limits.hit(COMPLAINT_LIMITS.perEmail, email);
      // Held like the other public forms (docs/decisions/034): the same answer.
      if (holdReason) {
        await holdSubmission(
          tx,
          { kind: "complaint", payload: complaint, reason: holdReason, userId: complaint.userId },
          deps.env.spamReleaseAfterMinutes,
        );
      } else {
        await acceptComplaint(deps, tx, complaint);
      }
      const body: ComplaintAnswer = { message: COMPLAINT_THANKS };
      // Only the member's own decisions: a visitor's answer never varies.
      if (
        viewer &&
        complaint.kind === "moderation_decision" &&
        (await hasAppealableDecision(tx, viewer.id))
      ) {
        body.appeal = COMPLAINT_APPEAL_HINT;
      }
      return body;
    });
  })
  .get("/", allowedTo("inbox"), async (c) => {
    const { db } = c.var.deps;
    const body: ComplaintsList = {
      complaints: await listComplaints(db),
      owners: await complaintOwners(db),
    };
    c.header("cache-control", "private, no-store");
    return c.json(body);
  })
  .patch("/:id", allowedTo("inbox"), jsonBody(updateComplaintSchema), async (c) => {
    const { deps } = c.var;
    const id = uuidParam(c, "id", COMPLAINT_NOT_FOUND);
    const input = c.req.valid("json");
    const updated = await deps.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const complaint = await findComplaint(db, id);
      if (!complaint) throw new HttpError(404, COMPLAINT_NOT_FOUND);
      if (input.ownerId !== undefined) {
        if (input.ownerId !== null && !(await isComplaintOwner(db, input.ownerId))) {
          throw new HttpError(400, NOT_AN_OWNER, { fields: { ownerId: NOT_AN_OWNER } });
        }
        await setComplaintOwner(db, id, input.ownerId);
      }
      if (input.status && input.status !== complaint.status) {
        const outcome = input.status === "completed" ? (input.outcome ?? null) : null;
        if (!(await advanceComplaint(db, id, input.status, outcome))) {
          throw new HttpError(
            409,
            `This complaint is ${COMPLAINT_STATUS_LABELS[complaint.status].toLowerCase()}: it can only move forward, from pending to in progress to resolved.`,
          );
        }
        if (outcome && complaint.email) {
          await deps.mailer.send(
            complaintOutcome({
              to: complaint.email,
              siteName: deps.env.siteName,
              kind: complaint.kind,
              outcome,
            }),
            { tx: db },
          );
        }
      }
      return findComplaint(db, id);
    });
    c.header("cache-control", "private, no-store");
    return c.json(updated satisfies ComplaintItem | null);
  });

/** A held complaint a moderator released: it is stored and acknowledged as if just sent. */
export function defineHeldComplaintRelease(deps: AppDeps): void {
  deps.jobs.define<Complaint>({
    name: HELD_RELEASE_QUEUES.complaint,
    handler: async (complaint, job) => {
      await deps.db.transaction(async (tx) => {
        await acceptComplaint(deps, tx as unknown as Db, complaint);
        await job.completeIn(tx as unknown as Db);
      });
    },
  });
}
