import { Link } from "@/client/components/link";
import { RelativeTime } from "@/client/components/relative-time";
import { authorName } from "@/client/features/replies/lib/reply-target";
import { showExactTime } from "@/client/lib/exact-time";
import { paths } from "@/client/lib/paths";
import type { ReplyItem } from "@/shared/api-types";
import { EDITED_BY_MODERATOR } from "@/shared/moderation-texts";

// At least 24 px tall: on a phone the name and the time are stacked, and a finger needs room
// to pick one (WCAG 2.5.8 target size; Lighthouse's touch-target audit).
const linkClassName =
  "inline-flex min-h-6 items-center rounded-sm underline-offset-2 hover:underline";

/**
 * "{author} · {time} · edited" (or "Edited by a moderator"): the author links to their profile while the account exists; the
 * time is the reply's permalink, with the exact moment on hover.
 */
export function ReplyByline({ reply }: { reply: ReplyItem }) {
  const name = authorName(reply);
  const authorId = reply.author?.id;
  return (
    // On a phone the name has its own line, so no "·" is left hanging at a line's end.
    <p className="flex flex-wrap items-baseline gap-x-1.5 text-sm">
      {authorId ? (
        <Link
          to={paths.profile(authorId)}
          className={`basis-full font-semibold text-foreground [overflow-wrap:anywhere] sm:basis-auto ${linkClassName}`}
        >
          {name}
        </Link>
      ) : (
        <span className="basis-full font-semibold [overflow-wrap:anywhere] sm:basis-auto">
          {name}
        </span>
      )}
      <span aria-hidden="true" className="hidden text-muted-foreground sm:inline">
        ·
      </span>
      <ReplyPermalinkTime reply={reply} />
      {reply.editedAt ? (
        <>
          <span aria-hidden="true" className="text-muted-foreground">
            ·
          </span>
          <time
            dateTime={reply.editedAt}
            data-title-prefix="Edited "
            onPointerEnter={showExactTime}
            className="text-muted-foreground text-xs"
          >
            {/* The last editor decides (docs/decisions/048). */}
            {reply.editedByModerator ? EDITED_BY_MODERATOR : "edited"}
          </time>
        </>
      ) : null}
    </p>
  );
}

/** The reply's time, linking to its permalink. */
export function ReplyPermalinkTime({ reply }: { reply: ReplyItem }) {
  return (
    <Link
      to={paths.discussionReply(reply.discussionId, reply.id)}
      className={`text-muted-foreground ${linkClassName}`}
    >
      <RelativeTime value={reply.createdAt} />
    </Link>
  );
}

/** "in reply to @name", linking to the answered reply; that reply may have been deleted since. */
export function InReplyTo({ reply }: { reply: ReplyItem }) {
  if (!reply.replyTo) return null;
  const { id, authorDisplayName } = reply.replyTo;
  return (
    <p className="text-muted-foreground text-xs">
      in reply to{" "}
      <Link
        to={paths.discussionReply(reply.discussionId, id)}
        className={`font-medium text-primary [overflow-wrap:anywhere] ${linkClassName}`}
      >
        {authorDisplayName === null ? "a deleted reply" : `@${authorDisplayName}`}
      </Link>
    </p>
  );
}
