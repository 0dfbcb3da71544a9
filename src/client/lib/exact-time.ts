// The exact moment in the reader's own time zone and words, as the tooltip of a relative time.
// Made when the pointer first comes over the time, not as the page starts: the browser's first
// date formatter loads its locale data, and formatting every time on a page as it hydrated was
// the largest part of its longest task (35 ms on this VM's Chromium, 140 ms on Lighthouse's
// throttled phone; bench/RESULTS.md §15). The server knows neither the zone nor the words.
import type { PointerEvent } from "react";

let exactTime: Intl.DateTimeFormat | undefined;

export function formatExactTime(date: Date): string {
  exactTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  return exactTime.format(date);
}

/**
 * A <time>'s onPointerEnter: its `dateTime` as the exact moment in its tooltip, after the words
 * in its `data-title-prefix` ("Edited ").
 */
export function showExactTime(event: PointerEvent<HTMLTimeElement>): void {
  const time = event.currentTarget;
  if (time.title) return;
  time.title = `${time.dataset.titlePrefix ?? ""}${formatExactTime(new Date(time.dateTime))}`;
}
