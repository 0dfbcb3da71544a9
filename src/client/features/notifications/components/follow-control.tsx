import { useDiscussionEvents } from "@/client/hooks/use-discussion-events";
import { toast } from "@/client/lib/toast";
import type { FollowState } from "@/shared/notifications";
import { useFollowState, useSetFollowState } from "../api/follow-state";
import { FollowButtons } from "./follow-buttons";

const SAVED: Record<FollowState, string> = {
  following: "You'll hear about every reply here.",
  muted: "This discussion won't notify you any more.",
  none: "You'll hear only about replies to you and mentions.",
};

/**
 * "Follow" / "Following" and "Mute" / "Muted" for a discussion (docs/product.md §2.23), for a
 * signed-in member: the page renders it for members only.
 */
export function FollowControl({ discussionId }: { discussionId: string }) {
  const state = useFollowState(discussionId);
  const setState = useSetFollowState(discussionId);
  // Replying follows a discussion (docs/product.md §2.23): a new reply here, perhaps the member's
  // own, may have changed "none" into "following". Muted and following stay as they are.
  useDiscussionEvents({
    onChange: (change) => {
      if (change.id !== discussionId || change.reply?.type !== "created") return;
      if (state.data?.state === "none") void state.refetch();
    },
  });
  if (state.isError) return null;
  return (
    <FollowButtons
      state={state.data?.state}
      pending={setState.isPending}
      onChange={(next) =>
        setState.mutate(next, {
          onSuccess: () => toast.success(SAVED[next]),
          onError: () => toast.error("Failed to update notifications for this discussion."),
        })
      }
    />
  );
}
