import { Button } from "@/client/components/ui/button";
import type { DraftStatus as Status } from "./use-draft";

const TEXTS: Record<Status, string> = {
  none: "",
  restored: "Draft restored",
  saved: "Draft saved",
  failed: "Draft not saved",
};

/**
 * The composer's quiet draft line (docs/product.md §2.7): a polite live region, mounted before
 * it has anything to say so that screen readers announce each change once, and no toast.
 */
export function DraftStatus({
  status,
  onDiscard,
  disabled,
}: {
  status: Status;
  onDiscard: () => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex min-h-8 items-center gap-2 text-muted-foreground text-xs">
      <p role="status" aria-live="polite">
        {TEXTS[status]}
      </p>
      {status === "restored" || status === "saved" ? (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-8 px-1 text-xs"
          onClick={onDiscard}
          disabled={disabled}
        >
          Discard draft
        </Button>
      ) : null}
    </div>
  );
}
