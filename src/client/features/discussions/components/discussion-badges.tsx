import { Lock, Pin } from "lucide-react";
import { Badge } from "@/client/components/ui/badge";

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
