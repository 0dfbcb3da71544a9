import { MessageSquare } from "lucide-react";
import type { DiscussionItem } from "../../../../shared/api-types";
import { RelativeTime } from "../../../components/relative-time";

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

/** SPEC §2: the reply count is fixed at 0 until comments exist. */
export function ReplyCount({ replies }: { replies: number }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-muted-foreground text-sm">
      <MessageSquare aria-hidden="true" className="size-4" />
      {replies} {replies === 1 ? "reply" : "replies"}
    </span>
  );
}
