// The site settings admins change in the CMS (docs/decisions/034): one row per key in
// site_settings, the value as JSON; a key without a row has its default. Read on each post by
// a member who could be held (a primary-key read), never cached in the process, so every
// instance follows a change at once.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { isRole } from "@/shared/permissions";
import { isReactionKind, REACTION_KINDS } from "@/shared/reactions";
import { DEFAULT_SITE_SETTINGS, isSearchLanguage, type SiteSettings } from "@/shared/site-settings";

export type SiteSettingRow = { key: string; value: unknown };

export async function readSiteSettings(db: Db): Promise<SiteSettings> {
  return siteSettingsFromRows(
    await queryRows<SiteSettingRow>(db, sql`select key, value from site_settings`),
  );
}

/**
 * The rows as a JSON array, for a statement that reads them beside something else (the
 * request's member: auth/roles.ts); `siteSettingsFromRows` reads it.
 */
export const SITE_SETTING_ROWS_JSON = sql`(select coalesce(json_agg(json_build_object('key', key, 'value', value)), '[]'::json) from site_settings)`;

/** The settings from their rows: defaults for keys without one, values of the wrong shape ignored. */
export function siteSettingsFromRows(rows: readonly SiteSettingRow[]): SiteSettings {
  const settings: SiteSettings = { ...DEFAULT_SITE_SETTINGS };
  for (const { key, value } of rows) {
    if (key === "holdNewMembersFirstPost" && typeof value === "boolean") {
      settings.holdNewMembersFirstPost = value;
    }
    if (key === "secondFactorRoles" && Array.isArray(value)) {
      settings.secondFactorRoles = value.filter(isRole);
    }
    if (key === "searchLanguage" && isSearchLanguage(value)) settings.searchLanguage = value;
    if (key === "reactionKinds" && Array.isArray(value)) {
      const on = value.filter(isReactionKind);
      settings.reactionKinds = REACTION_KINDS.filter((kind) => on.includes(kind));
    }
    if (key === "memberTagMinPosts" && (value === null || Number.isInteger(value))) {
      settings.memberTagMinPosts = value as number | null;
    }
  }
  return settings;
}

export async function writeSiteSetting<Key extends keyof SiteSettings>(
  db: Db,
  key: Key,
  value: SiteSettings[Key],
): Promise<void> {
  await db.execute(
    sql`insert into site_settings (key, value, updated_at)
        values (${key}, ${JSON.stringify(value)}::jsonb, now())
        on conflict (key) do update set value = excluded.value, updated_at = now()`,
  );
}
