import { Lock, LockOpen, Pin, PinOff } from "lucide-react";
import { DropdownMenuItem, TOUCH_ITEM_CLASS } from "@/client/components/ui/dropdown-menu";
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

/**
 * Pin/Unpin and Lock/Unlock as items of the page's `Moderate` menu (docs/product.md §11.8), with
 * the toasts of the forum's buttons (§2.21.3).
 */
export function PinLockMenuItems({ discussion }: { discussion: DiscussionItem }) {
  const moderate = useModerateDiscussion();
  // Awaited rather than given to mutate(): choosing an item closes the menu, which unmounts
  // these items, and mutate()'s own callbacks skip an unmounted caller.
  const change = async (next: ModerationChange) => {
    try {
      await moderate.mutateAsync(next);
    } catch {
      toast.error(MODERATION_FAILED_MESSAGE);
      return;
    }
    toast.success(moderationSuccessMessage(next));
  };
  const { id, isPinned, isLocked } = discussion;
  return (
    <>
      <DropdownMenuItem
        className={TOUCH_ITEM_CLASS}
        disabled={moderate.isPending}
        onSelect={() => void change({ id, flag: "pinned", value: !isPinned })}
      >
        {isPinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
        {isPinned ? "Unpin" : "Pin"}
      </DropdownMenuItem>
      <DropdownMenuItem
        className={TOUCH_ITEM_CLASS}
        disabled={moderate.isPending}
        onSelect={() => void change({ id, flag: "locked", value: !isLocked })}
      >
        {isLocked ? <LockOpen aria-hidden="true" /> : <Lock aria-hidden="true" />}
        {isLocked ? "Unlock" : "Lock"}
      </DropdownMenuItem>
    </>
  );
}
