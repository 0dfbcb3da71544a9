import { MessagesSquare } from "lucide-react";
import { Button } from "@/client/components/ui/button";

type DiscussionsEmptyStateProps = {
  /** True when a search or filter hides everything; false when the forum is empty. */
  filtered: boolean;
  onClear: () => void;
};

export function DiscussionsEmptyState({ filtered, onClear }: DiscussionsEmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
      <MessagesSquare aria-hidden="true" className="size-10 text-muted-foreground" />
      <h3 className="font-sans font-semibold text-xl">
        {filtered ? "No discussions found" : "No discussions yet"}
      </h3>
      <p className="text-muted-foreground text-sm">
        {filtered
          ? "Try a different search or clear the filters."
          : "Be the first to start a discussion."}
      </p>
      {filtered ? (
        <Button variant="outline" onClick={onClear}>
          Clear search and filters
        </Button>
      ) : null}
    </div>
  );
}
