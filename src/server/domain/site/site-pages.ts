// The pages staff write in the CMS (docs/decisions/030): read by the public page and its server
// render, written by the CMS Pages tab. Every save is a new version (docs/decisions/082).
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { queueNotificationEvent } from "@/server/domain/notifications/events";
import { HttpError } from "@/server/lib/http-error";
import type { JobQueue } from "@/server/lib/jobs";
import type { SitePage } from "@/shared/api-types";
import { SITE_PAGE_SLUGS, type SitePageSlug } from "@/shared/constants";
import { RULE_ANCHORS_MISSING, TERMS_RULE_KEYS, termsRuleAnchor } from "@/shared/terms-rules";

export function isSitePageSlug(value: string): value is SitePageSlug {
  return (SITE_PAGE_SLUGS as readonly string[]).includes(value);
}

type PageRow = { slug: string; content: string; updated_at: string; version: number };

const toSitePage = (row: PageRow): SitePage => ({
  slug: row.slug as SitePageSlug,
  content: row.content,
  updatedAt: new Date(row.updated_at).toISOString(),
  version: row.version,
});

/** The page, or null when nobody has written it (the seeded text was removed by hand). */
export async function findSitePage(db: Db, slug: SitePageSlug): Promise<SitePage | null> {
  const [row] = await queryRows<PageRow>(
    db,
    sql`select slug, content, updated_at, version from site_pages where slug = ${slug}`,
  );
  return row ? toSitePage(row) : null;
}

/**
 * The terms' current version, and the version a member must have accepted: the newest one its
 * admin marked a material change (a typo's fix asks nobody again).
 */
export async function termsVersions(db: Db): Promise<{ current: number; required: number }> {
  const [row] = await queryRows<{ current: number | null; required: number | null }>(
    db,
    sql`select (select version from site_pages where slug = 'terms') as current,
          (select max(version) from site_page_versions where slug = 'terms' and material)
            as required`,
  );
  return { current: row?.current ?? 1, required: row?.required ?? 1 };
}

/**
 * Refuses terms that lost a rule's anchor: every moderation notice links one
 * (docs/decisions/082), and a link to a heading that is gone lands nowhere.
 */
function requireRuleAnchors(content: string): void {
  const missing = TERMS_RULE_KEYS.map(termsRuleAnchor).filter((a) => !content.includes(a));
  if (missing.length === 0) return;
  const message = `${RULE_ANCHORS_MISSING} ${missing.join(", ")}`;
  throw new HttpError(400, message, { fields: { content: message } });
}

/**
 * Saves a new version and makes it current, in one transaction (the page's row locked, so two
 * saves take turns and number on). Returns the page as now shown.
 */
export async function saveSitePage(
  { db, jobs }: { db: Db; jobs: Pick<JobQueue, "send"> },
  slug: SitePageSlug,
  input: { content: string; material: boolean },
  editorId: string,
): Promise<SitePage> {
  if (slug === "terms") requireRuleAnchors(input.content);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await queryRows<PageRow>(
      tx,
      sql`insert into site_pages as p (slug, content, updated_at, updated_by, version)
          values (${slug}, ${input.content}, now(), ${editorId},
            coalesce((select max(version) from site_page_versions where slug = ${slug}), 0) + 1)
          on conflict (slug) do update set content = excluded.content, updated_at = now(),
            updated_by = excluded.updated_by, version = p.version + 1
          returning slug, content, updated_at, version`,
    );
    if (!row) throw new Error("saving a site page returned no row");
    await tx.execute(
      sql`insert into site_page_versions (slug, version, content, material, created_at, created_by)
          values (${slug}, ${row.version}, ${input.content}, ${input.material},
            now(), ${editorId})`,
    );
    if (slug === "terms" && input.material) {
      // The admin who wrote it accepts it; every other member is told (docs/decisions/082).
      await tx.execute(
        sql`update profiles set terms_version_accepted = ${row.version}, terms_accepted_at = now()
            where id = ${editorId}`,
      );
      await queueNotificationEvent(jobs, { type: "terms-changed", version: row.version }, { tx });
    }
    return toSitePage(row);
  });
}
