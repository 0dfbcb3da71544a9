import { Lock, Pin } from "lucide-react";
import { Badge } from "@/client/components/ui/badge";
import type { DiscussionItem } from "@/shared/api-types";

/** The pinned and locked badges a discussion shows wherever it appears. */
export function DiscussionBadges({ isPinned, isLocked }: { isPinned: boolean; isLocked: boolean }) {
  if (!isPinned && !isLocked) return null;
  return (
    <span className="flex flex-wrap gap-1.5">
      {isPinned ? (
        <Badge variant="secondary">
          <Pin aria-hidden="true" />
          Pinned
        </Badge>
      ) : null}
      {isLocked ? (
        <Badge variant="outline">
          <Lock aria-hidden="true" />
          Locked
        </Badge>
      ) : null}
    </span>
  );
}

/**
 * What is new to the member (docs/decisions/071): "New" for a discussion they have not opened
 * since their last visit, "{n} new replies" for replies they have not read.
 */
export function ReadStateBadge({ discussion }: { discussion: DiscussionItem }) {
  if (discussion.isNew) return <Badge>New</Badge>;
  const unread = discussion.unread ?? 0;
  if (unread === 0) return null;
  return <Badge>{unread === 1 ? "1 new reply" : `${unread} new replies`}</Badge>;
}
