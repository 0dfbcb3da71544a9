import { Bell, BellOff } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { toast } from "@/client/lib/toast";
import type { FollowState } from "@/shared/notifications";
import { useFollowState, useSetFollowState } from "../api/follow-state";

const SAVED: Record<FollowState, string> = {
  following: "You'll hear about every reply here.",
  muted: "This discussion won't notify you any more.",
  none: "You'll hear only about replies to you and mentions.",
};

/**
 * "Follow" / "Following" and "Mute" / "Muted" for a discussion (docs/decisions/023), for a
 * signed-in member; render nothing for visitors.
 */
export function FollowControl({ discussionId }: { discussionId: string }) {
  const state = useFollowState(discussionId);
  const setState = useSetFollowState(discussionId);
  if (!state.data) return null;
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
