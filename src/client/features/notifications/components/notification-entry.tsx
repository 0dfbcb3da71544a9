import { Link } from "@/client/components/link";
import { RelativeTime } from "@/client/components/relative-time";
import { cn } from "@/client/lib/cn";
import { isAppealable } from "@/shared/appeals";
import { type NotificationItem, notificationPath, notificationText } from "@/shared/notifications";
import { citesRule, termsRuleLabel, termsRulePath } from "@/shared/terms-rules";
import { useMarkNotificationRead } from "../api/mark-read";
import { AppealButton } from "./appeal-button";

type NotificationEntryProps = {
  item: NotificationItem;
  /** The bell's popover: no border, no `Mark read` (the popover has `Mark all read`). */
  compact?: boolean;
  /** Called when the entry's link is followed. */
  onOpen?: () => void;
};

/** One entry: who, what and when; opening it marks it read and goes to the reply. */
export function NotificationEntry({ item, compact = false, onOpen }: NotificationEntryProps) {
  const markRead = useMarkNotificationRead();
  return (
    <li
      className={cn(
        "flex items-start gap-3 rounded-md",
        compact ? "p-2 text-sm" : "border p-3",
        item.read ? !compact && "bg-background" : ["bg-primary/5", !compact && "border-primary/30"],
      )}
      data-notification={item.id}
    >
      <span
        aria-hidden="true"
        className={cn(
          "mt-2 size-2 shrink-0 rounded-full",
          item.read ? "bg-transparent" : "bg-primary",
        )}
      />
      <div className="grid min-w-0 flex-1 gap-1">
        <Link
          to={notificationPath(item)}
          onClick={() => {
            if (!item.read) markRead.mutate(item.id);
            onOpen?.();
          }}
          className="wrap-anywhere font-medium text-foreground hover:underline"
        >
          {notificationText(item)}
        </Link>
        {/* In place of a reply its reader may no longer read (docs/decisions/052). */}
        {item.replyMasked ? (
          <span className="text-muted-foreground text-sm italic">{item.replyMasked}</span>
        ) : null}
        {/* The rule of the terms it broke (docs/decisions/082), as the mail links it. */}
        {item.kind === "moderation_action" && item.moderation && citesRule(item.moderation) ? (
          <Link to={termsRulePath(item.moderation.rule)} className="text-sm underline">
            {item.moderation.rule
              ? `The rule: ${termsRuleLabel(item.moderation.rule) ?? item.moderation.rule}`
              : "The Terms of Service"}
          </Link>
        ) : null}
        <span className="text-muted-foreground text-sm">
          <RelativeTime value={item.at} />
          {item.read ? null : <span className="sr-only"> · unread</span>}
        </span>
      </div>
      {!compact &&
      item.kind === "moderation_action" &&
      item.moderation &&
      !item.moderation.appealed &&
      isAppealable(item.moderation.action) ? (
        <AppealButton actionId={item.moderation.actionId} />
      ) : null}
      {item.read || compact ? null : (
        <button
          type="button"
          className="shrink-0 rounded-sm px-2 py-1 text-muted-foreground text-sm hover:bg-accent hover:text-foreground"
          onClick={() => markRead.mutate(item.id)}
        >
          Mark read
        </button>
      )}
    </li>
  );
}
