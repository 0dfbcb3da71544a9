// The site's own figures and measures, offered as evidence for the risk assessment (decision
// 076): counted from the tables the features already keep, never stored with the record (a saved
// entry quotes what it relied on in its own words).
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { readSiteSettings } from "@/server/domain/site/site-settings";
import type { OnlineSafetyEvidence, OnlineSafetyMeasure } from "@/shared/online-safety";

export async function siteEvidence(db: Db): Promise<OnlineSafetyEvidence> {
  const year = sql`now() - interval '12 months'`;
  const [members] = await queryRows<{
    total: number;
    admins: number;
    moderators: number;
    suspended: number;
  }>(
    db,
    sql`select
          (select count(*)::int from "user") as total,
          (select count(*)::int from user_roles where role = 'admin') as admins,
          (select count(*)::int from user_roles where role = 'moderator') as moderators,
          (select count(distinct user_id)::int from suspensions
            where lifted_at is null and (ends_at is null or ends_at > now())) as suspended`,
  );
  const reportsByReason = await queryRows<{ reason: string; total: number; last_year: number }>(
    db,
    sql`select reason, count(*)::int as total,
          count(*) filter (where created_at > ${year})::int as last_year
        from reports group by reason order by reason`,
  );
  const actionsByKind = await queryRows<{ action: string; total: number; last_year: number }>(
    db,
    sql`select action, count(*)::int as total,
          count(*) filter (where created_at > ${year})::int as last_year
        from moderation_actions group by action order by action`,
  );
  const [appeals] = await queryRows<{ total: number; reversed: number }>(
    db,
    sql`select count(*)::int as total,
          (select count(*)::int from moderation_actions where action = 'appeal-reversed') as reversed
        from appeals`,
  );
  return {
    members: {
      total: Number(members?.total ?? 0),
      admins: Number(members?.admins ?? 0),
      moderators: Number(members?.moderators ?? 0),
      suspended: Number(members?.suspended ?? 0),
    },
    reportsByReason: reportsByReason.map((r) => ({
      reason: r.reason,
      total: Number(r.total),
      lastYear: Number(r.last_year),
    })),
    actionsByKind: actionsByKind.map((r) => ({
      action: r.action,
      total: Number(r.total),
      lastYear: Number(r.last_year),
    })),
    appeals: { total: Number(appeals?.total ?? 0), reversed: Number(appeals?.reversed ?? 0) },
  };
}

/** The site's measures as they stand: those that are settings say on or off. */
export async function siteMeasures(db: Db): Promise<OnlineSafetyMeasure[]> {
  const settings = await readSiteSettings(db);
  const staffSecondFactor =
    settings.secondFactorRoles.includes("admin") &&
    settings.secondFactorRoles.includes("moderator");
  return [
    {
      key: "reporting",
      label: "Reporting",
      state: "always",
      detail:
        "Members report discussions, replies, profiles and tags, with a reason (spam, harassment, illegal content, other).",
    },
    {
      key: "queue",
      label: "Moderation queue",
      state: "always",
      detail:
        "Moderators see reported items together and hide, delete, dismiss or suspend, with a reason.",
    },
    {
      key: "notices-and-appeals",
      label: "Notices and appeals",
      state: "always",
      detail: "A member acted on is told what was done and why, and may appeal once.",
    },
    {
      key: "public-log",
      label: "Public moderation log",
      state: "always",
      detail: "What moderators did, and why, is listed publicly without naming members.",
    },
    {
      key: "held-first-posts",
      label: "Held first posts",
      state: settings.holdNewMembersFirstPost ? "on" : "off",
      detail: "A new member's first discussion or reply waits for a moderator.",
    },
    {
      key: "spam-defences",
      label: "Spam defences",
      state: "always",
      detail:
        "Sign-ups and public forms that trip the spam checks are held for a moderator; new members' links are limited.",
    },
    {
      key: "blocking",
      label: "Blocking",
      state: "always",
      detail: "Any member blocks another: they no longer see each other's posts or hear from them.",
    },
    {
      key: "rate-limits",
      label: "Rate limits",
      state: "always",
      detail:
        "Posting, reporting, sign-in and the public forms are limited per member and per address.",
    },
    {
      key: "suspension",
      label: "Suspensions",
      state: "always",
      detail:
        "Moderators suspend an account for a time or for good; its addresses cannot sign up again meanwhile.",
    },
    {
      key: "staff-two-factor",
      label: "Staff two-factor",
      state: staffSecondFactor ? "on" : "off",
      detail: "Admins and moderators must use a second factor (an authenticator app or a passkey).",
    },
  ];
}
