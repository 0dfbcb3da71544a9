import { LoadMoreButton } from "@/client/components/load-more-button";
import { Button } from "@/client/components/ui/button";
import { useBookmarks } from "../api/get-bookmarks";
import { BookmarkEntry } from "./bookmark-entry";

/** The /bookmarks page's list: newest first, 20 at a time. */
export function BookmarkList() {
  const query = useBookmarks();
  if (query.isPending) {
    return <p className="text-muted-foreground">Loading bookmarks...</p>;
  }
  if (query.isError) {
    return (
      <div className="grid justify-items-start gap-2">
        <p>Your bookmarks could not be loaded.</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const items = query.data.pages.flatMap((page) => page.bookmarks);
  if (items.length === 0) {
    return (
      <div className="rounded-lg border border-dashed p-8 text-center">
        <p className="font-medium">No bookmarks yet</p>
        <p className="text-muted-foreground text-sm">
          Bookmark a discussion or a reply to find it here again, with a note or a reminder.
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <ul className="grid gap-2">
        {items.map((item) => (
          <BookmarkEntry key={item.id} item={item} />
        ))}
      </ul>
      <LoadMoreButton
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={query.fetchNextPage}
        label="Load more bookmarks"
      />
    </div>
  );
}
