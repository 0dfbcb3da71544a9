// The Online Safety Act records that carry a review date (docs/decisions/076), by what they are:
// the reminder's notice, its mail and the daily job name them from here. A module of its own
// because the notice's text (shared/notifications.ts) rides with every page's notification bell,
// and the records' schemas (shared/online-safety.ts) must not ride with it.

const REVIEWED_RECORD_NAMES = {
  assessment: "illegal content risk assessment",
  "children-access": "children's access assessment",
  "children-risk-assessment": "children's risk assessment",
} as const;

export const REVIEWED_RECORDS = Object.keys(REVIEWED_RECORD_NAMES);

/** What a reviewed record is, in words ("children's access assessment"); undefined if none. */
export function reviewedRecordName(key: string): string | undefined {
  return Object.hasOwn(REVIEWED_RECORD_NAMES, key)
    ? REVIEWED_RECORD_NAMES[key as keyof typeof REVIEWED_RECORD_NAMES]
    : undefined;
}
