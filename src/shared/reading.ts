// How often the browser reports a member's reading (issue 42, docs/decisions/071). What it
// sends is checked by reading-schemas.ts, kept apart so that the discussion page, which needs
// only this number, does not download zod with it.
/** How often at most a page reports its position while the member scrolls. */
export const READ_REPORT_INTERVAL_MS = 5_000;
