import { SlidersHorizontal } from "lucide-react";
import type * as React from "react";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";

type FiltersTriggerButtonProps = React.ComponentProps<"button"> & {
  /** Active filters (docs/product.md §5 count), shown as a badge and in the accessible name. */
  count: number;
};

/** The forum's "Filters" button: the popover's trigger, and the same button before it loads. */
export function FiltersTriggerButton({ count, ...props }: FiltersTriggerButtonProps) {
  return (
    <Button
      variant="outline"
      aria-label={count ? `Filters (${count} active)` : "Filters"}
      {...props}
    >
      <SlidersHorizontal aria-hidden="true" />
      Filters
      {count ? (
        <Badge data-testid="active-filter-count" className="px-1.5">
          {count}
        </Badge>
      ) : null}
    </Button>
  );
}
