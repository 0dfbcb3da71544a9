import { EditorDialog } from "@/client/components/editor-dialog";
import { useCreateCmsDiscussion } from "@/client/features/discussions/api/create-cms-discussion";
import { useUpdateCmsDiscussion } from "@/client/features/discussions/api/update-cms-discussion";
import { discussionChangeRight } from "@/client/features/discussions/lib/discussion-rights";
import { ApiError } from "@/client/lib/api-client";
import { useAuth } from "@/client/lib/session/use-auth";
import { toast } from "@/client/lib/toast";
import type { DiscussionItem } from "@/shared/api-types";
import { type DiscussionEdit, DiscussionForm } from "./discussion-form";

/** A new discussion ("new"), one to edit, or none (closed). */
export type CmsDiscussionEditorTarget = "new" | DiscussionItem | null;

type CmsDiscussionEditorProps = { target: CmsDiscussionEditorTarget; onClose: () => void };

/** The CMS editor's dialog (docs/product.md §2.21.3). */
export function CmsDiscussionEditor({ target, onClose }: CmsDiscussionEditorProps) {
  const { user, profile, role } = useAuth();
  const create = useCreateCmsDiscussion();
  const update = useUpdateCmsDiscussion();
  const existing = target !== null && target !== "new" ? target : null;
  const staffName = profile?.fullName?.trim() || user?.email || "";
  // Someone else's discussion: the edit is a moderator's and gives a reason (decision 048).
  const askReason =
    existing !== null &&
    discussionChangeRight(user ? { id: user.id, role } : null, existing) === "moderator";

  const save = async (values: DiscussionEdit) => {
    try {
      await (existing
        ? update.mutateAsync({ id: existing.id, values })
        : create.mutateAsync(values));
    } catch (error) {
      // Field messages go under the fields; anything else is said in a toast.
      if (!(error instanceof ApiError && error.fields)) {
        toast.error(existing ? "Failed to update discussion." : "Failed to create discussion.");
      }
      throw error;
    }
    toast.success(existing ? "Discussion updated" : "Discussion created");
    onClose();
  };

  return (
    <EditorDialog
      open={target !== null}
      onClose={onClose}
      title={existing ? "Edit discussion" : "New discussion"}
      description={
        existing
          ? "Changes show in the forum straight away."
          : "Posted in the forum under your name."
      }
    >
      {target !== null ? (
        <DiscussionForm
          key={existing?.id ?? "new"}
          author={existing ? existing.author : staffName}
          initial={
            existing
              ? {
                  category: existing.category.slug,
                  tags: existing.tags,
                  title: existing.title,
                  content: existing.content,
                }
              : undefined
          }
          stopAtLimits
          contentRows={8}
          submitLabel={existing ? "Save changes" : "Create discussion"}
          pendingLabel="Saving..."
          askReason={askReason}
          onSubmit={save}
          onCancel={onClose}
        />
      ) : null}
    </EditorDialog>
  );
}
