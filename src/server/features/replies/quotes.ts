// Quotes of replies (docs/decisions/064): `[quote=reply-id]…[/quote]` in a reply names a reply
// of the same discussion. Each answer says who wrote each quoted reply, or that the reader may
// not read it (the one rule, domain/visibility/rule.ts, and their blocks): then the quote's
// words, copied when it was written, are taken out before the answer leaves. A quote naming a
// missing reply or one of another discussion is not listed, and the browser shows it as text.
import { sql } from "drizzle-orm";
import type { Viewer } from "@/server/auth/viewer";
import { type Db, queryRows } from "@/server/db/client";
import { displayName } from "@/server/db/display-name";
import { collapsedAuthorIds } from "@/server/domain/blocks/blocked-authors";
import { mayReadWords } from "@/server/domain/visibility/rule";
import type { QuotedReply, ReplyItem } from "@/shared/api-types";
import { emptyQuotes, quoteBlocks } from "@/shared/markup/quotes";

type QuotedRow = {
  id: string;
  discussion_id: string;
  author_id: string | null;
  author_name: string;
  hidden: boolean;
  held: boolean;
  deleted: boolean;
};

/** `items` with their quotes named and the words of those the reader may not read taken out. */
export async function withQuotes(
  db: Db,
  viewer: Viewer | null,
  items: ReplyItem[],
): Promise<ReplyItem[]> {
  const ids = [
    ...new Set(items.flatMap((item) => quoteBlocks(item.content).map((block) => block.id))),
  ];
  if (ids.length === 0) return items;
  const [rows, blocked] = await Promise.all([
    queryRows<QuotedRow>(
      db,
      sql`select r.id, r.discussion_id, r.author_id,
            ${displayName(sql`p.full_name`, sql`p.email`)} as author_name,
            r.hidden_at is not null as hidden, r.held_at is not null as held,
            r.deleted_at is not null as deleted
          from discussion_replies r left join profiles p on p.id = r.author_id
          where r.id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    ),
    collapsedAuthorIds(db, viewer),
  ]);
  const found = new Map(rows.map((row) => [row.id, row]));
  const reader = viewer ? { id: viewer.id, role: viewer.role } : null;

  const quoted = (row: QuotedRow): QuotedReply => {
    const post = {
      authorId: row.author_id,
      hidden: row.hidden,
      held: row.held,
      deleted: row.deleted,
    };
    const readable =
      mayReadWords(reader, post) && !(row.author_id !== null && blocked.has(row.author_id));
    return readable
      ? { id: row.id, hidden: false, authorName: row.author_name }
      : { id: row.id, hidden: true };
  };

  return items.map((item) => {
    const quotes = quoteBlocks(item.content).flatMap((block) => {
      const row = found.get(block.id);
      return row && row.discussion_id === item.discussionId ? [quoted(row)] : [];
    });
    if (quotes.length === 0) return item;
    const hidden = new Set(quotes.filter((quote) => quote.hidden).map((quote) => quote.id));
    return {
      ...item,
      content: emptyQuotes(item.content, (id) => !hidden.has(id)),
      quotes: [...new Map(quotes.map((quote) => [quote.id, quote])).values()],
    };
  });
}
