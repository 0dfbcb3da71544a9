import { RotateCcw } from "lucide-react";
import { LoadMoreButton } from "@/client/components/load-more-button";
import { RelativeTime } from "@/client/components/relative-time";
import { Button } from "@/client/components/ui/button";
import {
  useDeletedDiscussions,
  useRestoreDiscussion,
} from "@/client/features/discussions/api/deleted-discussions";
import { errorMessage } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";

/** The CMS's deleted discussions, each with Restore (issue 17). */
export function DeletedDiscussions() {
  const deleted = useDeletedDiscussions();
  const restore = useRestoreDiscussion();
  const items = deleted.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="deleted-discussions" className="flex flex-col gap-3">
      <h3 id="deleted-discussions" className="font-semibold text-lg">
        Deleted discussions
      </h3>
      {deleted.isPending ? null : items.length === 0 ? (
        <p className="text-muted-foreground text-sm">No deleted discussions.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Deleted discussions">
          {items.map((item) => (
            <li
              key={item.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed p-3 text-sm"
            >
              <span className="min-w-0">
                <span className="font-medium">{item.title}</span>
                <span className="text-muted-foreground">
                  {" "}
                  by {item.author} · {item.replies} {item.replies === 1 ? "reply" : "replies"} ·{" "}
                  <RelativeTime value={item.deletedAt} prefix="deleted" />
                </span>
              </span>
              <Button
                variant="outline"
                size="sm"
                aria-label={`Restore "${item.title}"`}
                disabled={restore.isPending}
                onClick={() =>
                  restore.mutate(item.id, {
                    onSuccess: () => toast.success("Discussion restored"),
                    onError: (error) =>
                      toast.error("Failed to restore discussion.", {
                        description: errorMessage(error),
                      }),
                  })
                }
              >
                <RotateCcw aria-hidden="true" />
                Restore
              </Button>
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton
        hasNextPage={deleted.hasNextPage}
        isFetchingNextPage={deleted.isFetchingNextPage}
        fetchNextPage={deleted.fetchNextPage}
        label="Load more deleted discussions"
      />
    </section>
  );
}
