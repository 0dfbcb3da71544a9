import type { DiscussionFilters } from "@/client/features/discussions/api/get-discussions";
import { activeFilterCount } from "@/client/features/discussions/hooks/use-discussion-filters";
import { useLoadOnIntent } from "@/client/hooks/use-load-on-intent";
import { DiscussionSortSelect, TopPeriodSelect } from "./discussion-filters-sort";
import { FiltersTriggerButton } from "./filters-trigger-button";

type PanelModule = typeof import("./discussion-filters-popover");

// The filter panel (Radix popover and switch, with floating-ui) loads on first intent; loaded
// right after the list, its start-up work counted as blocking time on a phone. The loaded module
// is kept rather than rendered through React.lazy, as the bell's (notification-bell.tsx): lazy
// suspended once more behind a second, unfocused stand-in, and a Tab pressed from the Sort
// control in that moment went to the top of the page (issue 38).
let panelModule: PanelModule | null = null;
const loadPanel = () =>
  import("./discussion-filters-popover").then((module) => {
    panelModule = module;
    return module;
  });

type DiscussionFiltersControlProps = {
  filters: DiscussionFilters;
  onChange: (change: Partial<DiscussionFilters>) => void;
  onClear: () => void;
  /** A category's page: its category is not a filter there (issue 41). */
  fixedCategory?: boolean;
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
      {props.filters.sort === "top" ? (
        <TopPeriodSelect
          value={props.filters.period}
          onChange={(period) => props.onChange({ period })}
        />
      ) : null}
      <FiltersPanel {...props} />
    </>
  );
}

function FiltersPanel(props: DiscussionFiltersControlProps) {
  const panel = useLoadOnIntent(loadPanel);
  const standIn = (
    <FiltersTriggerButton
      count={activeFilterCount(props.filters, props.fixedCategory)}
      aria-haspopup="dialog"
      aria-expanded={false}
      {...panel.intent}
    />
  );
  if (!panel.ready || !panelModule) return standIn;
  const { DiscussionFiltersPopover } = panelModule;
  return (
    <DiscussionFiltersPopover
      {...props}
      defaultOpen={panel.openWhenReady}
      focusTrigger={panel.focusWhenReady}
    />
  );
}
