import { lazy, Suspense } from "react";
import type { DiscussionFilters } from "@/client/features/discussions/api/get-discussions";
import { activeFilterCount } from "@/client/features/discussions/hooks/use-discussion-filters";
import { useLoadOnIntent } from "@/client/hooks/use-load-on-intent";
import { DiscussionSortSelect } from "./discussion-filters-sort";
import { FiltersTriggerButton } from "./filters-trigger-button";

// The filter panel (Radix popover and switch, with floating-ui) loads on first intent; loaded
// right after the list, its start-up work counted as blocking time on a phone.
const loadPanel = () => import("./discussion-filters-popover");
const DiscussionFiltersPopover = lazy(() =>
  loadPanel().then((module) => ({ default: module.DiscussionFiltersPopover })),
);

type DiscussionFiltersControlProps = {
  filters: DiscussionFilters;
  onChange: (change: Partial<DiscussionFilters>) => void;
  onClear: () => void;
};

/**
 * The sort (docs/product.md §2.6), then the §3.6 filters behind the "Filters" button, whose code
 * loads when it is reached for.
 */
export function DiscussionFiltersControl(props: DiscussionFiltersControlProps) {
  return (
    <>
      <DiscussionSortSelect
        value={props.filters.sort}
        onChange={(sort) => props.onChange({ sort })}
      />
      <FiltersPanel {...props} />
    </>
  );
}

function FiltersPanel(props: DiscussionFiltersControlProps) {
  const panel = useLoadOnIntent(loadPanel);
  const standIn = (
    <FiltersTriggerButton
      count={activeFilterCount(props.filters)}
      aria-haspopup="dialog"
      aria-expanded={false}
      {...panel.intent}
    />
  );
  if (!panel.ready) return standIn;
  return (
    <Suspense fallback={standIn}>
      <DiscussionFiltersPopover
        {...props}
        defaultOpen={panel.openWhenReady}
        focusTrigger={panel.focusWhenReady}
      />
    </Suspense>
  );
}
