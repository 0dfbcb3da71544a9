// /api/moderation (docs/decisions/027): members report and appeal; moderators and admins read
// the queue, act on reported items, suspend and lift; everyone reads the public log.
import { sql } from "drizzle-orm";
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { allowedTo, signedIn } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import { type Db, queryRows } from "@/server/db/client";
import { createOnce, idempotencyKey } from "@/server/domain/idempotency/idempotent-create";
import { NO_REASON_GIVEN } from "@/server/domain/moderation/log";
import { activeSuspension } from "@/server/domain/moderation/suspensions";
import { HttpError } from "@/server/lib/http-error";
import { memberIdParam, uuidParam } from "@/server/lib/ids";
import { pageQuerySchema } from "@/server/lib/page-cursor";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import { jsonBody, queryParams } from "@/server/lib/validate";
import {
  ALREADY_REPORTED,
  appealSchema,
  approveHeldPostSchema,
  HELD_POST_KINDS,
  type HeldPostKind,
  moderationReasonSchema,
  queueActionSchema,
  REPORT_TARGETS,
  REPORT_THANKS,
  type ReportTarget,
  reportFields,
  suspendSchema,
  withHarmKindRule,
} from "@/shared/moderation";
import { requiredText } from "@/shared/schemas";
import { actOnItem, createAppeal, decideAppeal, liftSuspension, suspendMember } from "./actions";
import { EDIT_LOG_PAGE_SIZE, moderatorEditLog } from "./edit-log";
import { decideHeldSubmission, HELD_NOT_FOUND } from "./held";
import { decideHeldPost, HELD_POST_NOT_FOUND } from "./held-posts";
import { PUBLIC_LOG_PAGE_SIZE, publicModerationLog } from "./public-log";
import { loadQueue } from "./queue";
import { findTarget, isTargetId, TARGET_NOT_FOUND } from "./targets";
import { visitorReportRoutes } from "./visitor-reports";

export const OWN_ITEM_MESSAGE = "You cannot report your own content.";
export const MEMBER_NOT_FOUND = "Member not found";

/** Reports per member: enough for an honest member, not for flooding the queue. */
export const REPORT_RATE_LIMIT: RateLimitRule = {
  name: "report",
  max: 20,
  windowSeconds: 3600,
  message: "You have sent many reports. Please wait a while before sending more.",
};

const reportBodySchema = withHarmKindRule(
  reportFields.extend({
    targetKind: z.enum(REPORT_TARGETS, { error: "Choose a discussion, reply, profile or tag" }),
    targetId: z.string({ error: "Say what you report" }).min(1, "Say what you report").max(100),
  }),
);

const appealBodySchema = appealSchema.extend({
  actionId: z.guid("There is no decision of yours to appeal here."),
});

const decisionSchema = z.object({
  decision: z.enum(["keep", "reverse"], { error: "Choose keep or reverse" }),
  reason: requiredText("Reason", 500),
});

function targetKindParam(c: Context): ReportTarget {
  const kind = c.req.param("kind");
  if (!(REPORT_TARGETS as readonly string[]).includes(kind ?? "")) {
    throw new HttpError(404, "Not found");
  }
  return kind as ReportTarget;
}

async function memberExists(db: Db, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(db, sql`select id from profiles where id = ${id}`);
  return rows.length > 0;
}

/** The held post in the path; 404 for a kind or id that cannot be one. */
function heldPostTarget(c: Context): { kind: HeldPostKind; id: string } {
  const kind = c.req.param("kind") ?? "";
  if (!(HELD_POST_KINDS as readonly string[]).includes(kind)) {
    throw new HttpError(404, HELD_POST_NOT_FOUND);
  }
  return { kind: kind as HeldPostKind, id: uuidParam(c, "id", HELD_POST_NOT_FOUND) };
}

const memberId = (c: Context) => memberIdParam(c, "id", MEMBER_NOT_FOUND);

export const moderationRoutes = new Hono<AppEnv>()
  .get("/log", queryParams(pageQuerySchema(PUBLIC_LOG_PAGE_SIZE, 50)), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    return c.json(await publicModerationLog(c.var.deps.db, cursor, limit));
  })
  // Reports from visitors who are not signed in (docs/decisions/079).
  .route("/visitor-reports", visitorReportRoutes)
  .post("/reports", signedIn(), idempotencyKey(), jsonBody(reportBodySchema), async (c) => {
    const { viewer } = c.var;
    const { db, rateLimiter } = c.var.deps;
    const input = c.req.valid("json");
    // As members see it, whoever reports (a tag a moderator alone sees is not reported).
    const target = await findTarget(db, input.targetKind, input.targetId);
    if (!target) throw new HttpError(404, TARGET_NOT_FOUND[input.targetKind]);
    if (target.authorId === viewer.id) throw new HttpError(400, OWN_ITEM_MESSAGE);
    // One transaction with the Idempotency-Key's record (docs/decisions/033).
    return createOnce(c, async (tx) => {
      await rateLimiter.within(tx).hit(REPORT_RATE_LIMIT, viewer.id);
      const rows = await queryRows<{ id: string }>(
        tx,
        sql`insert into reports (reporter_id, target_kind, target_id, reason, harm_kind, details)
            values (${viewer.id}, ${target.kind}, ${target.id}, ${input.reason},
              ${input.harmKind ?? null}, ${input.details || null})
            on conflict (reporter_id, target_kind, target_id) do nothing
            returning id`,
      );
      if (rows.length === 0) throw new HttpError(409, ALREADY_REPORTED);
      return { message: REPORT_THANKS };
    });
  })
  .post("/appeals", signedIn(), jsonBody(appealBodySchema), async (c) => {
    const { actionId, message } = c.req.valid("json");
    const id = await createAppeal(c.var.deps.db, c.var.viewer, actionId, message);
    return c.json({ id, message: "Your appeal has been sent to the moderators." }, 201);
  })
  // Edits of others' posts with the text before them: staff only (docs/decisions/048).
  .get(
    "/edits",
    allowedTo("moderate"),
    queryParams(pageQuerySchema(EDIT_LOG_PAGE_SIZE, 50)),
    async (c) => {
      c.header("cache-control", "no-store");
      const { cursor, limit } = c.req.valid("query");
      return c.json(await moderatorEditLog(c.var.deps.db, cursor, limit));
    },
  )
  .get("/queue", allowedTo("moderate"), async (c) => {
    c.header("cache-control", "no-store");
    return c.json(await loadQueue(c.var.deps.db));
  })
  .post(
    "/items/:kind/:id/actions",
    allowedTo("moderate"),
    jsonBody(queueActionSchema),
    async (c) => {
      const kind = targetKindParam(c);
      const targetId = c.req.param("id");
      if (!isTargetId(kind, targetId)) throw new HttpError(404, TARGET_NOT_FOUND[kind]);
      const { db } = c.var.deps;
      const input = c.req.valid("json");
      // Dismissing a report of something gone since is still a decision; acting on it is not.
      const target =
        (await findTarget(db, kind, targetId, c.var.viewer)) ??
        (input.action === "dismiss" ? { kind, id: targetId, authorId: null, hidden: false } : null);
      if (!target) throw new HttpError(404, TARGET_NOT_FOUND[kind]);
      const id = await actOnItem(c.var.deps, c.var.viewer, target, input);
      return c.json({ id, action: input.action });
    },
  )
  // One member's history, linked from the page's Moderate menu (docs/product.md §11.8): the
  // public log's entries about them, for staff, who act on it.
  .get(
    "/members/:id/log",
    allowedTo("moderate"),
    queryParams(pageQuerySchema(PUBLIC_LOG_PAGE_SIZE, 50)),
    async (c) => {
      c.header("cache-control", "no-store");
      const { cursor, limit } = c.req.valid("query");
      return c.json(await publicModerationLog(c.var.deps.db, cursor, limit, memberId(c)));
    },
  )
  .get("/members/:id/suspension", allowedTo("moderate"), async (c) => {
    const suspension = await activeSuspension(c.var.deps.db, memberId(c));
    return c.json({
      suspension: suspension ? { reason: suspension.reason, endsAt: suspension.endsAt } : null,
    });
  })
  .post("/members/:id/suspensions", allowedTo("moderate"), jsonBody(suspendSchema), async (c) => {
    const id = memberId(c);
    if (!(await memberExists(c.var.deps.db, id))) throw new HttpError(404, MEMBER_NOT_FOUND);
    const actionId = await suspendMember(c.var.deps, c.var.viewer, id, c.req.valid("json"));
    return c.json({ id: actionId }, 201);
  })
  .post("/members/:id/lift", allowedTo("moderate"), jsonBody(moderationReasonSchema), async (c) => {
    const id = memberId(c);
    const actionId = await liftSuspension(c.var.deps, c.var.viewer, id, c.req.valid("json").reason);
    return c.json({ id: actionId });
  })
  .post("/held/:id/release", allowedTo("moderate"), jsonBody(moderationReasonSchema), async (c) => {
    const id = uuidParam(c, "id", HELD_NOT_FOUND);
    const { reason } = c.req.valid("json");
    return c.json({
      id: await decideHeldSubmission(c.var.deps, c.var.viewer, id, "release", reason),
    });
  })
  .post("/held/:id/discard", allowedTo("moderate"), jsonBody(moderationReasonSchema), async (c) => {
    const id = uuidParam(c, "id", HELD_NOT_FOUND);
    const { reason } = c.req.valid("json");
    return c.json({
      id: await decideHeldSubmission(c.var.deps, c.var.viewer, id, "discard", reason),
    });
  })
  .post(
    "/held-posts/:kind/:id/approve",
    allowedTo("moderate"),
    jsonBody(approveHeldPostSchema),
    async (c) => {
      const target = heldPostTarget(c);
      const reason = c.req.valid("json").reason ?? NO_REASON_GIVEN;
      const id = await decideHeldPost(c.var.deps, c.var.viewer, target, "approve", reason);
      return c.json({ id });
    },
  )
  .post(
    "/held-posts/:kind/:id/delete",
    allowedTo("moderate"),
    jsonBody(moderationReasonSchema),
    async (c) => {
      const target = heldPostTarget(c);
      const { reason } = c.req.valid("json");
      return c.json({
        id: await decideHeldPost(c.var.deps, c.var.viewer, target, "delete", reason),
      });
    },
  )
  .post("/appeals/:id/decision", allowedTo("moderate"), jsonBody(decisionSchema), async (c) => {
    const id = uuidParam(c, "id", "Appeal not found");
    return c.json({ id: await decideAppeal(c.var.deps, c.var.viewer, id, c.req.valid("json")) });
  });
