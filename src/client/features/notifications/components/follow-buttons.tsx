import { Bell, BellOff } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import type { FollowState } from "@/shared/notifications";

type FollowButtonsProps = {
  /** Undefined while the state loads: the buttons' room is kept, invisible. */
  state: FollowState | undefined;
  pending: boolean;
  onChange: (next: FollowState) => void;
};

/**
 * "Follow" / "Following" and "Mute" / "Muted", each a toggle back to "none": a discussion's
 * (docs/product.md §2.23) and a category's (issue 41).
 */
export function FollowButtons({ state, pending, onChange }: FollowButtonsProps) {
  if (!state) {
    // On a phone they wrap onto a line of their own; appearing late they would push the page down.
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
  return (
    <div className="flex flex-wrap gap-2" data-follow-state={state}>
      <Button
        variant={state === "following" ? "secondary" : "outline"}
        size="sm"
        aria-pressed={state === "following"}
        disabled={pending}
        onClick={() => onChange(state === "following" ? "none" : "following")}
      >
        <Bell aria-hidden="true" />
        {state === "following" ? "Following" : "Follow"}
      </Button>
      <Button
        variant={state === "muted" ? "secondary" : "outline"}
        size="sm"
        aria-pressed={state === "muted"}
        disabled={pending}
        onClick={() => onChange(state === "muted" ? "none" : "muted")}
      >
        <BellOff aria-hidden="true" />
        {state === "muted" ? "Muted" : "Mute"}
      </Button>
    </div>
  );
}
