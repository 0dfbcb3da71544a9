import { ArrowDownUp, ChevronDown } from "lucide-react";
import { NativeSelect } from "@/client/components/ui/native-select";
import { DEFAULT_DISCUSSION_FILTERS } from "@/client/features/discussions/hooks/use-discussion-filters";
import { DISCUSSION_SORTS, type DiscussionSort } from "@/shared/constants";
import { TOP_PERIOD_LABELS, TOP_PERIODS, type TopPeriod } from "@/shared/reactions";

/** docs/product.md §2.6 and §4.6: the forum's orders; Top by reactions and replies (075). */
export const SORT_LABELS: Record<DiscussionSort, string> = {
  newest: "Newest",
  activity: "Latest activity",
  top: "Top",
};

type DiscussionSortSelectProps = {
  value: DiscussionSort;
  onChange: (sort: DiscussionSort) => void;
};

/**
 * The forum's order. The browser's own <select> (the system picker on a phone, no script) lies
 * invisible over what it shows: the sort's name from `sm` up, only an icon on a phone, where the
 * search box beside it needs the room. Its accessible name and value are the select's own.
 */
export function DiscussionSortSelect({ value, onChange }: DiscussionSortSelectProps) {
  // Another order than the default is marked, as the Filters button marks active filters: on a
  // phone the icon is all there is to see.
  const changed = value !== DEFAULT_DISCUSSION_FILTERS.sort;
  return (
    <div
      className={`relative inline-flex h-10 shrink-0 items-center gap-2 rounded-md border bg-card px-3 text-sm shadow-sm hover:bg-accent hover:text-accent-foreground has-[select:focus-visible]:outline-2 has-[select:focus-visible]:outline-ring has-[select:focus-visible]:outline-offset-2 ${changed ? "border-primary" : "border-input"}`}
    >
      <ArrowDownUp
        aria-hidden="true"
        className={`size-4 ${changed ? "text-primary" : "text-muted-foreground"}`}
      />
      <span aria-hidden="true" className="hidden whitespace-nowrap font-medium sm:inline">
        {SORT_LABELS[value]}
      </span>
      <ChevronDown aria-hidden="true" className="hidden size-4 text-muted-foreground sm:block" />
      <select
        aria-label="Sort discussions"
        value={value}
        onChange={(event) => {
          const sort = DISCUSSION_SORTS.find((known) => known === event.target.value);
          if (sort) onChange(sort);
        }}
        // 16px text: a phone zooms into a smaller field it focuses.
        className="absolute inset-0 cursor-pointer appearance-none rounded-md text-base opacity-0"
      >
        {DISCUSSION_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}

type TopPeriodSelectProps = { value: TopPeriod; onChange: (period: TopPeriod) => void };

/** The Top sort's period (docs/decisions/075), beside the sort while Top is chosen. */
export function TopPeriodSelect({ value, onChange }: TopPeriodSelectProps) {
  return (
    <NativeSelect
      aria-label="Top discussions of"
      className="h-10 w-auto shrink-0"
      value={value}
      onChange={(event) => {
        const period = TOP_PERIODS.find((known) => known === event.target.value);
        if (period) onChange(period);
      }}
    >
      {TOP_PERIODS.map((period) => (
        <option key={period} value={period}>
          {TOP_PERIOD_LABELS[period]}
        </option>
      ))}
    </NativeSelect>
  );
}
