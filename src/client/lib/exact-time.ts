// The exact moment in the reader's own time zone and words, for the tooltips on relative
// times. Only after hydration (lib/render-time.ts): the server knows neither. One formatter for
// the page, made on first use: two modules each made one as the page's scripts started.
let exactTime: Intl.DateTimeFormat | undefined;

export function formatExactTime(date: Date): string {
  exactTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  return exactTime.format(date);
}
