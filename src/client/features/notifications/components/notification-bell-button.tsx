import { Bell } from "lucide-react";
import type * as React from "react";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { unreadBadge, unreadLabel } from "../lib/unread-label";

type NotificationBellButtonProps = React.ComponentProps<"button"> & { unread: number };

/**
 * The header's bell with the unread count as a badge: the trigger of the recent-notifications
 * popover, and the same button while the popover's code loads.
 */
export function NotificationBellButton({ unread, ...props }: NotificationBellButtonProps) {
  const badge = unreadBadge(unread);
  return (
    <button
      type="button"
      className={`${buttonVariants({ variant: "ghost", size: "icon" })} relative`}
      aria-label={unreadLabel(unread)}
      aria-haspopup="dialog"
      data-unread={unread}
      {...props}
    >
      <Bell aria-hidden="true" className="size-5" />
      {badge ? (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 font-semibold text-[10px] text-destructive-foreground leading-none"
        >
          {badge}
        </span>
      ) : null}
    </button>
  );
}
