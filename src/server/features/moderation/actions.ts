// What moderators do (docs/decisions/027): dismiss, hide, delete, suspend, lift, and decide
// appeals (a reported tag: dismiss or delete, decision 070). Each action is one transaction:
// the change, its row in the moderation log (who, what, when, why), the item's open reports
// closed with it, and the event that tells the reporters and the author
// (features/notifications/fan-out.ts).
import { sql } from "drizzle-orm";
import type { Viewer } from "@/server/auth/viewer";
import type { AppDeps } from "@/server/context";
import { type Db, queryRows } from "@/server/db/client";
import { recordModerationAction } from "@/server/domain/moderation/log";
import { requirePostRight } from "@/server/domain/moderation/post-edits";
import {
  forgetEndedSuspensionAddresses,
  rememberSuspendedAddress,
} from "@/server/domain/moderation/suspended-addresses";
import { ACTIVE_SUSPENSION } from "@/server/domain/moderation/suspensions";
import { queueNotificationEvent } from "@/server/domain/notifications/events";
import { deleteTag } from "@/server/domain/tags/tags";
import { HttpError } from "@/server/lib/http-error";
import { publishDiscussionChange } from "@/server/lib/live-discussions";
import { APPEALABLE_ACTIONS } from "@/shared/appeals";
import {
  ADMIN_POSTS_PROTECTED,
  QUEUE_ACTIONS_FOR,
  type QueueAction,
  SUSPENSION_DAYS,
  type SuspensionLength,
} from "@/shared/moderation";
import { can, isRole, STAFF_ROLES } from "@/shared/permissions";
import { RULE_FOR_REPORT_REASON, type TermsRuleKey } from "@/shared/terms-rules";
import { reportOutcome } from "./report-emails";
import type { Target } from "./targets";

export const NOT_FOR_PROFILES =
  "A profile cannot be hidden or deleted. Suspend the member instead.";
export const NOT_FOR_TAGS =
  "A tag cannot be hidden and has no author to suspend. Delete it or dismiss the report.";
export const LENGTH_REQUIRED = "Choose how long the suspension lasts";
export const NO_AUTHOR = "This item's author no longer has an account.";
export const NOT_YOURSELF = "You cannot suspend yourself.";
export const STAFF_PROTECTED = "Moderators cannot suspend staff.";
export const NOT_SUSPENDED = "This member is not suspended.";
export const ALREADY_HIDDEN = "This is already hidden.";

const inTransaction = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((transaction) => work(transaction as unknown as Db));

async function roleOf(db: Db, userId: string): Promise<string> {
  const [row] = await queryRows<{ role: string }>(
    db,
    sql`select coalesce((select role from user_roles where user_id = ${userId}), 'user') as role`,
  );
  return row?.role ?? "user";
}

/** Refuses a suspension the actor may not make: of themselves, or of staff by a moderator. */
async function checkSuspendable(db: Db, actor: Viewer, memberId: string): Promise<void> {
  if (memberId === actor.id) throw new HttpError(400, NOT_YOURSELF);
  const role = await roleOf(db, memberId);
  const isStaff = isRole(role) && (STAFF_ROLES as readonly string[]).includes(role);
  if (isStaff && !can(actor.role, "manageUsers")) throw new HttpError(403, STAFF_PROTECTED);
}

/** Suspends the member and keeps their address's keyed hash while it lasts (decision 047). */
async function insertSuspension(
  tx: Db,
  secret: string,
  actor: Viewer,
  memberId: string,
  reason: string,
  length: SuspensionLength,
): Promise<string | null> {
  const days = SUSPENSION_DAYS[length];
  const [row] = await queryRows<{ ends_at: string | null }>(
    tx,
    sql`insert into suspensions (user_id, reason, ends_at, created_by)
        values (${memberId}, ${reason},
          ${days === null ? null : sql`now() + make_interval(days => ${days})`}, ${actor.id})
        returning to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ends_at`,
  );
  const [member] = await queryRows<{ email: string }>(
    tx,
    sql`select email from "user" where id = ${memberId}`,
  );
  if (member) await rememberSuspendedAddress(tx, secret, { id: memberId, email: member.email });
  return row?.ends_at ?? null;
}

/**
 * Closes the item's open reports with this action; the reporters hear of it: members by
 * notification, visitors by mail (docs/decisions/079), neither told who decided.
 */
async function resolveReports(
  deps: AppDeps,
  tx: Db,
  target: Target,
  action: QueueAction,
  actionId: string,
): Promise<void> {
  const visitors = await queryRows<{ email: string }>(
    tx,
    sql`with closed as (
          update reports set resolved_at = now(), resolution_id = ${actionId}::uuid
          where target_kind = ${target.kind} and target_id = ${target.id} and resolved_at is null
          returning reporter_email)
        select distinct reporter_email as email from closed where reporter_email is not null`,
  );
  for (const { email } of visitors) {
    await deps.mailer.send(reportOutcome({ to: email, siteName: deps.env.siteName, action }), {
      tx,
    });
  }
}

async function discussionOf(db: Db, target: Target): Promise<string | null> {
  if (target.kind === "discussion") return target.id;
  if (target.kind !== "reply") return null;
  const [row] = await queryRows<{ discussion_id: string }>(
    db,
    sql`select discussion_id from discussion_replies where id = ${target.id}::uuid`,
  );
  return row?.discussion_id ?? null;
}

/** Tells open pages that the item changed (a hidden or deleted discussion or reply). */
async function announce(deps: AppDeps, target: Target, action: QueueAction): Promise<void> {
  const discussionId = await discussionOf(deps.db, target);
  if (!discussionId) return;
  if (target.kind === "discussion") {
    const type = action === "delete" ? "deleted" : "updated";
    await publishDiscussionChange(deps.db, { type, id: discussionId }, deps.logger);
  } else {
    await publishDiscussionChange(
      deps.db,
      {
        type: "updated",
        id: discussionId,
        reply: { type: action === "delete" ? "deleted" : "edited", id: target.id },
      },
      deps.logger,
    );
  }
}

/**
 * The rule a hide, delete or suspension cites when the moderator chose none: the one the
 * item's open reports name, illegal content first, then the most reported (docs/decisions/082).
 */
async function ruleFromReports(db: Db, target: Target): Promise<TermsRuleKey | null> {
  const rows = await queryRows<{ reason: string }>(
    db,
    sql`select reason from reports
        where target_kind = ${target.kind} and target_id = ${target.id} and resolved_at is null
        group by reason order by (reason = 'illegal') desc, count(*) desc, reason`,
  );
  for (const { reason } of rows) {
    const rule = RULE_FOR_REPORT_REASON[reason];
    if (rule) return rule;
  }
  return null;
}

/** The queue's actions on one reported item. Returns the moderation log row's id. */
export async function actOnItem(
  deps: AppDeps,
  actor: Viewer,
  target: Target,
  input: { action: QueueAction; reason: string; rule?: TermsRuleKey; length?: SuspensionLength },
): Promise<string> {
  const { action, reason } = input;
  const rule =
    action === "dismiss" ? null : (input.rule ?? (await ruleFromReports(deps.db, target)));
  if (!QUEUE_ACTIONS_FOR[target.kind].includes(action)) {
    throw new HttpError(400, target.kind === "tag" ? NOT_FOR_TAGS : NOT_FOR_PROFILES);
  }
  const isPost = target.kind === "discussion" || target.kind === "reply";
  // The queue's delete is a delete: never of an admin's post by a moderator (docs/decisions/048).
  if (action === "delete" && isPost && target.authorId) {
    const authorIsAdmin = (await roleOf(deps.db, target.authorId)) === "admin";
    requirePostRight(
      actor,
      { authorId: target.authorId, authorIsAdmin },
      target.kind === "discussion" ? "moderateDiscussions" : "moderateReplies",
      ADMIN_POSTS_PROTECTED,
    );
  }
  if (action === "suspend") {
    if (!input.length)
      throw new HttpError(400, LENGTH_REQUIRED, { fields: { length: LENGTH_REQUIRED } });
    if (!target.authorId) throw new HttpError(409, NO_AUTHOR);
    await checkSuspendable(deps.db, actor, target.authorId);
  }
  const actionId = await inTransaction(deps.db, async (tx) => {
    let endsAt: string | null = null;
    if (action === "hide") {
      const table = target.kind === "discussion" ? sql`discussions` : sql`discussion_replies`;
      await tx.execute(
        sql`update ${table} set hidden_at = coalesce(hidden_at, now()) where id = ${target.id}::uuid`,
      );
    } else if (action === "delete" && target.kind === "tag") {
      // As the CMS Tags tab deletes it: off every discussion, counts by trigger.
      await deleteTag(tx, target.id);
    } else if (action === "delete") {
      await tx.execute(
        target.kind === "discussion"
          ? sql`update discussions set status = 'deleted', deleted_at = now(), updated_at = now()
                where id = ${target.id}::uuid and status = 'active'`
          : sql`update discussion_replies set deleted_at = now(), updated_at = now()
                where id = ${target.id}::uuid and deleted_at is null`,
      );
    } else if (action === "suspend" && target.authorId && input.length) {
      endsAt = await insertSuspension(
        tx,
        deps.secret,
        actor,
        target.authorId,
        reason,
        input.length,
      );
    }
    const id = await recordModerationAction(tx, {
      actorId: actor.id,
      action,
      targetKind: target.kind,
      targetId: target.id,
      subjectId: target.authorId,
      reason,
      rule,
      endsAt,
    });
    await resolveReports(deps, tx, target, action, id);
    await queueNotificationEvent(deps.jobs, { type: "moderation-outcome", actionId: id }, { tx });
    return id;
  });
  if (isPost && (action === "hide" || action === "delete")) await announce(deps, target, action);
  return actionId;
}

/** Suspends a member from their profile's menu. Returns the moderation log row's id. */
export async function suspendMember(
  deps: AppDeps,
  actor: Viewer,
  memberId: string,
  input: { reason: string; rule?: TermsRuleKey; length: SuspensionLength },
): Promise<string> {
  await checkSuspendable(deps.db, actor, memberId);
  return inTransaction(deps.db, async (tx) => {
    const endsAt = await insertSuspension(
      tx,
      deps.secret,
      actor,
      memberId,
      input.reason,
      input.length,
    );
    const id = await recordModerationAction(tx, {
      actorId: actor.id,
      action: "suspend",
      targetKind: "member",
      targetId: memberId,
      subjectId: memberId,
      reason: input.reason,
      rule: input.rule ?? null,
      endsAt,
    });
    await queueNotificationEvent(deps.jobs, { type: "moderation-outcome", actionId: id }, { tx });
    return id;
  });
}

/** Lifts a member's active suspensions before their end. 404 when there is none. */
export async function liftSuspension(
  deps: AppDeps,
  actor: Viewer,
  memberId: string,
  reason: string,
): Promise<string> {
  return inTransaction(deps.db, async (tx) => {
    const lifted = await queryRows<{ id: string }>(
      tx,
      sql`update suspensions s set lifted_at = now(), lifted_by = ${actor.id}
          where s.user_id = ${memberId} and ${ACTIVE_SUSPENSION}
          returning s.id`,
    );
    if (lifted.length === 0) throw new HttpError(404, NOT_SUSPENDED);
    await forgetEndedSuspensionAddresses(tx);
    const id = await recordModerationAction(tx, {
      actorId: actor.id,
      action: "lift",
      targetKind: "member",
      targetId: memberId,
      subjectId: memberId,
      reason,
    });
    await queueNotificationEvent(deps.jobs, { type: "moderation-outcome", actionId: id }, { tx });
    return id;
  });
}

type LoggedAction = {
  id: string;
  action: string;
  target_kind: string;
  target_id: string;
  subject_id: string | null;
};

/** Undoes a hide, a delete or a suspension (an appeal upheld). */
async function reverse(tx: Db, action: LoggedAction, actor: Viewer): Promise<void> {
  if (action.action === "hide") {
    const table = action.target_kind === "discussion" ? sql`discussions` : sql`discussion_replies`;
    await tx.execute(
      sql`update ${table} set hidden_at = null where id = ${action.target_id}::uuid`,
    );
  } else if (action.action === "delete") {
    await tx.execute(
      action.target_kind === "discussion"
        ? sql`update discussions set status = 'active', deleted_at = null, updated_at = now()
              where id = ${action.target_id}::uuid and status = 'deleted'`
        : sql`update discussion_replies set deleted_at = null, updated_at = now()
              where id = ${action.target_id}::uuid`,
    );
  } else if (action.action === "suspend" && action.subject_id) {
    await tx.execute(
      sql`update suspensions s set lifted_at = now(), lifted_by = ${actor.id}
          where s.user_id = ${action.subject_id} and ${ACTIVE_SUSPENSION}`,
    );
    await forgetEndedSuspensionAddresses(tx);
  }
}

export const APPEAL_NOT_FOUND = "Appeal not found";
export const ALREADY_DECIDED = "This appeal has been decided already.";

/**
 * Decides an open appeal: `uphold` keeps the action, `reverse` undoes it. Logged like any
 * action (appeal-kept or appeal-reversed, on the original action), and the member is told.
 */
export async function decideAppeal(
  deps: AppDeps,
  actor: Viewer,
  appealId: string,
  input: { decision: "keep" | "reverse"; reason: string },
): Promise<string> {
  return inTransaction(deps.db, async (tx) => {
    const [appeal] = await queryRows<LoggedAction & { resolved: boolean }>(
      tx,
      sql`select m.id, m.action, m.target_kind, m.target_id, m.subject_id,
            a.resolved_at is not null as resolved
          from appeals a join moderation_actions m on m.id = a.action_id
          where a.id = ${appealId}::uuid
          for update of a`,
    );
    if (!appeal) throw new HttpError(404, APPEAL_NOT_FOUND);
    if (appeal.resolved) throw new HttpError(409, ALREADY_DECIDED);
    if (input.decision === "reverse") await reverse(tx, appeal, actor);
    await tx.execute(sql`update appeals set resolved_at = now() where id = ${appealId}::uuid`);
    const id = await recordModerationAction(tx, {
      actorId: actor.id,
      action: input.decision === "reverse" ? "appeal-reversed" : "appeal-kept",
      targetKind: "action",
      targetId: appeal.id,
      subjectId: appeal.subject_id,
      reason: input.reason,
    });
    await queueNotificationEvent(deps.jobs, { type: "moderation-outcome", actionId: id }, { tx });
    return id;
  });
}

export const APPEAL_NOT_YOURS = "There is no decision of yours to appeal here.";
export const ALREADY_APPEALED = "You have already appealed this decision.";

/** The member's one appeal of an action taken on their content or account. */
export async function createAppeal(
  db: Db,
  member: Viewer,
  actionId: string,
  message: string,
): Promise<string> {
  const [action] = await queryRows<{ id: string }>(
    db,
    sql`select id from moderation_actions
        where id = ${actionId}::uuid and subject_id = ${member.id}
          and action = any(${sql.param([...APPEALABLE_ACTIONS])}::text[])`,
  );
  if (!action) throw new HttpError(404, APPEAL_NOT_YOURS);
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into appeals (action_id, user_id, message)
        values (${actionId}::uuid, ${member.id}, ${message})
        on conflict (action_id) do nothing
        returning id`,
  );
  if (!row) throw new HttpError(409, ALREADY_APPEALED);
  return row.id;
}
