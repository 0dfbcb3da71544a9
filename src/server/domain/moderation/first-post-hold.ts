// Holding new members' first post (docs/decisions/034): with the admin's setting on, a new
// member (docs/decisions/031's rule: an account under a day old or with fewer than three
// posts) who has no post anyone can read yet has their discussion or reply held for review.
// A held discussion has status 'held' (every public read asks for 'active'); a held reply has
// held_at set (the thread shows it to its author only, and the counts skip it).
import { sql } from "drizzle-orm";
import type { Viewer } from "@/server/auth/viewer";
import { type Db, queryRows } from "@/server/db/client";
import { isNewMember } from "@/server/domain/members/new-member-limits";
import { readSiteSettings } from "@/server/domain/site/site-settings";
import { STAFF_ROLES } from "@/shared/permissions";

/** Whether this member's next post is held: until one of theirs has been approved or shown. */
export async function holdsNextPost(db: Db, viewer: Viewer): Promise<boolean> {
  if ((STAFF_ROLES as readonly string[]).includes(viewer.role)) return false;
  if (!(await readSiteSettings(db)).holdNewMembersFirstPost) return false;
  if (!(await isNewMember(db, viewer.id))) return false;
  const [row] = await queryRows<{ posts: number }>(
    db,
    sql`select coalesce(discussions_count, 0) + coalesce(replies_count, 0) as posts
        from profiles where id = ${viewer.id}`,
  );
  return Number(row?.posts ?? 0) === 0;
}
