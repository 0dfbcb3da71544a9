// The directory's four counters (SPEC §2 Members), over public profiles, in one query.
import { sql } from "drizzle-orm";
import type { MemberStats } from "../../../shared/api-types";
import { type Db, queryRows } from "../../db/client";

type StatsRow = {
  total_members: number;
  admins: number;
  moderators: number;
  active_contributors: number;
};

export async function memberStats(db: Db): Promise<MemberStats> {
  const [row] = await queryRows<StatsRow>(
    db,
    sql`select count(*)::int as total_members,
          (count(*) filter (where r.role = 'admin'))::int as admins,
          (count(*) filter (where r.role = 'moderator'))::int as moderators,
          (count(*) filter (where p.discussions_count > 0))::int as active_contributors
        from profiles p
        left join user_roles r on r.user_id = p.id
        where p.is_public`,
  );
  return {
    totalMembers: Number(row?.total_members ?? 0),
    admins: Number(row?.admins ?? 0),
    moderators: Number(row?.moderators ?? 0),
    activeContributors: Number(row?.active_contributors ?? 0),
  };
}
