import { type RefObject, useEffect, useState } from "react";
import { useCreateReply } from "@/client/features/replies/api/create-reply";
import type { ReplyTarget } from "@/client/features/replies/lib/reply-target";
import { ApiError } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import type { ReplyItem } from "@/shared/api-types";
import { draftPlace } from "@/shared/drafts";
import { type Insertion, ReplyForm } from "./reply-form";
import { ReplyingTo } from "./replying-to";

type ReplyComposerProps = {
  discussionId: string;
  /** The reply being answered, if any. */
  replyTo: ReplyTarget | null;
  onCancelReplyTo: () => void;
  onPosted: (reply: ReplyItem) => void;
  /** A quote to add to the text ("Quote" on a reply). */
  quote: Insertion | null;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
};

/** docs/product.md §8: the server's words for a refusal it explains, else ours. */
function showPostError(error: unknown) {
  if (error instanceof ApiError && [401, 403, 404, 429].includes(error.status)) {
    toast.error(error.message);
  } else if (!(error instanceof ApiError && error.fields)) {
    toast.error("Failed to post reply.");
  }
}

/** The form under the thread (docs/product.md §2.7), for members who may reply here. */
export function ReplyComposer({
  discussionId,
  replyTo,
  onCancelReplyTo,
  onPosted,
  quote,
  textareaRef,
}: ReplyComposerProps) {
  const createReply = useCreateReply(discussionId);
  // The server's refusal of the answered reply (deleted since "Reply" was pressed).
  const [replyToError, setReplyToError] = useState<string | undefined>();

  // "Reply" was pressed on a reply: the composer, below the thread, comes into view ready to
  // type (also when it had not finished loading at the press).
  useEffect(() => {
    if (!replyTo) return;
    const textarea = textareaRef.current;
    textarea?.focus({ preventScroll: true });
    textarea?.scrollIntoView({ block: "center" });
  }, [replyTo, textareaRef]);

  const post = async (content: string) => {
    setReplyToError(undefined);
    let reply: ReplyItem;
    try {
      reply = await createReply.mutateAsync({ content, replyToId: replyTo?.id });
    } catch (error) {
      if (error instanceof ApiError) setReplyToError(error.fields?.replyToId);
      showPostError(error);
      throw error;
    }
    toast.success("Reply posted");
    onPosted(reply);
    // Ready for the next reply.
    textareaRef.current?.focus();
  };

  return (
    <div className="rounded-xl border bg-card p-4 shadow-sm sm:p-5">
      <ReplyForm
        aria-label="Post a reply"
        label="Your reply"
        submitLabel="Post reply"
        pendingLabel="Posting..."
        onSubmit={post}
        clearOnSuccess
        draftPlace={draftPlace.replyTo(discussionId)}
        insertion={quote}
        textareaRef={textareaRef}
      >
        {replyTo ? (
          <ReplyingTo
            discussionId={discussionId}
            target={replyTo}
            onCancel={() => {
              setReplyToError(undefined);
              onCancelReplyTo();
              textareaRef.current?.focus();
            }}
            error={replyToError}
          />
        ) : null}
      </ReplyForm>
    </div>
  );
}
