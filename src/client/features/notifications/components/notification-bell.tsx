import { lazy, Suspense } from "react";
import { useLoadOnIntent } from "@/client/hooks/use-load-on-intent";
import { useUnreadCount } from "../api/get-unread-count";
import { useLiveNotifications } from "../hooks/use-live-notifications";
import { NotificationBellButton } from "./notification-bell-button";

// The popover (Radix, floating-ui, the list) loads when the member reaches for the bell
// (docs/decisions/012); until then a plain button of the same look stands in.
const loadPopover = () => import("./notification-popover");
const NotificationPopover = lazy(() =>
  loadPopover().then((module) => ({ default: module.NotificationPopover })),
);

/** The header's bell (docs/product.md §2.3): the unread count, kept live, opening the recent list. */
export function NotificationBell() {
  useLiveNotifications(true);
  const unread = useUnreadCount().data?.unread ?? 0;
  const popover = useLoadOnIntent(loadPopover);
  const standIn = (
    <NotificationBellButton unread={unread} aria-expanded={false} {...popover.intent} />
  );
  if (!popover.ready) return standIn;
  return (
    <Suspense fallback={standIn}>
      <NotificationPopover
        unread={unread}
        defaultOpen={popover.openWhenReady}
        focusTrigger={popover.focusWhenReady}
      />
    </Suspense>
  );
}
