import { Link2, Pencil, Reply, TextQuote } from "lucide-react";
import { type ReactNode, type RefObject, Suspense } from "react";
import { Button } from "@/client/components/ui/button";
import { useDeleteReply } from "@/client/features/replies/api/delete-reply";
import { errorMessage } from "@/client/lib/api-client";
import { lazyComponent } from "@/client/lib/lazy-component";
import { paths } from "@/client/lib/paths";
import { toast } from "@/client/lib/toast";
import type { ReplyItem } from "@/shared/api-types";

// Delete's dialog (Radix) downloads for the author and staff who see it, not with every visitor's
// read of the thread (bench:size).
const ConfirmDelete = lazyComponent(
  () => import("@/client/components/confirm-delete"),
  "ConfirmDelete",
);

type ReplyActionsProps = {
  reply: ReplyItem;
  name: string;
  /** Shown to members who may reply in this discussion. */
  onAnswer?: () => void;
  /** Shown to members who may reply in this discussion: quotes the reply, or the selection in it. */
  onQuote?: () => void;
  /** Shown to the author, moderators and admins. */
  onEdit?: () => void;
  /** Shown to the author, moderators and admins: Delete, then this once the reply is deleted. */
  onDeleted?: () => void;
  editButtonRef: RefObject<HTMLButtonElement | null>;
  /** Controls of other features (Report), after these. */
  extra?: ReactNode;
};

async function copyPermalink(reply: ReplyItem) {
  const url = new URL(paths.discussionReply(reply.discussionId, reply.id), window.location.origin);
  try {
    await navigator.clipboard.writeText(url.href);
    toast.success("Link copied!", { description: "Reply link has been copied to your clipboard." });
  } catch {
    toast.error("Copy failed", { description: "Please copy the link manually." });
  }
}

/** Reply, Copy link, Edit and Delete under a reply, as far as the viewer may use them. */
export function ReplyActions({
  reply,
  name,
  onAnswer,
  onQuote,
  onEdit,
  onDeleted,
  editButtonRef,
  extra,
}: ReplyActionsProps) {
  return (
    <div className="flex flex-wrap items-center gap-1">
      {onAnswer ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-8 px-2"
          aria-label={`Reply to ${name}`}
          onClick={onAnswer}
        >
          <Reply aria-hidden="true" />
          Reply
        </Button>
      ) : null}
      {onQuote ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-8 px-2"
          aria-label={`Quote ${name}`}
          title="Quote (or select words in the reply first)"
          // A press keeps the words selected in the reply: they are what is quoted.
          onMouseDown={(event) => event.preventDefault()}
          onClick={onQuote}
        >
          <TextQuote aria-hidden="true" />
          Quote
        </Button>
      ) : null}
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="h-8 px-2"
        aria-label={`Copy link to the reply by ${name}`}
        title="Copy link"
        onClick={() => void copyPermalink(reply)}
      >
        <Link2 aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Copy link</span>
      </Button>
      {onEdit ? (
        <Button
          ref={editButtonRef}
          type="button"
          variant="ghost"
          size="sm"
          className="h-8 px-2"
          aria-label={`Edit the reply by ${name}`}
          onClick={onEdit}
        >
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      ) : null}
      {onDeleted ? <DeleteReply reply={reply} name={name} onDeleted={onDeleted} /> : null}
      {extra}
    </div>
  );
}

/**
 * Delete, asked first. Its own component: only those who may delete a reply set up the
 * mutation, not every reader for each of a page's 50 replies.
 */
function DeleteReply({
  reply,
  name,
  onDeleted,
}: {
  reply: ReplyItem;
  name: string;
  onDeleted: () => void;
}) {
  const deleteReply = useDeleteReply(reply.discussionId);
  // Awaited rather than given to mutate(): the reply turns into a deleted one as the thread
  // updates, which unmounts this button, and mutate()'s own callbacks skip an unmounted caller.
  const remove = async () => {
    try {
      await deleteReply.mutateAsync(reply.id);
    } catch (error) {
      toast.error("Failed to delete reply.", { description: errorMessage(error) });
      return;
    }
    toast.success("Reply deleted");
    onDeleted();
  };
  return (
    <Suspense fallback={null}>
      <ConfirmDelete
        question="Delete this reply?"
        label={`the reply by ${name}`}
        description="It will show as “This reply was deleted.” to everyone. This cannot be undone."
        onConfirm={() => void remove()}
        disabled={deleteReply.isPending}
      />
    </Suspense>
  );
}
