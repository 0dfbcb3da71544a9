import { formatDistanceToNow } from "date-fns";

type RelativeTimeProps = {
  /** ISO timestamp */
  value: string;
  /** Words before the time, e.g. "Joined" gives "Joined 3 days ago". */
  prefix?: string;
  className?: string;
};

// One formatter for every timestamp on the page: `toLocaleString()` builds a new one on each
// call, which showed in the render time of a page of cards on a slow phone.
const exactTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** "3 days ago" in a <time> element whose tooltip and datetime carry the exact moment. */
export function RelativeTime({ value, prefix, className }: RelativeTimeProps) {
  const date = new Date(value);
  const relative = formatDistanceToNow(date, { addSuffix: true });
  return (
    <time dateTime={value} title={exactTime.format(date)} className={className}>
      {prefix ? `${prefix} ${relative}` : relative}
    </time>
  );
}
