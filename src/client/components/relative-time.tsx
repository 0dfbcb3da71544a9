import { formatDistance } from "date-fns";
import { showExactTime } from "@/client/lib/exact-time";
import { useHydrationTime } from "@/client/lib/render-time";

type RelativeTimeProps = {
  /** ISO timestamp */
  value: string;
  /** Words before the time, e.g. "Joined" gives "Joined 3 days ago". */
  prefix?: string;
  className?: string;
};

/**
 * "3 days ago" in a <time> element whose datetime and tooltip (made on hover, lib/exact-time.ts)
 * carry the exact moment. A server render and the hydration that follows it use the server's
 * clock; the render right after hydration uses the browser's (lib/render-time.ts).
 */
export function RelativeTime({ value, prefix, className }: RelativeTimeProps) {
  const hydrationTime = useHydrationTime();
  const date = new Date(value);
  const relative = formatDistance(date, hydrationTime ?? Date.now(), { addSuffix: true });
  return (
    <time dateTime={value} onPointerEnter={showExactTime} className={className}>
      {prefix ? `${prefix} ${relative}` : relative}
    </time>
  );
}
