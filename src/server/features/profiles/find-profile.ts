// A profile page's data (docs/product.md §7 get_user_profile and get_user_discussions): the profile with
// its role and active discussion count in one query, its recent discussions in a second.

import { sql } from "drizzle-orm";
import type { Viewer } from "@/server/auth/viewer";
import { type Db, queryRows } from "@/server/db/client";
import { displayName } from "@/server/db/display-name";
import { wordsReadable } from "@/server/domain/visibility/rule";
import { emailFor } from "@/server/lib/member-privacy";
import type { ProfileDiscussion, ProfileResponse, PublicProfile } from "@/shared/api-types";
import { PROFILE_RECENT_DISCUSSIONS } from "@/shared/constants";
import { type ContentFormat, plainText } from "@/shared/markup/plain-text";
import { HIDDEN_BY_MODERATOR } from "@/shared/moderation";
import { can, roleOrDefault } from "@/shared/permissions";

type ProfileRow = {
  id: string;
  email: string;
  full_name: string | null;
  display_name: string;
  avatar_url: string | null;
  bio: string | null;
  location: string | null;
  website: string | null;
  social_twitter: string | null;
  social_linkedin: string | null;
  is_public: boolean;
  role: string | null;
  discussions_count: number;
  replies_count: number;
  reactions_received: number;
  created_at: Date | string;
  last_active_at: Date | string | null;
};

type DiscussionRow = {
  id: string;
  title: string;
  content: string;
  content_format: ContentFormat;
  is_pinned: boolean;
  is_locked: boolean;
  created_at: Date | string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** The profile row, whoever asks; callers decide who may see a private one. */
export async function findProfileRow(db: Db, id: string): Promise<ProfileRow | null> {
  const [row] = await queryRows<ProfileRow>(
    db,
    sql`select p.id, p.email, p.full_name, p.avatar_url, p.bio, p.location, p.website,
          p.social_twitter, p.social_linkedin, p.is_public, p.created_at, p.last_active_at,
          r.role, p.discussions_count, p.replies_count, p.reactions_received,
          ${displayName(sql`p.full_name`, sql`p.email`)} as display_name
        from profiles p
        left join user_roles r on r.user_id = p.id
        where p.id = ${id}`,
  );
  return row ?? null;
}

/** docs/product.md: a private profile is shown only to its owner (and, beyond the original specification, to admins). */
export function canViewProfile(viewer: Viewer | null, row: { id: string; is_public: boolean }) {
  return row.is_public || viewer?.id === row.id || can(viewer?.role, "seePrivateMemberData");
}

export function toPublicProfile(row: ProfileRow, viewer: Viewer | null): PublicProfile {
  return {
    id: row.id,
    displayName: row.display_name,
    fullName: row.full_name,
    email: emailFor(viewer, row.id, row.email),
    avatarUrl: row.avatar_url,
    bio: row.bio,
    location: row.location,
    website: row.website,
    socialTwitter: row.social_twitter,
    socialLinkedin: row.social_linkedin,
    role: roleOrDefault(row.role),
    isPublic: row.is_public,
    discussionsCount: Number(row.discussions_count),
    // The Replies stat (docs/product.md §2.9), kept by a trigger (docs/decisions/020).
    repliesCount: Number(row.replies_count),
    // Kept by a trigger on reactions (docs/decisions/075).
    reactionsReceived: Number(row.reactions_received),
    createdAt: iso(row.created_at),
    lastActiveAt: row.last_active_at === null ? null : iso(row.last_active_at),
  };
}

/**
 * The member's newest active discussions, up to docs/product.md §9's 10, with a content preview;
 * a hidden one's words only for `viewer` when they may read them (docs/decisions/046).
 */
export async function recentDiscussions(
  db: Db,
  authorId: string,
  viewer: Viewer | null,
): Promise<ProfileDiscussion[]> {
  const readable = wordsReadable(viewer, { hiddenAt: sql`hidden_at`, authorId: sql`author_id` });
  const rows = await queryRows<DiscussionRow>(
    db,
    // The page shows a clamped preview: the first 300 characters of its plain text are plenty
    // and keep the answer small (content may be 10,000 characters); read twice that, for the
    // markup's markers and mention tokens (docs/decisions/064).
    sql`select id, case when ${readable} then title else ${HIDDEN_BY_MODERATOR} end as title,
          case when ${readable} then left(content, 600) else '' end as content,
          content_format, is_pinned, is_locked, created_at
        from discussions
        where author_id = ${authorId} and status = 'active'
        order by created_at desc, id desc
        limit ${PROFILE_RECENT_DISCUSSIONS}`,
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    content: plainText(row.content, row.content_format).slice(0, 300),
    isPinned: row.is_pinned,
    isLocked: row.is_locked,
    createdAt: iso(row.created_at),
  }));
}

/**
 * GET /api/profiles/{id} and the profile page's render: null for a missing profile and for a
 * private one the viewer may not see (its existence is not disclosed).
 */
export async function profilePage(
  db: Db,
  viewer: Viewer | null,
  id: string,
): Promise<ProfileResponse | null> {
  const row = await findProfileRow(db, id);
  if (!row || !canViewProfile(viewer, row)) return null;
  return {
    profile: toPublicProfile(row, viewer),
    recentDiscussions: await recentDiscussions(db, row.id, viewer),
  };
}
