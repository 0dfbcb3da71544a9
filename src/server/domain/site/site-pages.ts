// The pages staff write in the CMS (docs/decisions/030): read by the public page and its server
// render, written by the CMS Pages tab.
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { sitePages } from "@/server/db/schema";
import type { SitePage } from "@/shared/api-types";
import { SITE_PAGE_SLUGS, type SitePageSlug } from "@/shared/constants";

export function isSitePageSlug(value: string): value is SitePageSlug {
  return (SITE_PAGE_SLUGS as readonly string[]).includes(value);
}

function toSitePage(row: { slug: string; content: string; updatedAt: Date }): SitePage {
  return {
    slug: row.slug as SitePageSlug,
    content: row.content,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The page, or null when nobody has written it (the seeded text was removed by hand). */
export async function findSitePage(db: Db, slug: SitePageSlug): Promise<SitePage | null> {
  const [row] = await db
    .select({ slug: sitePages.slug, content: sitePages.content, updatedAt: sitePages.updatedAt })
    .from(sitePages)
    .where(eq(sitePages.slug, slug));
  return row ? toSitePage(row) : null;
}

export async function saveSitePage(
  db: Db,
  slug: SitePageSlug,
  content: string,
  editorId: string,
): Promise<SitePage> {
  const updatedAt = new Date();
  const [row] = await db
    .insert(sitePages)
    .values({ slug, content, updatedAt, updatedBy: editorId })
    .onConflictDoUpdate({
      target: sitePages.slug,
      set: { content, updatedAt, updatedBy: editorId },
    })
    .returning({
      slug: sitePages.slug,
      content: sitePages.content,
      updatedAt: sitePages.updatedAt,
    });
  if (!row) throw new Error("saving a site page returned no row");
  return toSitePage(row);
}
