import { formatDistanceToNow } from "date-fns";

type RelativeTimeProps = {
  /** ISO timestamp */
  value: string;
  /** Words before the time, e.g. "Joined" gives "Joined 3 days ago". */
  prefix?: string;
  className?: string;
};

/** "3 days ago" in a <time> element whose tooltip and datetime carry the exact moment. */
export function RelativeTime({ value, prefix, className }: RelativeTimeProps) {
  const date = new Date(value);
  const relative = formatDistanceToNow(date, { addSuffix: true });
  return (
    <time dateTime={value} title={date.toLocaleString()} className={className}>
      {prefix ? `${prefix} ${relative}` : relative}
    </time>
  );
}
