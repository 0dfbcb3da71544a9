// One table per completed month (decision 080): two columns, so it reads on a phone without
// scrolling sideways. Counts under 5 come from the server as "fewer than 5"; no totals.
import { REPORT_REASON_LABELS, REPORT_REASONS } from "@/shared/moderation";
import {
  COUNTED_ACTION_LABELS,
  COUNTED_ACTIONS,
  type OnlineSafetyMonth,
  type PublicCount,
} from "@/shared/online-safety-page";

/** "October 2026", the same on the server and in the browser (UTC). */
export function monthName(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** A duration as a reader says it: minutes, hours up to two days, then days. */
export function durationText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return plural(Math.max(minutes, 1), "minute");
  const hours = Math.round(seconds / 3600);
  if (hours < 48) return plural(hours, "hour");
  return plural(Math.round(seconds / 86400), "day");
}

function Group({ title, rows }: { title: string; rows: [string, PublicCount | string][] }) {
  return (
    <tbody>
      <tr>
        <th scope="rowgroup" colSpan={2} className="pt-3 pb-1 text-left font-semibold">
          {title}
        </th>
      </tr>
      {rows.map(([label, value]) => (
        <tr key={label} className="border-border border-t">
          <th scope="row" className="py-1.5 pr-3 text-left font-normal text-muted-foreground">
            {label}
          </th>
          <td className="py-1.5 text-right tabular-nums">{value}</td>
        </tr>
      ))}
    </tbody>
  );
}

export function MonthFigures({ month }: { month: OnlineSafetyMonth }) {
  const median =
    month.medianSecondsToAction === null
      ? "not shown (fewer than 5 reports closed)"
      : durationText(month.medianSecondsToAction);
  return (
    <table className="w-full text-sm">
      <caption className="text-left font-semibold font-serif text-lg">
        {monthName(month.month)}
      </caption>
      <Group
        title="Reports received, by reason"
        rows={REPORT_REASONS.map((r) => [REPORT_REASON_LABELS[r], month.reportsByReason[r]])}
      />
      <Group
        title="Actions taken"
        rows={COUNTED_ACTIONS.map((a) => [COUNTED_ACTION_LABELS[a], month.actionsByKind[a]])}
      />
      <Group title="Time to act" rows={[["Median time from report to action", median]]} />
      <Group
        title="Appeals decided"
        rows={[
          ["Upheld (the decision was reversed)", month.appealsUpheld],
          ["Not upheld (the decision stood)", month.appealsNotUpheld],
        ]}
      />
    </table>
  );
}
