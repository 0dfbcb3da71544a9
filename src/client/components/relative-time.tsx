import { formatDistance } from "date-fns";
import { formatExactTime } from "@/client/lib/exact-time";
import { useHydrationTime } from "@/client/lib/render-time";

type RelativeTimeProps = {
  /** ISO timestamp */
  value: string;
  /** Words before the time, e.g. "Joined" gives "Joined 3 days ago". */
  prefix?: string;
  className?: string;
};

/**
 * "3 days ago" in a <time> element whose tooltip and datetime carry the exact moment. A server
 * render and the hydration that follows it use the server's clock and leave out the tooltip
 * (the browser's time zone), which the render right after hydration adds (lib/render-time.ts).
 */
export function RelativeTime({ value, prefix, className }: RelativeTimeProps) {
  const hydrationTime = useHydrationTime();
  const date = new Date(value);
  const relative = formatDistance(date, hydrationTime ?? Date.now(), { addSuffix: true });
  return (
    <time
      dateTime={value}
      title={hydrationTime === null ? formatExactTime(date) : undefined}
      className={className}
    >
      {prefix ? `${prefix} ${relative}` : relative}
    </time>
  );
}
