// Mentions in a reply's or a discussion's content (docs/decisions/020, 064): a `@[label](member-id)` token stays a
// mention only when the id is a verified member with a public profile, among the first
// MAX_MENTIONS_PER_REPLY members named; its label becomes the member's display name. Every
// other token is left as the plain text `@label`. The ids kept go to reply_mentions.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { displayName } from "@/server/db/display-name";
import { MAX_MENTIONS_PER_REPLY } from "@/shared/constants";
import { mentionToken, mentionTokens } from "@/shared/mentions";

export type ResolvedMentions = { content: string; memberIds: string[] };

/** Display names of the members in `ids` who may be mentioned, by id. */
async function mentionableMembers(db: Db, ids: string[]): Promise<Map<string, string>> {
  const rows = await queryRows<{ id: string; display_name: string }>(
    db,
    sql`select p.id, ${displayName(sql`p.full_name`, sql`p.email`)} as display_name
        from profiles p join "user" u on u.id = p.id
        where p.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
          and p.is_public and u.email_verified`,
  );
  return new Map(rows.map((row) => [row.id, row.display_name]));
}

/** Each token of `content` rewritten: mentions of `members` in their form, others as text. */
function rewrite(content: string, members: Map<string, string>): string {
  let result = "";
  let from = 0;
  for (const token of mentionTokens(content)) {
    const name = members.get(token.id);
    result += content.slice(from, token.index);
    result += name === undefined ? `@${token.label}` : mentionToken(name, token.id);
    from = token.index + token.text.length;
  }
  return result + content.slice(from);
}

export async function resolveMentions(db: Db, content: string): Promise<ResolvedMentions> {
  const named = [...new Set(mentionTokens(content).map((token) => token.id))].slice(
    0,
    MAX_MENTIONS_PER_REPLY,
  );
  const members = named.length > 0 ? await mentionableMembers(db, named) : new Map();
  // Turning a token into text can join what was around it into a new token (`@[a` + a token
  // + `](id)`): rewrite until nothing changes, so that every token left was checked. Each
  // pass that changes anything removes a token, so this ends.
  let current = content;
  for (;;) {
    const next = rewrite(current, members);
    if (next === current) break;
    current = next;
  }
  const memberIds = [...new Set(mentionTokens(current).map((token) => token.id))];
  return { content: current, memberIds };
}
