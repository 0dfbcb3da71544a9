// The newsletter's list as admins see it (docs/decisions/028): counts by status, a page
// newest first with a search by email, and every row for the CSV export.
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { containsPattern } from "@/server/lib/like-pattern";
import {
  microsecondText,
  nextTimeCursor,
  type TimeCursor,
  whereAfterTimeCursor,
} from "@/server/lib/page-cursor";
import type {
  NewsletterStatus,
  NewsletterSubscriber,
  NewsletterSubscribersPage,
} from "@/shared/api-types";

export type SubscriberFilter = { search?: string; status?: NewsletterStatus };

type Row = {
  id: string;
  email: string;
  status: NewsletterStatus;
  member: boolean;
  created_at: string;
  subscribed_at: string;
  confirmed_at: string | null;
  cursorAt: string;
};

const columns = sql`id, email, status, user_id is not null as member,
  ${microsecondText(sql`created_at`)} as created_at,
  ${microsecondText(sql`subscribed_at`)} as subscribed_at,
  case when confirmed_at is null then null else ${microsecondText(sql`confirmed_at`)} end as confirmed_at,
  ${microsecondText(sql`created_at`)} as "cursorAt"`;

function filterOf({ search, status }: SubscriberFilter): SQL {
  const parts: SQL[] = [];
  if (search) parts.push(sql`email ilike ${containsPattern(search.toLowerCase())}`);
  if (status) parts.push(sql`status = ${status}`);
  return parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`;
}

function toSubscriber(row: Row): NewsletterSubscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    member: row.member,
    createdAt: row.created_at,
    subscribedAt: row.subscribed_at,
    confirmedAt: row.confirmed_at,
  };
}

export async function subscriberCounts(db: Db): Promise<NewsletterSubscribersPage["counts"]> {
  const rows = await queryRows<{ status: NewsletterStatus; n: number }>(
    db,
    sql`select status, count(*)::int as n from newsletter_subscribers group by status`,
  );
  const counts = { pending: 0, active: 0, inactive: 0, total: 0 };
  for (const row of rows) {
    counts[row.status] = row.n;
    counts.total += row.n;
  }
  return counts;
}

export async function listSubscribers(
  db: Db,
  filter: SubscriberFilter,
  page: { limit: number; cursor: TimeCursor | null },
): Promise<{ subscribers: NewsletterSubscriber[]; nextCursor: string | null }> {
  const after = whereAfterTimeCursor(page.cursor);
  const rows = await queryRows<Row>(
    db,
    sql`select ${columns} from newsletter_subscribers
        ${page.cursor ? sql`${after} and` : sql`where`} ${filterOf(filter)}
        order by created_at desc, id desc limit ${page.limit + 1}`,
  );
  return {
    subscribers: rows.slice(0, page.limit).map(toSubscriber),
    nextCursor: nextTimeCursor(rows, page.limit),
  };
}

/** A CSV cell: quoted, and never read as a formula by a spreadsheet (OWASP CSV injection). */
function cell(value: string | boolean | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const CSV_HEADER = [
  "email",
  "status",
  "member",
  "created_at",
  "subscribed_at",
  "confirmed_at",
];

/** The filtered list as CSV lines, read a thousand rows at a time. */
export async function* subscriberCsv(db: Db, filter: SubscriberFilter): AsyncGenerator<string> {
  yield `${CSV_HEADER.join(",")}\r\n`;
  let cursor: TimeCursor | null = null;
  for (;;) {
    const page: { subscribers: NewsletterSubscriber[]; nextCursor: string | null } =
      await listSubscribers(db, filter, { limit: 1000, cursor });
    yield page.subscribers
      .map(
        (s) =>
          `${[
            s.email,
            s.status,
            s.member ? "yes" : "no",
            s.createdAt,
            s.subscribedAt,
            s.confirmedAt,
          ]
            .map(cell)
            .join(",")}\r\n`,
      )
      .join("");
    const last = page.subscribers.at(-1);
    if (!page.nextCursor || !last) return;
    cursor = { at: last.createdAt, id: last.id };
  }
}
