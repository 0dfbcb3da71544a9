// The site settings, read once per request however many parts of it ask. The two-factor guard
// reads them on every signed-in API request (second-factor-guard.ts); a handler that needs them
// too (the reaction toggle) takes that same read instead of a statement of its own. Keyed by the
// request's viewer, which getViewer makes once per request (viewer.ts). Still never cached
// across requests: every instance follows a change at once (domain/site/site-settings.ts).
import type { Db } from "@/server/db/client";
import { readSiteSettings } from "@/server/domain/site/site-settings";
import type { SiteSettings } from "@/shared/site-settings";
import type { Viewer } from "./viewer";

const perRequest = new WeakMap<Viewer, Promise<SiteSettings>>();

export function requestSiteSettings(db: Db, viewer: Viewer): Promise<SiteSettings> {
  let settings = perRequest.get(viewer);
  if (!settings) {
    settings = readSiteSettings(db);
    perRequest.set(viewer, settings);
  }
  return settings;
}
