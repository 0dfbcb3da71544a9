// The load run's endpoints, with real ids from the benchmark data: what a visitor's browser asks
// for on the forum, the members directory, a profile and the home page.
import pg from "pg";
import { encodeDiscussionCursor } from "../../src/server/domain/discussions/queries";

export type Endpoint = {
  name: string;
  path: string;
  /** The body the ceiling builds from the rows of the replayed statements (see ceiling-server.ts). */
  shape: "discussion-page" | "discussion" | "members-page" | "profile" | "html";
};

/** A discussion in the middle of the list and a public member with a typical count. */
export async function sampleIds(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const discussion = await client.query<{ id: string }>(
      `select id from discussions where status = 'active'
       order by created_at desc offset 5000 limit 1`,
    );
    const member = await client.query<{ id: string; full_name: string }>(
      `select p.id, p.full_name from profiles p
       where p.is_public and (select count(*) from discussions d where d.author_id = p.id) >= 10
       order by p.created_at limit 1`,
    );
    // The forum's second page starts after the first page's last discussion (the 20th).
    const twentieth = await client.query<{ is_pinned: boolean; created_at: string; id: string }>(
      `select is_pinned, id,
         to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
       from discussions where status = 'active'
       order by is_pinned desc, created_at desc, id desc offset 19 limit 1`,
    );
    const discussionId = discussion.rows[0]?.id;
    const profileId = member.rows[0]?.id;
    const last = twentieth.rows[0];
    if (!discussionId || !profileId || !last) {
      throw new Error("No benchmark data: run `npm run bench:data` into this database first");
    }
    const secondPageCursor = encodeDiscussionCursor({
      isPinned: last.is_pinned,
      createdAt: last.created_at,
      id: last.id,
    });
    return {
      discussionId,
      profileId,
      profileName: member.rows[0]?.full_name ?? "",
      secondPageCursor,
    };
  } finally {
    await client.end();
  }
}

export function loadEndpoints(ids: { discussionId: string; profileId: string }): Endpoint[] {
  return [
    { name: "discussion list", path: "/api/discussions", shape: "discussion-page" },
    { name: "search", path: "/api/discussions?q=printer", shape: "discussion-page" },
    {
      name: "filtered list",
      path: "/api/discussions?range=30d&locked=true",
      shape: "discussion-page",
    },
    { name: "one discussion", path: `/api/discussions/${ids.discussionId}`, shape: "discussion" },
    {
      name: "members by discussions",
      path: "/api/members?sort=discussions",
      shape: "members-page",
    },
    { name: "profile", path: `/api/profiles/${ids.profileId}`, shape: "profile" },
    { name: "home page HTML", path: "/", shape: "html" },
  ];
}
