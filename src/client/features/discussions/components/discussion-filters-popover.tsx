import { useEffect, useRef, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { NativeSelect } from "@/client/components/ui/native-select";
import { Popover, PopoverContent, PopoverTrigger } from "@/client/components/ui/popover";
import { Switch } from "@/client/components/ui/switch";
import type { DiscussionFilters } from "@/client/features/discussions/api/get-discussions";
import {
  activeFilterCount,
  hasFiltersToClear,
} from "@/client/features/discussions/hooks/use-discussion-filters";
import { useDebouncedValue } from "@/client/hooks/use-debounced-value";
import { useFocusOnMount } from "@/client/hooks/use-load-on-intent";
import { useCategories } from "@/client/lib/categories";
import { useTags } from "@/client/lib/tags";
import { DATE_RANGES, type DateRange, LIMITS } from "@/shared/constants";
import { FiltersTriggerButton } from "./filters-trigger-button";

const RANGE_LABELS: Record<DateRange, string> = {
  all: "All time",
  "24h": "Last 24 hours",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
};

const AUTHOR_DELAY_MS = 400;

type DiscussionFiltersPopoverProps = {
  filters: DiscussionFilters;
  onChange: (change: Partial<DiscussionFilters>) => void;
  onClear: () => void;
  /** Open at once: the visitor clicked the button while this code was loading. */
  defaultOpen?: boolean;
  /** Take the focus: it was on the button this one replaces. */
  focusTrigger?: boolean;
  /** A category's page: its category is not a filter there (issue 41). */
  fixedCategory?: boolean;
};

/**
 * docs/product.md §3 filters: category and tag (issue 41), author, date range, pinned only,
 * locked only; the trigger shows the count.
 */
export function DiscussionFiltersPopover({
  filters,
  onChange,
  onClear,
  defaultOpen = false,
  focusTrigger = false,
  fixedCategory = false,
}: DiscussionFiltersPopoverProps) {
  const count = activeFilterCount(filters, fixedCategory);
  const categories = useCategories();
  const tags = useTags();
  // The list's tag is offered even when it is not among the most used.
  const tagNames = (tags.data?.tags ?? []).map((tag) => tag.name);
  if (filters.tag && !tagNames.includes(filters.tag)) tagNames.unshift(filters.tag);
  const trigger = useFocusOnMount<HTMLButtonElement>(focusTrigger);
  const [author, setAuthor] = useState(filters.author);
  const debouncedAuthor = useDebouncedValue(author, AUTHOR_DELAY_MS);

  // Only typing sends a change; the address changing (clear, back button) is followed below.
  const latest = useRef({ author: filters.author, onChange });
  latest.current = { author: filters.author, onChange };
  useEffect(() => {
    const next = debouncedAuthor.trim();
    if (next !== latest.current.author) latest.current.onChange({ author: next });
  }, [debouncedAuthor]);

  useEffect(() => {
    setAuthor((current) => (current.trim() === filters.author ? current : filters.author));
  }, [filters.author]);

  return (
    <Popover defaultOpen={defaultOpen}>
      <PopoverTrigger asChild>
        <FiltersTriggerButton ref={trigger} count={count} />
      </PopoverTrigger>
      <PopoverContent
        aria-label="Discussion filters"
        // Six fields and a button: on a short window the panel scrolls within the room below
        // its button rather than running off the screen.
        className="flex max-h-[var(--radix-popover-content-available-height)] flex-col gap-4 overflow-y-auto"
        tabIndex={-1}
        onOpenAutoFocus={(event) => {
          // On a touch screen the Author box would open the keyboard over the popover (issue
          // 21): the popover itself takes the focus there; a keyboard user lands in the box.
          if (window.matchMedia("(pointer: coarse)").matches) {
            event.preventDefault();
            (event.target as HTMLElement | null)?.focus();
          }
        }}
      >
        {fixedCategory ? null : (
          <div className="grid gap-2">
            <Label htmlFor="filter-category">Category</Label>
            <NativeSelect
              id="filter-category"
              value={filters.category}
              onChange={(event) => onChange({ category: event.target.value })}
            >
              <option value="">Every category</option>
              {categories.data?.categories.map((category) => (
                <option key={category.slug} value={category.slug}>
                  {category.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <div className="grid gap-2">
          <Label htmlFor="filter-tag">Tag</Label>
          <NativeSelect
            id="filter-tag"
            value={filters.tag}
            onChange={(event) => onChange({ tag: event.target.value })}
          >
            <option value="">Any tag</option>
            {tagNames.map((tag) => (
              <option key={tag} value={tag}>
                #{tag}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="filter-author">Author</Label>
          <Input
            id="filter-author"
            placeholder="Author name"
            value={author}
            maxLength={LIMITS.name}
            onChange={(event) => setAuthor(event.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="filter-date-range">Date range</Label>
          <NativeSelect
            id="filter-date-range"
            value={filters.dateRange}
            onChange={(event) => {
              const range = DATE_RANGES.find((known) => known === event.target.value);
              if (range) onChange({ dateRange: range });
            }}
          >
            {DATE_RANGES.map((range) => (
              <option key={range} value={range}>
                {RANGE_LABELS[range]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor="filter-pinned">Pinned only</Label>
          <Switch
            id="filter-pinned"
            checked={filters.pinned}
            onCheckedChange={(pinned) => onChange({ pinned })}
          />
        </div>
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor="filter-locked">Locked only</Label>
          <Switch
            id="filter-locked"
            checked={filters.locked}
            onCheckedChange={(locked) => onChange({ locked })}
          />
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={onClear}
          disabled={!hasFiltersToClear(filters, fixedCategory)}
        >
          Clear filters
        </Button>
      </PopoverContent>
    </Popover>
  );
}
