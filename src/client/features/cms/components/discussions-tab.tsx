import { Plus, Search } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { useDebouncedValue } from "../../../hooks/use-debounced-value";
import { toast } from "../../../lib/toast";
import { useCmsDiscussions } from "../api/get-cms-discussions";
import { type DiscussionModeration, useModerateDiscussion } from "../api/save-discussion";
import { DiscussionEditor, type DiscussionEditorTarget } from "./discussion-editor";
import { DiscussionRow } from "./discussion-row";
import { LoadMoreButton } from "./load-more-button";
import { TabFallback } from "./tab-fallback";
import { TabHeader } from "./tab-header";

/** SPEC §8 success toasts for pin and lock. */
function moderationToast(change: DiscussionModeration): string {
  if (change.action === "delete") return "Discussion deleted";
  if (change.action === "pin") {
    return change.value ? "Discussion pinned successfully." : "Discussion unpinned successfully.";
  }
  return change.value ? "Discussion locked successfully." : "Discussion unlocked successfully.";
}

/** The CMS Discussions tab (moderators and admins): every active discussion. */
export function DiscussionsTab() {
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim(), 300);
  const discussions = useCmsDiscussions(search);
  const moderate = useModerateDiscussion();
  const [editing, setEditing] = useState<DiscussionEditorTarget>(null);
  const list = discussions.data?.pages.flatMap((page) => page.items) ?? [];

  useEffect(() => {
    if (discussions.isError) {
      toast.error("Error", { description: "Failed to load discussions." });
    }
  }, [discussions.isError]);

  const run = (change: DiscussionModeration) =>
    moderate.mutate(change, {
      onSuccess: () => toast.success(moderationToast(change)),
      onError: () =>
        toast.error(
          change.action === "delete"
            ? "Failed to delete discussion."
            : "Failed to update discussion.",
        ),
    });

  return (
    <div className="flex flex-col gap-6">
      <TabHeader
        title="Discussions"
        description="Edit, pin, lock or remove discussions; the forum updates live."
        action={
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" />
            New discussion
          </Button>
        }
      />
      <div className="relative sm:max-w-md">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Search discussions"
          placeholder="Search by title, content or author..."
          className="pl-9"
          value={searchText}
          maxLength={200}
          onChange={(event) => setSearchText(event.target.value)}
        />
      </div>
      {discussions.isPending ? (
        <TabFallback />
      ) : list.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">
          {discussions.isError
            ? "Failed to load discussions."
            : search
              ? `No discussions match "${search}".`
              : "No discussions yet."}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Discussions">
          {list.map((discussion) => (
            <DiscussionRow
              key={discussion.id}
              discussion={discussion}
              busy={moderate.isPending && moderate.variables?.id === discussion.id}
              onEdit={() => setEditing(discussion)}
              onPin={(value) => run({ id: discussion.id, action: "pin", value })}
              onLock={(value) => run({ id: discussion.id, action: "lock", value })}
              onDelete={() => run({ id: discussion.id, action: "delete" })}
            />
          ))}
        </ul>
      )}
      <LoadMoreButton
        hasNextPage={discussions.hasNextPage}
        isFetchingNextPage={discussions.isFetchingNextPage}
        fetchNextPage={discussions.fetchNextPage}
        label="Load more discussions"
      />
      <DiscussionEditor target={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
