import { Users } from "lucide-react";
import { Button } from "@/client/components/ui/button";

export function MembersEmptyState({ onClearFilters }: { onClearFilters: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
      <Users aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="font-semibold text-xl">No members found</h2>
      <p className="text-muted-foreground text-sm">Try a different search or role.</p>
      <Button variant="outline" onClick={onClearFilters}>
        Clear filters
      </Button>
    </div>
  );
}
