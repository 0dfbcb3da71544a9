import { Pencil, Trash2 } from "lucide-react";
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
import { useDeleteDiscussion } from "@/client/features/discussions/api/delete-discussion";
import { errorMessage } from "@/client/lib/api-client";
import { useNavigate } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";
import { toast } from "@/client/lib/toast";
import type { DiscussionItem } from "@/shared/api-types";

/** Edit and Delete for the discussion's author (issue 17). */
export function OwnDiscussionControls({
  discussion,
  onEdit,
}: {
  discussion: DiscussionItem;
  onEdit: () => void;
}) {
  const navigate = useNavigate();
  const remove = useDeleteDiscussion();
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={onEdit}>
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="outline" size="sm" disabled={remove.isPending}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogTitle>Delete this discussion?</AlertDialogTitle>
          <AlertDialogDescription>
            It disappears from the forum with all its replies.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() =>
                remove.mutate(discussion.id, {
                  onSuccess: () => {
                    toast.success("Discussion deleted");
                    navigate(paths.discussions, { replace: true });
                  },
                  onError: (error) =>
                    toast.error("Failed to delete discussion.", {
                      description: errorMessage(error),
                    }),
                })
              }
            >
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
