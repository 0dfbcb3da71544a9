// The public /online-safety page (issue 47, docs/decisions/080): who is accountable and the
// monthly figures. A count under 5 is never published as a number: with a handful of reports
// or appeals in a month, a member could tell whose they were.
import type { ReportReason } from "./moderation";

export const SMALL_COUNT_THRESHOLD = 5;
export const FEWER_THAN_5 = "fewer than 5";

/** A published count: the number from 5 up, the words below (0 included). */
export type PublicCount = number | typeof FEWER_THAN_5;

export function publicCount(count: number): PublicCount {
  return count < SMALL_COUNT_THRESHOLD ? FEWER_THAN_5 : count;
}

/** The moderators' actions the page counts: the public log's, and a report dismissed. */
export const COUNTED_ACTIONS = ["hide", "delete", "edit", "suspend", "dismiss"] as const;
export type CountedAction = (typeof COUNTED_ACTIONS)[number];

export const COUNTED_ACTION_LABELS: Record<CountedAction, string> = {
  hide: "Content hidden",
  delete: "Content deleted",
  edit: "Content edited",
  suspend: "Accounts suspended",
  dismiss: "Reports dismissed (no action needed)",
};

/** Completed calendar months (UTC) shown, newest first. */
export const PUBLISHED_MONTHS = 6;

export type OnlineSafetyMonth = {
  /** "2026-10". */
  month: string;
  reportsByReason: Record<ReportReason, PublicCount>;
  actionsByKind: Record<CountedAction, PublicCount>;
  /**
   * Median seconds from a report to the moderator's decision that closed it, over the reports
   * closed that month; null when fewer than 5 were closed.
   */
  medianSecondsToAction: number | null;
  /** Appeals decided that month: the decision reversed (upheld) or kept (not upheld). */
  appealsUpheld: PublicCount;
  appealsNotUpheld: PublicCount;
};

/**
 * A month in which every count is under 5 (and so no median): the page names it in one sentence
 * instead of a table of "fewer than 5".
 */
export function isQuietMonth(month: OnlineSafetyMonth): boolean {
  return (
    month.medianSecondsToAction === null &&
    [
      ...Object.values(month.reportsByReason),
      ...Object.values(month.actionsByKind),
      month.appealsUpheld,
      month.appealsNotUpheld,
    ].every((count) => count === FEWER_THAN_5)
  );
}

export type OnlineSafetyPublic = {
  /** The named responsibility's role and address only (never the person), or null if none. */
  accountable: { role: string; contactEmail: string } | null;
  months: OnlineSafetyMonth[];
};
