import { useEffect, useRef } from "react";
import { useUpdateReply } from "@/client/features/replies/api/update-reply";
import { ApiError } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import type { ReplyItem } from "@/shared/api-types";
import { draftPlace } from "@/shared/drafts";
import { ReplyForm } from "./reply-form";

type ReplyEditorProps = {
  reply: ReplyItem;
  /** Someone else's reply: the edit asks a reason (docs/decisions/048). */
  askReason: boolean;
  /** The editor closes: saved, or cancelled. */
  onDone: () => void;
};

function showUpdateError(error: unknown) {
  if (error instanceof ApiError && [401, 403, 404, 409, 429].includes(error.status)) {
    toast.error(error.message);
  } else if (!(error instanceof ApiError && error.fields)) {
    toast.error("Failed to update reply.");
  }
}

/** A reply's text edited in place, with the composer's toolbar and preview. */
export function ReplyEditor({ reply, askReason, onDone }: ReplyEditorProps) {
  const updateReply = useUpdateReply(reply.discussionId);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  // The editor opens where the text ends, ready to type.
  useEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.focus();
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
  }, []);

  const save = async (content: string, reason?: string) => {
    try {
      await updateReply.mutateAsync({ id: reply.id, content, reason });
    } catch (error) {
      showUpdateError(error);
      throw error;
    }
    toast.success("Reply updated");
    onDone();
  };

  return (
    <ReplyForm
      aria-label="Edit reply"
      label="Edit reply"
      submitLabel="Save"
      pendingLabel="Saving..."
      initialContent={reply.content}
      draftPlace={draftPlace.editReply(reply.id)}
      askReason={askReason}
      onSubmit={save}
      onCancel={onDone}
      textareaRef={textareaRef}
    />
  );
}
