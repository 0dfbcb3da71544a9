import { lazy, Suspense } from "react";
import { useLoadOnIntent } from "../../../hooks/use-load-on-intent";
import type { DiscussionFilters } from "../api/get-discussions";
import { activeFilterCount } from "../hooks/use-discussion-filters";
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

/** SPEC §3 filters behind the "Filters" button, whose code loads when it is reached for. */
export function DiscussionFiltersControl(props: DiscussionFiltersControlProps) {
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
