// Intl rather than date-fns: post dates appear on the home page, which has a JavaScript budget.
const format = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** "12 Mar 2025" for an ISO date-time. */
export function formatPostDate(iso: string): string {
  return format.format(new Date(iso));
}
