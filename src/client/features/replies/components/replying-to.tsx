import { X } from "lucide-react";
import { Link } from "@/client/components/link";
import { Button } from "@/client/components/ui/button";
import type { ReplyTarget } from "@/client/features/replies/lib/reply-target";
import { paths } from "@/client/lib/paths";

type ReplyingToProps = {
  discussionId: string;
  target: ReplyTarget;
  onCancel: () => void;
  /** The server's refusal of the answered reply (deleted meanwhile). */
  error?: string;
};

/** "Replying to @name" above the composer, with a way back to a plain reply. */
export function ReplyingTo({ discussionId, target, onCancel, error }: ReplyingToProps) {
  return (
    <div className="grid gap-1">
      <div className="flex items-center justify-between gap-2 rounded-md bg-muted px-3 py-1.5 text-sm">
        <p className="min-w-0 [overflow-wrap:anywhere]">
          Replying to{" "}
          <Link
            to={paths.discussionReply(discussionId, target.id)}
            className="font-medium text-primary underline-offset-2 hover:underline"
          >
            @{target.authorName}
          </Link>
        </p>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-8 shrink-0 px-2"
          aria-label={`Cancel replying to @${target.authorName}`}
          onClick={onCancel}
        >
          <X aria-hidden="true" />
          Cancel
        </Button>
      </div>
      {error ? <p className="text-destructive text-sm">{error}</p> : null}
    </div>
  );
}
