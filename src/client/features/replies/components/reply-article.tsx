import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { BlockedContent } from "@/client/components/blocked-content";
import { MarkupContent } from "@/client/components/markup/markup-content";
import type { ImageLoading } from "@/client/components/markup/render-markup";
import { UserAvatar } from "@/client/components/user-avatar";
import { replyElementId } from "@/client/features/replies/hooks/use-reply-spotlight";
import { authorName } from "@/client/features/replies/lib/reply-target";
import { cn } from "@/client/lib/cn";
import type { ReplyItem } from "@/shared/api-types";
import { AWAITING_REVIEW, HIDDEN_BY_MODERATOR } from "@/shared/moderation-texts";
import { ReplyActions } from "./reply-actions";
import { InReplyTo, ReplyByline, ReplyPermalinkTime } from "./reply-byline";

// Only authors, moderators and admins edit: the editor's form code downloads when one does.
const ReplyEditor = lazy(() =>
  import("./reply-editor").then((module) => ({ default: module.ReplyEditor })),
);

type ReplyArticleProps = {
  reply: ReplyItem;
  /** Just reached by a permalink or posted: a ring and a background that fade. */
  highlighted: boolean;
  /** Starts an answer to this reply (members who may reply here). */
  onAnswer?: () => void;
  /**
   * Quotes this reply in the composer (members who may reply here): `words`, the text selected
   * in it, or null for the whole reply.
   */
  onQuote?: (words: string | null) => void;
  /**
   * In what right the viewer edits and deletes it: its author's, a moderator's (whose edit
   * gives a reason, docs/decisions/048), or not at all.
   */
  changeRight: "author" | "moderator" | null;
  /** More controls after the reply's own (Report). */
  extraActions?: ReactNode;
  /** The reactions under its text (docs/decisions/075). */
  reactions?: ReactNode;
  /**
   * The page's `Moderate` menu for staff (docs/product.md §11.8): it takes over Edit and Delete
   * of someone else's reply, given here as `edit` and `onDeleted` where the viewer may.
   */
  staffMenu?: (controls: StaffMenuControls) => ReactNode;
  /** `first` for the first reply shown: its images may be on the first screen. */
  images?: ImageLoading;
};

export type StaffMenuControls = { edit?: () => void; onDeleted?: () => void };

/** One reply of the thread (docs/product.md §2.7); a deleted one keeps its place. */
export function ReplyArticle({
  reply,
  highlighted,
  onAnswer,
  onQuote,
  changeRight,
  extraActions,
  reactions,
  staffMenu,
  images,
}: ReplyArticleProps) {
  // Staff change someone else's reply from the menu; its author keeps the buttons.
  const inMenu = staffMenu !== undefined && changeRight === "moderator";
  const mayChange = changeRight !== null && !inMenu;
  const name = authorName(reply);
  const [editing, setEditing] = useState(false);
  const article = useRef<HTMLElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const contentBox = useRef<HTMLDivElement>(null);
  const quoting = useMemo(
    () => ({ quotes: reply.quotes ?? [], discussionId: reply.discussionId }),
    [reply.quotes, reply.discussionId],
  );

  // The words selected inside this reply's text, if that is where the selection is.
  const selectedWords = (): string | null => {
    const selection = window.getSelection();
    const box = contentBox.current;
    if (!selection || selection.isCollapsed || !box) return null;
    if (!box.contains(selection.anchorNode) || !box.contains(selection.focusNode)) return null;
    return selection.toString().trim() || null;
  };
  // The focus goes back to Edit once the editor closes (saved or cancelled).
  const focusEditAfter = useRef(false);

  useEffect(() => {
    if (editing || !focusEditAfter.current) return;
    focusEditAfter.current = false;
    (editButton.current ?? article.current)?.focus();
  });

  return (
    <article
      ref={article}
      id={replyElementId(reply.id)}
      aria-label={reply.deleted ? "Deleted reply" : `Reply by ${name}`}
      tabIndex={-1}
      data-highlighted={highlighted || undefined}
      className={cn(
        "scroll-mt-24 rounded-xl border p-4 outline-none transition-[background-color,box-shadow] duration-1000 focus-visible:ring-2 focus-visible:ring-ring motion-reduce:transition-none sm:p-5",
        reply.deleted ? "border-dashed bg-muted/40" : "bg-card shadow-sm",
        highlighted && "bg-accent ring-2 ring-primary/60 duration-0",
      )}
    >
      {reply.deleted ? (
        <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
          <p className="text-muted-foreground italic">This reply was deleted.</p>
          <ReplyPermalinkTime reply={reply} />
        </div>
      ) : (
        // A blocked member's reply is collapsed until asked for (docs/decisions/031); it keeps
        // its place and its permalink.
        <BlockedContent blocked={reply.authorBlocked} kind="reply">
          <div className="flex gap-3">
            <UserAvatar
              name={name}
              avatarUrl={reply.author?.avatarUrl}
              className="mt-0.5 size-9 shrink-0"
            />
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <div className="flex flex-col gap-0.5">
                <ReplyByline reply={reply} />
                <InReplyTo reply={reply} />
              </div>
              {editing ? (
                <Suspense fallback={<div className="h-48 animate-pulse rounded-md bg-muted/50" />}>
                  <ReplyEditor
                    reply={reply}
                    askReason={changeRight === "moderator"}
                    onDone={() => {
                      focusEditAfter.current = true;
                      setEditing(false);
                    }}
                  />
                </Suspense>
              ) : (
                <>
                  {reply.awaitingReview ? (
                    <p className="w-fit rounded-md border border-dashed px-2 py-1 text-muted-foreground text-xs italic">
                      {AWAITING_REVIEW}
                    </p>
                  ) : null}
                  {reply.hidden ? (
                    <p className="w-fit rounded-md border border-dashed px-2 py-1 text-muted-foreground text-xs italic">
                      {HIDDEN_BY_MODERATOR}
                    </p>
                  ) : null}
                  {reply.content ? (
                    <div ref={contentBox}>
                      <MarkupContent
                        content={reply.content}
                        mentions={reply.mentions}
                        quoting={quoting}
                        images={images}
                      />
                    </div>
                  ) : null}
                  {reactions}
                  <ReplyActions
                    reply={reply}
                    name={name}
                    onAnswer={onAnswer}
                    onQuote={onQuote && reply.content ? () => onQuote(selectedWords()) : undefined}
                    onEdit={mayChange ? () => setEditing(true) : undefined}
                    // The article stays, now as a deleted reply: the focus stays with it.
                    onDeleted={mayChange ? () => article.current?.focus() : undefined}
                    editButtonRef={editButton}
                    extra={
                      <>
                        {extraActions}
                        {staffMenu?.(
                          inMenu
                            ? {
                                edit: () => setEditing(true),
                                onDeleted: () => article.current?.focus(),
                              }
                            : {},
                        )}
                      </>
                    }
                  />
                </>
              )}
            </div>
          </div>
        </BlockedContent>
      )}
    </article>
  );
}
