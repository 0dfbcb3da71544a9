// New members' limits (issue 17, docs/decisions/031): an account under a day old, or with fewer
// than three posts anyone can read, starts at most 3 discussions and posts at most 10 replies
// an hour, with at most 2 links a post. Staff are exempt. The hourly counts use the rate
// limiter's counters (lib/rate-limit.ts), so they hold across instances and scale with
// RATE_LIMIT_MULTIPLIER like every other limit.
import { sql } from "drizzle-orm";
import type { Viewer } from "@/server/auth/viewer";
import { type Db, queryRows } from "@/server/db/client";
import { HttpError } from "@/server/lib/http-error";
import type { RateLimiter, RateLimitRule } from "@/server/lib/rate-limit";
import {
  countLinks,
  NEW_MEMBER_DISCUSSIONS_MESSAGE,
  NEW_MEMBER_LINKS_MESSAGE,
  NEW_MEMBER_REPLIES_MESSAGE,
  NEW_MEMBER_RULES,
} from "@/shared/new-members";
import { STAFF_ROLES } from "@/shared/permissions";

const HOUR = 3600;

export const NEW_MEMBER_DISCUSSION_LIMIT: RateLimitRule = {
  name: "new-member-discussions",
  max: NEW_MEMBER_RULES.discussionsPerHour,
  windowSeconds: HOUR,
  message: NEW_MEMBER_DISCUSSIONS_MESSAGE,
};

export const NEW_MEMBER_REPLY_LIMIT: RateLimitRule = {
  name: "new-member-replies",
  max: NEW_MEMBER_RULES.repliesPerHour,
  windowSeconds: HOUR,
  message: NEW_MEMBER_REPLIES_MESSAGE,
};

const isStaff = (viewer: Viewer) => (STAFF_ROLES as readonly string[]).includes(viewer.role);

/**
 * Whether the member is new: the account is younger than a day, or it has fewer than three
 * posts anyone can read (active discussions and replies, the counts the database keeps).
 */
export async function isNewMember(db: Db, memberId: string): Promise<boolean> {
  const [row] = await queryRows<{ is_new: boolean }>(
    db,
    sql`select u.created_at > now() - make_interval(hours => ${NEW_MEMBER_RULES.accountAgeHours})
          or coalesce(p.discussions_count, 0) + coalesce(p.replies_count, 0) < ${NEW_MEMBER_RULES.minPosts}
          as is_new
        from "user" u left join profiles p on p.id = u.id
        where u.id = ${memberId}`,
  );
  return row?.is_new ?? true;
}

type Post = {
  /** The post's text the links are counted in (a discussion's title and content). */
  text: string;
  /** The field the refusal names. */
  field: string;
};

function refuseLinks(post: Post): void {
  if (countLinks(post.text) > NEW_MEMBER_RULES.linksPerPost) {
    throw new HttpError(400, NEW_MEMBER_LINKS_MESSAGE, {
      fields: { [post.field]: NEW_MEMBER_LINKS_MESSAGE },
    });
  }
}

/**
 * Before a new post is stored: 400 for too many links, then 429 (with Retry-After) over the
 * hourly count. Nothing for staff and established members.
 */
export async function enforceNewMemberPostLimits(
  deps: { db: Db; rateLimiter: RateLimiter },
  viewer: Viewer,
  rule: RateLimitRule,
  post: Post,
): Promise<void> {
  if (isStaff(viewer) || !(await isNewMember(deps.db, viewer.id))) return;
  refuseLinks(post);
  await deps.rateLimiter.hit(rule, viewer.id);
}

/** Before an edit is stored: the link limit alone (an edit is not a new post). */
export async function enforceNewMemberLinkLimit(db: Db, viewer: Viewer, post: Post): Promise<void> {
  if (countLinks(post.text) <= NEW_MEMBER_RULES.linksPerPost) return;
  if (isStaff(viewer) || !(await isNewMember(db, viewer.id))) return;
  refuseLinks(post);
}
