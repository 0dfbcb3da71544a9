// Written out here rather than with Intl or date-fns: post dates are on the home page, where a
// browser's first Intl formatter cost 90-140 ms of a throttled phone's main thread as it loads
// its locale data (bench/RESULTS.md §15). In UTC, so the server's render and the browser's show
// the same day whatever their time zones.
const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/** "12 Mar 2025" for an ISO date-time, in UTC. */
export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
