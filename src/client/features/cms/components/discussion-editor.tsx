import type { DiscussionItem } from "../../../../shared/api-types";
import type { DiscussionInput } from "../../../../shared/schemas";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { ApiError } from "../../../lib/api-client";
import { useAuth } from "../../../lib/session/use-auth";
import { toast } from "../../../lib/toast";
import { useSaveDiscussion } from "../api/save-discussion";
import { DiscussionForm } from "./discussion-form";

/** A new discussion ("new"), one to edit, or none (closed). */
export type DiscussionEditorTarget = "new" | DiscussionItem | null;

type DiscussionEditorProps = { target: DiscussionEditorTarget; onClose: () => void };

export function DiscussionEditor({ target, onClose }: DiscussionEditorProps) {
  const { user, profile } = useAuth();
  const save = useSaveDiscussion();
  const existing = target !== null && target !== "new" ? target : null;
  const staffName = profile?.fullName?.trim() || user?.email || "";

  const onSubmit = async (values: DiscussionInput) => {
    try {
      await save.mutateAsync({ id: existing?.id ?? null, values });
    } catch (error) {
      if (!(error instanceof ApiError && error.fields)) {
        toast.error(existing ? "Failed to update discussion." : "Failed to create discussion.");
      }
      throw error;
    }
    toast.success(existing ? "Discussion updated" : "Discussion created");
    onClose();
  };

  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{existing ? "Edit discussion" : "New discussion"}</DialogTitle>
          <DialogDescription>
            {existing
              ? "Changes show in the forum straight away."
              : "Posted in the forum under your name."}
          </DialogDescription>
        </DialogHeader>
        {target !== null ? (
          <DiscussionForm
            key={existing?.id ?? "new"}
            author={existing ? existing.author : staffName}
            initial={existing ? { title: existing.title, content: existing.content } : undefined}
            submitLabel={existing ? "Save changes" : "Create discussion"}
            onSubmit={onSubmit}
            onCancel={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
