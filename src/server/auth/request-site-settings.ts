// The site settings, read once per request however many parts of it ask. The two-factor guard
// reads them on every signed-in API request (second-factor-guard.ts); a handler that needs them
// too (the reaction toggle, a discussion's and its thread's reaction counts) takes that same read
// instead of a statement of its own. Keyed by the request's viewer, which getViewer makes once
// per request (viewer.ts), and which hands over the settings it read with the member's standing
// (auth/roles.ts, decision 091). Still never cached across requests: every instance follows a
// change at once (domain/site/site-settings.ts).
import type { Db } from "@/server/db/client";
import { readSiteSettings } from "@/server/domain/site/site-settings";
import type { ReactionKind } from "@/shared/reactions";
import type { SiteSettings } from "@/shared/site-settings";
import { settingsReadWithViewer, type Viewer } from "./viewer";

const perRequest = new WeakMap<Viewer, Promise<SiteSettings>>();

export function requestSiteSettings(db: Db, viewer: Viewer): Promise<SiteSettings> {
  let settings = perRequest.get(viewer);
  if (!settings) {
    const read = settingsReadWithViewer(viewer);
    settings = read ? Promise.resolve(read) : readSiteSettings(db);
    perRequest.set(viewer, settings);
  }
  return settings;
}

/**
 * The reaction kinds turned on, from the request's one read when a member asks; undefined for a
 * visitor, whose reads (mostly answered by the anonymous cache) read the settings themselves.
 */
export function requestReactionKinds(
  db: Db,
  viewer: Viewer | null,
): Promise<readonly ReactionKind[]> | undefined {
  return viewer
    ? requestSiteSettings(db, viewer).then((settings) => settings.reactionKinds)
    : undefined;
}
