import { Link2, Pencil, Reply } from "lucide-react";
import { type ReactNode, type RefObject, Suspense } from "react";
import { Button } from "@/client/components/ui/button";
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
  /** Shown to the author, moderators and admins. */
  onEdit?: () => void;
  onDelete?: () => void;
  deleting?: boolean;
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
  onEdit,
  onDelete,
  deleting,
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
      {onDelete ? (
        <Suspense fallback={null}>
          <ConfirmDelete
            question="Delete this reply?"
            label={`the reply by ${name}`}
            description="It will show as “This reply was deleted.” to everyone. This cannot be undone."
            onConfirm={onDelete}
            disabled={deleting}
          />
        </Suspense>
      ) : null}
      {extra}
    </div>
  );
}
