import { Bell, BellOff } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { useDiscussionEvents } from "@/client/hooks/use-discussion-events";
import { toast } from "@/client/lib/toast";
import type { FollowState } from "@/shared/notifications";
import { useFollowState, useSetFollowState } from "../api/follow-state";

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
  if (!state.data) {
    // The buttons' room is kept while the state loads: on a phone they wrap onto a line of their
    // own, and appearing late they would push the discussion down.
    return (
      <div aria-hidden="true" className="invisible flex flex-wrap gap-2">
        <Button variant="outline" size="sm" tabIndex={-1}>
          <Bell aria-hidden="true" />
          Follow
        </Button>
        <Button variant="outline" size="sm" tabIndex={-1}>
          <BellOff aria-hidden="true" />
          Mute
        </Button>
      </div>
    );
  }
  const current = state.data.state;
  const change = (next: FollowState) =>
    setState.mutate(next, {
      onSuccess: () => toast.success(SAVED[next]),
      onError: () => toast.error("Failed to update notifications for this discussion."),
    });
  return (
    <div className="flex flex-wrap gap-2" data-follow-state={current}>
      <Button
        variant={current === "following" ? "secondary" : "outline"}
        size="sm"
        aria-pressed={current === "following"}
        disabled={setState.isPending}
        onClick={() => change(current === "following" ? "none" : "following")}
      >
        <Bell aria-hidden="true" />
        {current === "following" ? "Following" : "Follow"}
      </Button>
      <Button
        variant={current === "muted" ? "secondary" : "outline"}
        size="sm"
        aria-pressed={current === "muted"}
        disabled={setState.isPending}
        onClick={() => change(current === "muted" ? "none" : "muted")}
      >
        <BellOff aria-hidden="true" />
        {current === "muted" ? "Muted" : "Mute"}
      </Button>
    </div>
  );
}
