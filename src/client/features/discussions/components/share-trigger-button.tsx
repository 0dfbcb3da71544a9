import { Share2 } from "lucide-react";
import type * as React from "react";
import { Button } from "@/client/components/ui/button";

type ShareTriggerButtonProps = React.ComponentProps<"button"> & {
  /** Shares made in this browser session (docs/product.md §2). */
  count: number;
};

/** The "Share" button: the menu's trigger, and the same button before the menu loads. */
export function ShareTriggerButton({ count, ...props }: ShareTriggerButtonProps) {
  return (
    <Button variant="outline" size="sm" {...props}>
      <Share2 aria-hidden="true" />
      Share
      {count ? (
        <span className="text-muted-foreground" data-testid="share-count">
          {count}
        </span>
      ) : null}
    </Button>
  );
}
