import { useState } from "react";
import { Popover, PopoverContent, PopoverTrigger } from "@/client/components/ui/popover";
import { useFocusOnMount } from "@/client/hooks/use-load-on-intent";
import { NotificationBellButton } from "./notification-bell-button";
import { RecentNotifications } from "./recent-notifications";

type NotificationPopoverProps = {
  unread: number;
  /** Open at once: the member clicked the bell while this code was loading. */
  defaultOpen?: boolean;
  /** Take the focus: it was on the bell this one replaces. */
  focusTrigger?: boolean;
};

/** The bell and the popover it opens: the recent notifications (docs/product.md §2.3). */
export function NotificationPopover({
  unread,
  defaultOpen = false,
  focusTrigger = false,
}: NotificationPopoverProps) {
  const [open, setOpen] = useState(defaultOpen);
  // Opened at once, the popover takes the focus itself (Radix moves it into the panel); taking it
  // back for the bell after that would leave a keyboard user outside the panel.
  const trigger = useFocusOnMount<HTMLButtonElement>(focusTrigger && !defaultOpen);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <NotificationBellButton ref={trigger} unread={unread} />
      </PopoverTrigger>
      <PopoverContent
        className="w-96 p-0"
        aria-labelledby="notifications-popover-heading"
        collisionPadding={8}
      >
        <RecentNotifications unread={unread} onNavigate={() => setOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}
