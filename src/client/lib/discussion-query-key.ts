// One discussion's page's key, for the discussions feature that reads it and the moderation menu
// that lets go of it once the discussion is deleted. A file of its own: query-keys.ts is in the
// home page's first download, and this is not for the home page (bench/budget.test.ts).
import { discussionsQueryKey } from "./query-keys";

export function discussionQueryKey(id: string) {
  return [...discussionsQueryKey, "detail", id] as const;
}
