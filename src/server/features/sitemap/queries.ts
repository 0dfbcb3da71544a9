// The records the sitemap lists, a page at a time (docs/decisions/024). Each kind's rows carry
// `seq`, their number in creation order; page n is the visible rows numbered
// (n-1)*SITEMAP_PAGE_SIZE+1 to n*SITEMAP_PAGE_SIZE, read in batches by keyset on the kind's
// partial index of visible rows. No page counts, skips or sorts the rows before it, so the
// 20th page of 1,000,000 discussions costs what the first does. A page may hold fewer than
// SITEMAP_PAGE_SIZE (rows removed, profiles made private) and never more.
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { tagListed } from "@/server/domain/tags/tags";
import { shownToVisitors } from "@/server/domain/visibility/rule";

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_PAGE_SIZE = 50_000;

/** Rows read per query while writing a page: a page never holds all of them in memory. */
export const SITEMAP_BATCH = 5_000;

export const RECORD_KINDS = ["blog", "discussions", "profiles"] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

type KindSql = {
  table: SQL;
  /**
   * What is listed. It implies the kind's partial index predicate (`{table}_sitemap_idx`), which
   * the planner needs; a discussion's is narrowed by the visibility rule (decision 046: nothing
   * hidden), checked on the few rows the index gives.
   */
  visible: SQL;
  /** What the page's path is made from. */
  key: SQL;
  /** When what the page shows last changed. */
  lastmod: SQL;
  path: (key: string) => string;
};

const KINDS: Record<RecordKind, KindSql> = {
  blog: {
    table: sql`blog_posts`,
    visible: sql`status = 'published'`,
    key: sql`slug`,
    lastmod: sql`updated_at`,
    path: (slug) => `/blog/${encodeURIComponent(slug)}`,
  },
  discussions: {
    table: sql`discussions`,
    visible: shownToVisitors({
      status: sql`status`,
      hiddenAt: sql`hidden_at`,
      authorId: sql`author_id`,
    }),
    key: sql`id::text`,
    // An edit, or the newest reply, changes what the page shows.
    lastmod: sql`greatest(updated_at, last_activity_at)`,
    path: (id) => `/discussion/${encodeURIComponent(id)}`,
  },
  profiles: {
    table: sql`profiles`,
    visible: sql`is_public`,
    key: sql`id`,
    lastmod: sql`updated_at`,
    path: (id) => `/profile/${encodeURIComponent(id)}`,
  },
};

/**
 * The pages of `kind` that hold at least one URL: the largest visible `seq` (one step down the
 * partial index) gives the last page, and each page up to it is kept if the index has an entry
 * in its range (one probe each).
 */
export function sitemapPagesQuery(kind: RecordKind): SQL {
  const { table, visible } = KINDS[kind];
  return sql`select n::int as n
      from generate_series(1, ceil(coalesce(
             (select max(seq) from ${table} where ${visible}), 0)::numeric / ${SITEMAP_PAGE_SIZE})::bigint) as n
      where exists (select 1 from ${table}
                    where ${visible} and seq > (n - 1) * ${SITEMAP_PAGE_SIZE} and seq <= n * ${SITEMAP_PAGE_SIZE})
      order by n`;
}

export async function sitemapPages(db: Db, kind: RecordKind): Promise<number[]> {
  const rows = await queryRows<{ n: number }>(db, sitemapPagesQuery(kind));
  return rows.map((row) => Number(row.n));
}

export type SitemapUrl = { path: string; lastmod: Date };

/**
 * One batch of page `page` of `kind`, after the row numbered `after` (0 to start): at most
 * SITEMAP_BATCH rows in `seq` order, and the `seq` to continue from (null at the page's end).
 */
export function sitemapBatchQuery(kind: RecordKind, page: number, after: number): SQL {
  const { table, visible, key, lastmod } = KINDS[kind];
  const from = Math.max((page - 1) * SITEMAP_PAGE_SIZE, after);
  return sql`select seq, ${key} as key, ${lastmod} as lastmod from ${table}
             where ${visible} and seq > ${from} and seq <= ${page * SITEMAP_PAGE_SIZE}
             order by seq limit ${SITEMAP_BATCH}`;
}

export async function sitemapBatch(
  db: Db,
  kind: RecordKind,
  page: number,
  after: number,
): Promise<{ urls: SitemapUrl[]; next: number | null }> {
  const rows = await queryRows<{ seq: string | number; key: string; lastmod: Date | string }>(
    db,
    sitemapBatchQuery(kind, page, after),
  );
  const last = rows.at(-1);
  return {
    urls: rows.map((row) => ({ path: KINDS[kind].path(row.key), lastmod: new Date(row.lastmod) })),
    next: rows.length === SITEMAP_BATCH && last ? Number(last.seq) : null,
  };
}

/** Every category's page (issue 41), with when the category last changed: a handful of rows. */
export async function categoryPages(db: Db): Promise<{ slug: string; lastmod: string }[]> {
  return queryRows<{ slug: string; lastmod: string }>(
    db,
    sql`select slug, updated_at as lastmod from categories order by position, slug`,
  );
}

/** How many tags' lists the sitemap names, the most used first (a tag's list is a page too). */
export const SITEMAP_TAGS = 1_000;

/**
 * The tags whose lists are worth a crawler's visit (docs/decisions/067): listed for visitors
 * (the visibility rule's tagListed) and on at least one active discussion.
 */
export async function tagPages(db: Db): Promise<{ name: string; lastmod: string }[]> {
  return queryRows<{ name: string; lastmod: string }>(
    db,
    sql`select t.name, t.updated_at as lastmod from tags t
        where t.discussions_count > 0 and ${tagListed(null)}
        order by t.discussions_count desc, t.name limit ${SITEMAP_TAGS}`,
  );
}
