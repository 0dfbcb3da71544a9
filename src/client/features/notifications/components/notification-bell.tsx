import { Bell } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { paths } from "@/client/lib/paths";
import { useUnreadCount } from "../api/get-unread-count";
import { useLiveNotifications } from "../hooks/use-live-notifications";

/** "3 unread notifications", or "Notifications" when there are none. */
export function unreadLabel(unread: number): string {
  if (unread === 0) return "Notifications";
  return `Notifications, ${unread} unread`;
}

/** The header's bell: the unread count, kept live, opening /notifications. */
export function NotificationBell() {
  useLiveNotifications(true);
  const unread = useUnreadCount().data?.unread ?? 0;
  return (
    <Link
      to={paths.notifications}
      className={`${buttonVariants({ variant: "ghost", size: "icon" })} relative`}
      aria-label={unreadLabel(unread)}
      data-unread={unread}
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 font-semibold text-[10px] text-white leading-none"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
