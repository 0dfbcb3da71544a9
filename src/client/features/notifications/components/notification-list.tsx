import { LoadMoreButton } from "@/client/components/load-more-button";
import { Button } from "@/client/components/ui/button";
import { useNotifications } from "../api/get-notifications";
import { useMarkAllNotificationsRead } from "../api/mark-all-read";
import { NotificationEntry } from "./notification-entry";

/** The /notifications page's list: newest activity first, 20 at a time, with "Mark all read". */
export function NotificationList() {
  const query = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  if (query.isPending) {
    return <p className="text-muted-foreground">Loading notifications...</p>;
  }
  if (query.isError) {
    return (
      <div className="grid justify-items-start gap-2">
        <p>Your notifications could not be loaded.</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const items = query.data.pages.flatMap((page) => page.notifications);
  if (items.length === 0) {
    return (
      <div className="rounded-lg border border-dashed p-8 text-center">
        <p className="font-medium">No notifications yet</p>
        <p className="text-muted-foreground text-sm">
          When someone replies to you or mentions you, it shows up here.
        </p>
      </div>
    );
  }
  const anyUnread = items.some((item) => !item.read);
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <Button
          variant="outline"
          size="sm"
          disabled={!anyUnread || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all read
        </Button>
      </div>
      <ul className="grid gap-2">
        {items.map((item) => (
          <NotificationEntry key={item.id} item={item} />
        ))}
      </ul>
      <LoadMoreButton
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={query.fetchNextPage}
        label="Load more notifications"
      />
    </div>
  );
}
