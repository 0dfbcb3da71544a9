import { toast } from "@/client/lib/toast";
import type { FollowState } from "@/shared/notifications";
import { useCategoryFollowState, useSetCategoryFollowState } from "../api/category-follow-state";
import { FollowButtons } from "./follow-buttons";

const SAVED: Record<FollowState, string> = {
  following: "You'll hear about every new discussion here.",
  muted: "This category is left out of your discussions list.",
  none: "This category is back to normal.",
};

/**
 * Following a category tells the member of each new discussion in it; muting it leaves it out
 * of their list of discussions (issue 41). For signed-in members: the page renders it for them.
 */
export function CategoryFollowControl({ slug }: { slug: string }) {
  const state = useCategoryFollowState(slug);
  const setState = useSetCategoryFollowState(slug);
  if (state.isError) return null;
  return (
    <div className="flex flex-col gap-1">
      <FollowButtons
        state={state.data?.state}
        pending={setState.isPending}
        onChange={(next) =>
          setState.mutate(next, {
            onSuccess: () => toast.success(SAVED[next]),
            onError: () => toast.error("Failed to update notifications for this category."),
          })
        }
      />
      {state.data?.state === "muted" ? (
        <p className="text-muted-foreground text-sm">
          Muted: its discussions are left out of your list of discussions, but shown here.
        </p>
      ) : null}
    </div>
  );
}
