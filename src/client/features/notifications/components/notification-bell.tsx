import { useLoadOnIntent } from "@/client/hooks/use-load-on-intent";
import { useUnreadCount } from "../api/get-unread-count";
import { useLiveNotifications } from "../hooks/use-live-notifications";
import { NotificationBellButton } from "./notification-bell-button";

type PopoverModule = typeof import("./notification-popover");

// The popover (Radix, floating-ui, the list) loads when the member reaches for the bell
// (docs/decisions/012); until then a plain button of the same look stands in. The loaded module
// is kept rather than rendered through React.lazy: lazy would suspend once more and show a
// second, unfocused stand-in for a moment, and an Enter pressed on the bell then went nowhere.
let popoverModule: PopoverModule | null = null;
const loadPopover = () =>
  import("./notification-popover").then((module) => {
    popoverModule = module;
    return module;
  });

/** The header's bell (docs/product.md §2.3): the unread count, kept live, opening the recent list. */
export function NotificationBell() {
  useLiveNotifications(true);
  const unread = useUnreadCount().data?.unread ?? 0;
  const popover = useLoadOnIntent(loadPopover);
  if (!popover.ready || !popoverModule) {
    return <NotificationBellButton unread={unread} aria-expanded={false} {...popover.intent} />;
  }
  const { NotificationPopover } = popoverModule;
  return (
    <NotificationPopover
      unread={unread}
      defaultOpen={popover.openWhenReady}
      focusTrigger={popover.focusWhenReady}
    />
  );
}
