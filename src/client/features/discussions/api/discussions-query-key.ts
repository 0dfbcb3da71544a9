/**
 * Every discussions query (lists and single discussions) starts with this key, so one
 * invalidation (after a write, or a live event) refreshes all of them.
 */
export const discussionsQueryKey = ["discussions"] as const;
