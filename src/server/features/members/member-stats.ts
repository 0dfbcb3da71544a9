// The directory's four counters (docs/product.md §2 Members), over public profiles, in one query.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import type { MemberStats } from "@/shared/api-types";

type StatsRow = {
  total_members: number;
  admins: number;
  moderators: number;
  active_contributors: number;
};

export async function memberStats(db: Db): Promise<MemberStats> {
  // Counters kept per role by triggers (migration 0006): no pass over the profiles.
  const [row] = await queryRows<StatsRow>(
    db,
    sql`select coalesce(sum(public_members), 0)::int as total_members,
          coalesce(sum(public_members) filter (where role = 'admin'), 0)::int as admins,
          coalesce(sum(public_members) filter (where role = 'moderator'), 0)::int as moderators,
          coalesce(sum(active_contributors), 0)::int as active_contributors
        from member_counts`,
  );
  return {
    totalMembers: Number(row?.total_members ?? 0),
    admins: Number(row?.admins ?? 0),
    moderators: Number(row?.moderators ?? 0),
    activeContributors: Number(row?.active_contributors ?? 0),
  };
}
