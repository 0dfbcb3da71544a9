import { ArrowDownToLine } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useLiveReplies } from "@/client/features/replies/hooks/use-live-replies";
import { useReadPosition } from "@/client/features/replies/hooks/use-read-position";
import { useReplySpotlight } from "@/client/features/replies/hooks/use-reply-spotlight";
import { useReplyThread } from "@/client/features/replies/hooks/use-reply-thread";
import {
  mayReply,
  replyChangeRight,
  type Viewer,
} from "@/client/features/replies/lib/reply-rights";
import { authorName, type ReplyTarget } from "@/client/features/replies/lib/reply-target";
import { useAuth } from "@/client/lib/session/use-auth";
import type { DiscussionItem, ReplyItem } from "@/shared/api-types";
import { quoteOf } from "@/shared/markup/quotes";
import { ComposerSlot } from "./composer-slot";
import { ReplyArticle, type StaffMenuControls } from "./reply-article";
import type { Insertion } from "./reply-form";

function ThreadSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">Loading replies...</span>
      {[0, 1].map((index) => (
        <div key={index} className="flex gap-3 rounded-xl border bg-card p-4">
          <Skeleton shape="circle" className="size-9" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Above the first reply the member had not read when they opened the page. */
function NewRepliesDivider() {
  return (
    <div className="mb-3 flex items-center gap-3 font-semibold text-primary text-xs uppercase tracking-wide">
      <span aria-hidden="true" className="h-px flex-1 bg-primary/40" />
      <span>New</span>
      <span aria-hidden="true" className="h-px flex-1 bg-primary/40" />
    </div>
  );
}

/**
 * The replies under a discussion (docs/product.md §2.7): the thread, oldest first, a page at a
 * time both ways from where it was opened, kept up to date live, and the composer below.
 */
export function RepliesThread({
  discussion,
  renderReplyActions,
  renderReactions,
  renderStaffMenu,
}: {
  discussion: DiscussionItem;
  /** More controls under each reply (the page passes Report). */
  renderReplyActions?: (reply: ReplyItem) => ReactNode;
  /** The reactions under each reply's text (the page passes the reactions feature's bar). */
  renderReactions?: (reply: ReplyItem) => ReactNode;
  /**
   * The `Moderate` menu under each reply not deleted and not the viewer's own (the page passes
   * it to moderators and admins, docs/product.md §11.8).
   */
  renderStaffMenu?: (reply: ReplyItem, controls: StaffMenuControls) => ReactNode;
}) {
  const { user, role, loading: sessionLoading } = useAuth();
  const viewer: Viewer = user ? { id: user.id, role } : null;
  // Where the member stopped reading, as the page was opened: the thread opens there, below a
  // "New" divider that stays for the visit (docs/decisions/071).
  const [newFrom] = useState(discussion.readState?.firstUnreadReplyId ?? null);
  const { thread, replies, renderedIds, spotlight, showPosted, showReply, missing } =
    useReplyThread(discussion.id, newFrom);
  const highlighted = useReplySpotlight(spotlight, renderedIds);
  useLiveReplies(discussion.id);
  useReadPosition(discussion.id, replies, viewer !== null);
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  // The last "Quote" pressed: its block goes into the composer (docs/decisions/064).
  const [quote, setQuote] = useState<Insertion | null>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const canReply = mayReply(viewer, discussion);
  const count = discussion.replies;

  // The composer brings itself into view for the answer (it may still be loading now).
  const answer = (reply: ReplyItem) => setReplyTo({ id: reply.id, authorName: authorName(reply) });

  const posted = (reply: ReplyItem) => {
    setReplyTo(null);
    showPosted(reply);
  };

  return (
    <section aria-labelledby="replies-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="replies-heading" className="font-bold text-2xl">
          {count} {count === 1 ? "reply" : "replies"}
        </h2>
        {discussion.lastReplyId ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => discussion.lastReplyId && showReply(discussion.lastReplyId)}
          >
            <ArrowDownToLine aria-hidden="true" />
            Jump to latest
          </Button>
        ) : null}
      </div>

      {thread.hasPreviousPage ? (
        <Button
          variant="outline"
          className="self-center"
          disabled={thread.isFetchingPreviousPage}
          onClick={() => void thread.fetchPreviousPage()}
        >
          {thread.isFetchingPreviousPage ? "Loading..." : "Load earlier replies"}
        </Button>
      ) : null}

      {thread.isPending || missing ? (
        <ThreadSkeleton />
      ) : thread.isError && replies.length === 0 ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border px-5 py-4 text-sm">
          <p>Failed to load replies.</p>
          <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
            Try again
          </Button>
        </div>
      ) : replies.length > 0 ? (
        // Replies past the first few skip layout and paint until they near the screen (TBT
        // on a 200-reply page). Not the first few: they may be on the first screen, where a
        // placeholder's height giving way to the reply's (its images) is a layout shift.
        <ol
          aria-label="Replies"
          className="flex flex-col gap-3 [&>li:nth-child(n+6)]:[contain-intrinsic-size:auto_9rem] [&>li:nth-child(n+6)]:[content-visibility:auto]"
        >
          {replies.map((reply, index) => (
            <li key={reply.id}>
              {reply.id === newFrom ? <NewRepliesDivider /> : null}
              <ReplyArticle
                reply={reply}
                images={index === 0 ? "first" : "lazy"}
                highlighted={highlighted === reply.id}
                changeRight={replyChangeRight(viewer, reply)}
                extraActions={renderReplyActions?.(reply)}
                reactions={renderReactions?.(reply)}
                staffMenu={
                  renderStaffMenu && !reply.deleted && reply.author?.id !== viewer?.id
                    ? (controls) => renderStaffMenu(reply, controls)
                    : undefined
                }
                onAnswer={canReply && !reply.deleted ? () => answer(reply) : undefined}
                onQuote={
                  canReply && !reply.deleted
                    ? (words) =>
                        setQuote({
                          text: quoteOf(reply.id, words ?? reply.content),
                          at: Date.now(),
                        })
                    : undefined
                }
              />
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-muted-foreground text-sm">No replies yet. Start the conversation.</p>
      )}

      {thread.hasNextPage ? (
        <Button
          variant="outline"
          className="self-center"
          disabled={thread.isFetchingNextPage}
          onClick={() => void thread.fetchNextPage()}
        >
          {thread.isFetchingNextPage ? "Loading..." : "Load more replies"}
        </Button>
      ) : null}

      <ComposerSlot
        discussion={discussion}
        viewer={viewer}
        sessionLoading={sessionLoading}
        replyTo={replyTo}
        onCancelReplyTo={() => setReplyTo(null)}
        onPosted={posted}
        quote={quote}
        textareaRef={composer}
      />
    </section>
  );
}
