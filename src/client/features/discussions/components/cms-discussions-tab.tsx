import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { LoadMoreButton } from "@/client/components/load-more-button";
import { SearchInput } from "@/client/components/search-input";
import { TabFallback } from "@/client/components/tab-fallback";
import { TabHeader } from "@/client/components/tab-header";
import { Button } from "@/client/components/ui/button";
import { useDeleteDiscussion } from "@/client/features/discussions/api/delete-discussion";
import { useCmsDiscussions } from "@/client/features/discussions/api/get-cms-discussions";
import {
  type ModerationChange,
  useModerateDiscussion,
} from "@/client/features/discussions/api/moderate-discussion";
import { discussionChangeRight } from "@/client/features/discussions/lib/discussion-rights";
import {
  MODERATION_FAILED_MESSAGE,
  moderationSuccessMessage,
} from "@/client/features/discussions/lib/moderation-messages";
import { useDebouncedValue } from "@/client/hooks/use-debounced-value";
import { useAuth } from "@/client/lib/session/use-auth";
import { toast } from "@/client/lib/toast";
import { CmsDiscussionEditor, type CmsDiscussionEditorTarget } from "./cms-discussion-editor";
import { CmsDiscussionRow } from "./cms-discussion-row";
import { DeletedDiscussions } from "./deleted-discussions";

/**
 * The CMS Discussions tab (moderators and admins, docs/product.md §2.21.3): every active
 * discussion, with the forum's form and moderation.
 */
export function CmsDiscussionsTab() {
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim(), 300);
  const discussions = useCmsDiscussions(search);
  const moderate = useModerateDiscussion();
  const remove = useDeleteDiscussion();
  const [editing, setEditing] = useState<CmsDiscussionEditorTarget>(null);
  const list = discussions.data?.pages.flatMap((page) => page.items) ?? [];
  const { user, role } = useAuth();
  const viewer = user ? { id: user.id, role } : null;

  useEffect(() => {
    if (discussions.isError) {
      toast.error("Error", { description: "Failed to load discussions." });
    }
  }, [discussions.isError]);

  const changeFlag = (change: ModerationChange) =>
    moderate.mutate(change, {
      onSuccess: () => toast.success(moderationSuccessMessage(change)),
      onError: () => toast.error(MODERATION_FAILED_MESSAGE),
    });

  const onDelete = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => toast.success("Discussion deleted"),
      onError: () => toast.error("Failed to delete discussion."),
    });

  const busy = (id: string) =>
    (moderate.isPending && moderate.variables?.id === id) ||
    (remove.isPending && remove.variables === id);

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
      <SearchInput
        className="sm:max-w-md"
        aria-label="Search discussions"
        placeholder="Search by title, content or author..."
        value={searchText}
        maxLength={200}
        onChange={(event) => setSearchText(event.target.value)}
      />
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
            <CmsDiscussionRow
              key={discussion.id}
              discussion={discussion}
              busy={busy(discussion.id)}
              mayChange={discussionChangeRight(viewer, discussion) !== null}
              onEdit={() => setEditing(discussion)}
              onPin={(value) => changeFlag({ id: discussion.id, flag: "pinned", value })}
              onLock={(value) => changeFlag({ id: discussion.id, flag: "locked", value })}
              onDelete={() => onDelete(discussion.id)}
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
      <DeletedDiscussions />
      <CmsDiscussionEditor target={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
