import { Clock, MessageSquare } from "lucide-react";
import { Link } from "@/client/components/link";
import { RelativeTime } from "@/client/components/relative-time";
import { UserAvatar } from "@/client/components/user-avatar";
import { formatCount } from "@/client/lib/format-count";
import { paths } from "@/client/lib/paths";
import type { DiscussionItem } from "@/shared/api-types";

const nameLinkClass =
  "relative z-10 rounded-sm font-medium text-foreground underline-offset-2 hover:underline";

/**
 * A member's name, linking to their profile while it is public (issue 21: names lead to
 * people; a private profile is the exception). Above a card's stretched link.
 */
export function MemberName({ name, publicId }: { name: string; publicId: string | null }) {
  return publicId ? (
    <Link to={paths.profile(publicId)} className={nameLinkClass}>
      {name}
    </Link>
  ) : (
    <span className="font-medium text-foreground">{name}</span>
  );
}

/** The author's id while their profile is public. */
export const authorPublicId = (discussion: DiscussionItem) =>
  discussion.authorIsPublic ? discussion.authorId : null;

/** The author's avatar, linking to their profile like the name (hidden from screen readers: the name says it). */
export function AuthorAvatar({
  discussion,
  className,
  placement = "",
}: {
  discussion: DiscussionItem;
  className: string;
  /** Classes for the outer element: where it sits in its parent's grid. */
  placement?: string;
}) {
  const avatar = (
    <UserAvatar
      name={discussion.author}
      avatarUrl={discussion.authorAvatarUrl}
      className={className}
    />
  );
  const id = authorPublicId(discussion);
  return id ? (
    <Link
      to={paths.profile(id)}
      tabIndex={-1}
      aria-hidden="true"
      className={`relative z-10 shrink-0 ${placement}`}
    >
      {avatar}
    </Link>
  ) : (
    <span className={`shrink-0 ${placement}`}>{avatar}</span>
  );
}

/** "by {author} · 3 hours ago" */
export function DiscussionByline({ discussion }: { discussion: DiscussionItem }) {
  return (
    <p className="text-muted-foreground text-sm">
      by <MemberName name={discussion.author} publicId={authorPublicId(discussion)} />
      <span aria-hidden="true"> · </span>
      <RelativeTime value={discussion.createdAt} />
    </p>
  );
}

/** "{n} replies" ("1 reply"): the discussion's replies not deleted (docs/product.md §3.4). */
export function ReplyCount({ replies }: { replies: number }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <MessageSquare aria-hidden="true" className="size-3.5 shrink-0" />
      {formatCount(replies)} {replies === 1 ? "reply" : "replies"}
    </span>
  );
}

/**
 * "last reply by {name} 5 minutes ago", with the exact time on hover: the time sits above the
 * card's stretched title link, as the name does, or the link would take the pointer.
 */
export function LastReply({ discussion }: { discussion: DiscussionItem }) {
  const { lastReplyAt, lastReplyAuthor } = discussion;
  if (!lastReplyAt) return null;
  return (
    <span className="inline-flex min-w-0 items-baseline gap-1.5">
      <Clock aria-hidden="true" className="size-3.5 shrink-0 self-center" />
      <span className="min-w-0">
        last reply
        {lastReplyAuthor ? (
          <>
            {" by "}
            <MemberName name={lastReplyAuthor.name} publicId={lastReplyAuthor.publicId} />
          </>
        ) : null}{" "}
        <RelativeTime value={lastReplyAt} className="relative z-10" />
      </span>
    </span>
  );
}
