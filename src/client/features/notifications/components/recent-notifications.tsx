import { Link } from "@/client/components/link";
import { Button } from "@/client/components/ui/button";
import { paths } from "@/client/lib/paths";
import { useNotifications } from "../api/get-notifications";
import { useMarkAllNotificationsRead } from "../api/mark-all-read";
import { NotificationEntry } from "./notification-entry";

/** Entries the popover shows; the rest are on /notifications. */
export const RECENT_NOTIFICATIONS = 8;

type RecentNotificationsProps = {
  unread: number;
  /** Called when a link here is followed (the popover closes). */
  onNavigate: () => void;
};

/** The bell's popover: the newest entries, `Mark all read` and `See all notifications`. */
export function RecentNotifications({ unread, onNavigate }: RecentNotificationsProps) {
  const query = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const items = query.data?.pages[0]?.notifications.slice(0, RECENT_NOTIFICATIONS) ?? [];
  return (
    <div className="grid">
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <h2 id="notifications-popover-heading" className="font-semibold">
          Notifications
          {unread > 0 ? (
            <span className="ml-2 font-normal text-muted-foreground text-sm">{unread} unread</span>
          ) : null}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all read
        </Button>
      </div>
      <div className="max-h-[min(24rem,60vh)] overflow-y-auto p-2">
        {query.isPending ? (
          <p className="p-2 text-muted-foreground text-sm">Loading notifications...</p>
        ) : query.isError ? (
          <div className="grid justify-items-start gap-2 p-2">
            <p className="text-sm">Your notifications could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="p-2 text-muted-foreground text-sm">
            No notifications yet. When someone replies to you or mentions you, it shows up here.
          </p>
        ) : (
          <ul className="grid gap-1" aria-labelledby="notifications-popover-heading">
            {items.map((item) => (
              <NotificationEntry key={item.id} item={item} compact onOpen={onNavigate} />
            ))}
          </ul>
        )}
      </div>
      <div className="border-t p-2">
        <Button asChild variant="ghost" size="sm" className="w-full">
          <Link to={paths.notifications} onClick={onNavigate}>
            See all notifications
          </Link>
        </Button>
      </div>
    </div>
  );
}
