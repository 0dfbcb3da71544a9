import { Link } from "@/client/components/link";
import { Button } from "@/client/components/ui/button";
import { paths } from "@/client/lib/paths";

/** docs/product.md §2: shown when nothing loads. */
export function DiscussionNotFound() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
      <h1 className="font-bold text-2xl">Discussion not found</h1>
      <p className="text-muted-foreground">
        This discussion may have been removed or doesn't exist.
      </p>
      <Button asChild variant="outline">
        <Link to={paths.discussions}>Back to discussions</Link>
      </Button>
    </div>
  );
}
