import { useMyReactions } from "@/client/features/reactions/api/get-my-reactions";
import { useReactionCounts } from "@/client/features/reactions/api/reaction-counts";
import { useSetReaction } from "@/client/features/reactions/api/set-reaction";
import { errorMessage } from "@/client/lib/api-client";
import { cn } from "@/client/lib/cn";
import { toast } from "@/client/lib/toast";
import { REACTION_KINDS, REACTION_LOOKS, type ReactionCounts } from "@/shared/reactions";
import { WhoReactedButton } from "./who-reacted-button";

type ReactionBarProps = {
  discussionId: string;
  /** null: the discussion's opening post. */
  replyId: string | null;
  /** The counts the discussion or thread payload came with. */
  counts: ReactionCounts;
  /** Who reads: buttons press for a member who may react, and show counts only otherwise. */
  viewer: { id: string; mayReact: boolean } | null;
  authorId: string | null;
  /** What the post is, for the buttons' labels ("the discussion", "the reply by Ana"). */
  postLabel: string;
};

/**
 * Reactions under a post (docs/decisions/075): one button per kind with its count, pressed
 * (aria-pressed) for the member's own; one's own post and visitors see the counts only.
 */
export function ReactionBar({
  discussionId,
  replyId,
  counts: fromPayload,
  viewer,
  authorId,
  postLabel,
}: ReactionBarProps) {
  const counts = useReactionCounts(discussionId, replyId, fromPayload);
  const mine = useMyReactions(discussionId, viewer !== null);
  const change = useSetReaction();
  const canReact = viewer?.mayReact === true && viewer.id !== authorId;
  const pressed = new Set(
    (mine.data?.reactions ?? [])
      .filter((reaction) => reaction.replyId === replyId)
      .map((reaction) => reaction.kind),
  );
  // Counts leave out kinds turned off; the member's answer lists the kinds on (their buttons).
  const counted = REACTION_KINDS.filter((kind) => (counts[kind] ?? 0) > 0);
  const total = counted.reduce((sum, kind) => sum + (counts[kind] ?? 0), 0);
  const shown = canReact && mine.data ? mine.data.kinds : counted;
  if (shown.length === 0) return null;
  return (
    <fieldset
      aria-label={`Reactions to ${postLabel}`}
      className="m-0 flex min-w-0 flex-wrap items-center gap-1 border-0 p-0"
    >
      {shown.map((kind) => {
        const { emoji, label } = REACTION_LOOKS[kind];
        const count = counts[kind] ?? 0;
        const on = pressed.has(kind);
        const text = `${label}: ${count}`;
        return canReact ? (
          <button
            key={kind}
            type="button"
            aria-pressed={on}
            aria-label={text}
            title={label}
            className={cn(
              "inline-flex h-8 min-w-11 items-center justify-center gap-1 rounded-full border px-2 text-sm tabular-nums transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
              on ? "border-primary bg-accent text-accent-foreground" : "hover:bg-muted",
            )}
            onClick={() =>
              change.mutate(
                { discussionId, replyId, kind, on: !on },
                { onError: (error) => toast.error(errorMessage(error)) },
              )
            }
          >
            <span aria-hidden="true">{emoji}</span>
            {count > 0 ? <span aria-hidden="true">{count}</span> : null}
          </button>
        ) : (
          <span
            key={kind}
            role="img"
            aria-label={text}
            title={label}
            className="inline-flex h-8 items-center gap-1 rounded-full border px-2 text-sm tabular-nums"
          >
            <span aria-hidden="true">{emoji}</span>
            <span aria-hidden="true">{count}</span>
          </span>
        );
      })}
      {total > 0 ? (
        <WhoReactedButton discussionId={discussionId} replyId={replyId} total={total} />
      ) : null}
    </fieldset>
  );
}
