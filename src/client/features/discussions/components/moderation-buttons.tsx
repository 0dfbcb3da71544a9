import { Lock, LockOpen, Pin, PinOff } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import {
  type ModerationChange,
  useModerateDiscussion,
} from "@/client/features/discussions/api/moderate-discussion";
import {
  MODERATION_FAILED_MESSAGE,
  moderationSuccessMessage,
} from "@/client/features/discussions/lib/moderation-messages";
import { toast } from "@/client/lib/toast";
import type { DiscussionItem } from "@/shared/api-types";

/** Pin/unpin and lock/unlock, shown to moderators and admins (docs/product.md §6). */
export function ModerationButtons({ discussion }: { discussion: DiscussionItem }) {
  const moderate = useModerateDiscussion();

  const change = (next: ModerationChange) =>
    moderate.mutate(next, {
      onSuccess: () => toast.success(moderationSuccessMessage(next)),
      onError: () => toast.error(MODERATION_FAILED_MESSAGE),
    });

  const title = discussion.title;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        disabled={moderate.isPending}
        aria-label={`${discussion.isPinned ? "Unpin" : "Pin"} "${title}"`}
        onClick={() => change({ id: discussion.id, flag: "pinned", value: !discussion.isPinned })}
      >
        {discussion.isPinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
        {discussion.isPinned ? "Unpin" : "Pin"}
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={moderate.isPending}
        aria-label={`${discussion.isLocked ? "Unlock" : "Lock"} "${title}"`}
        onClick={() => change({ id: discussion.id, flag: "locked", value: !discussion.isLocked })}
      >
        {discussion.isLocked ? <LockOpen aria-hidden="true" /> : <Lock aria-hidden="true" />}
        {discussion.isLocked ? "Unlock" : "Lock"}
      </Button>
    </div>
  );
}
