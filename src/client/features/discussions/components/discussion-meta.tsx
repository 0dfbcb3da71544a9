import { Clock, MessageSquare } from "lucide-react";
import { RelativeTime } from "@/client/components/relative-time";
import type { DiscussionItem } from "@/shared/api-types";

/** "by {author} · 3 hours ago" */
export function DiscussionByline({ discussion }: { discussion: DiscussionItem }) {
  return (
    <p className="text-muted-foreground text-sm">
      by <span className="font-medium text-foreground">{discussion.author}</span>
      <span aria-hidden="true"> · </span>
      <RelativeTime value={discussion.createdAt} />
    </p>
  );
}

/** "{n} replies" ("1 reply"): the discussion's replies not deleted (docs/product.md §3.4). */
export function ReplyCount({ replies }: { replies: number }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-muted-foreground text-sm">
      <MessageSquare aria-hidden="true" className="size-4" />
      {replies.toLocaleString()} {replies === 1 ? "reply" : "replies"}
    </span>
  );
}

/** "last reply 5 minutes ago", with the exact time on hover. */
export function LastReplyTime({ lastReplyAt }: { lastReplyAt: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-muted-foreground text-sm">
      <Clock aria-hidden="true" className="size-4" />
      <RelativeTime value={lastReplyAt} prefix="last reply" />
    </span>
  );
}
