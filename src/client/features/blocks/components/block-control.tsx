import { Ban, CircleSlash } from "lucide-react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/client/components/ui/alert-dialog";
import { Button } from "@/client/components/ui/button";
import { errorMessage } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import { useBlockState, useSetBlocked } from "../api/block-state";

type BlockControlProps = { memberId: string; name: string };

/**
 * "Block" (asking first) or "Unblock" on another member's profile (docs/product.md §2.9,
 * docs/decisions/031). The page renders it only for a signed-in member on someone else's profile.
 */
export function BlockControl({ memberId, name }: BlockControlProps) {
  const state = useBlockState(memberId);
  const setBlocked = useSetBlocked(memberId);
  if (state.isError) return null;
  const blocked = state.data?.blocked ?? false;
  const change = (next: boolean) =>
    setBlocked.mutate(next, {
      onSuccess: () =>
        next
          ? toast.success("Member blocked", {
              description: `Posts from ${name} are collapsed for you, and they can't notify you.`,
            })
          : toast.success("Member unblocked"),
      onError: (error) =>
        toast.error(next ? "Failed to block member." : "Failed to unblock member.", {
          description: errorMessage(error),
        }),
    });
  if (blocked) {
    return (
      <Button
        variant="outline"
        className="self-start"
        disabled={setBlocked.isPending}
        onClick={() => change(false)}
      >
        <CircleSlash aria-hidden="true" />
        Unblock
      </Button>
    );
  }
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="outline"
          className="self-start"
          // Its room is kept while the state loads, so nothing moves when it arrives.
          disabled={!state.data || setBlocked.isPending}
        >
          <Ban aria-hidden="true" />
          Block
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{`Block ${name}?`}</AlertDialogTitle>
        <AlertDialogDescription>
          Their discussions and replies will be collapsed for you, and their replies and mentions
          won't notify you. They won't be told.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => change(true)}>Block</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
