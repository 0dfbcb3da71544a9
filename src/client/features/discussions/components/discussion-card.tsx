import { memo } from "react";
import { BlockedContent } from "@/client/components/blocked-content";
import { CategoryBadge } from "@/client/components/category-badge";
import { Link } from "@/client/components/link";
import { RelativeTime } from "@/client/components/relative-time";
import { TagLinks } from "@/client/components/tag-links";
import { Card } from "@/client/components/ui/card";
import { paths } from "@/client/lib/paths";
import type { DiscussionItem } from "@/shared/api-types";
import { DiscussionBadges, ReadStateBadge } from "./discussion-badges";
import { AuthorAvatar, authorPublicId, LastReply, MemberName, ReplyCount } from "./discussion-meta";
import { ModerationButtons } from "./moderation-buttons";

type DiscussionCardProps = {
  discussion: DiscussionItem;
  /** Moderators and admins see pin and lock buttons on each card. */
  canModerate: boolean;
};

/** Who started it and when, the replies and the last one: a column of their own on a wide screen. */
function CardMeta({ discussion }: { discussion: DiscussionItem }) {
  return (
    <>
      <span className="min-w-0">
        by <MemberName name={discussion.author} publicId={authorPublicId(discussion)} />{" "}
        <RelativeTime value={discussion.createdAt} className="relative z-10" />
      </span>
      <ReplyCount replies={discussion.replies} />
      <LastReply discussion={discussion} />
    </>
  );
}

/**
 * One discussion in the list, laid out like a forum's row (issue 21): the author's avatar, the
 * title and two lines of the text, and beside them who started it, the replies and the last
 * one, so that at least eight fit in a 1280×800 screen (docs/decisions/030: two lines, not
 * the SPEC's three). The title's link stretches over the whole card (so the card opens
 * /discussion/{id}); names, avatars and the moderation buttons sit above it.
 */
function DiscussionCardContent({ discussion, canModerate }: DiscussionCardProps) {
  return (
    <li>
      {/* A blocked member's discussion is collapsed until asked for (docs/decisions/031). */}
      <BlockedContent
        blocked={discussion.authorBlocked}
        kind="discussion"
        collapsed={(notice) => <Card className="p-5">{notice}</Card>}
      >
        <DiscussionCardBody discussion={discussion} canModerate={canModerate} />
      </BlockedContent>
    </li>
  );
}

/**
 * A grid, so that the byline and counts are written once: under the text on a phone, in a column
 * of their own from `md` up; a moderator's buttons under them on a phone, last from `md` up. (They were written twice, one copy hidden at each width: a quarter
 * of the forum page's markup, rendered for every member's page.)
 */
function DiscussionCardBody({ discussion, canModerate }: DiscussionCardProps) {
  return (
    <Card
      className={`relative grid items-start gap-x-3 px-4 py-2 transition-colors focus-within:border-primary/60 hover:border-primary/40 hover:bg-accent/30 ${
        canModerate
          ? "grid-cols-[auto_minmax(0,1fr)] md:grid-cols-[auto_minmax(0,1fr)_16rem_auto]"
          : "grid-cols-[auto_minmax(0,1fr)] md:grid-cols-[auto_minmax(0,1fr)_16rem]"
      }`}
    >
      <AuthorAvatar
        discussion={discussion}
        className="mt-0.5 size-9"
        placement="col-start-1 row-span-2 row-start-1 md:row-span-1"
      />
      <div className="col-start-2 row-start-1 flex min-w-0 flex-col gap-0.5">
        <div className="flex flex-wrap items-start gap-x-2 gap-y-1">
          <h3 className="min-w-[min(100%,14rem)] flex-1 font-sans font-semibold text-base leading-6">
            <Link
              to={paths.discussion(discussion.id)}
              className="rounded-sm after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring focus-visible:after:outline-offset-2"
            >
              {discussion.title}
            </Link>
          </h3>
          <ReadStateBadge discussion={discussion} />
          <CategoryBadge category={discussion.category} />
          <DiscussionBadges isPinned={discussion.isPinned} isLocked={discussion.isLocked} />
          {/* Beside the category, not on a line of their own: a row's height stays (§2.6). */}
          <TagLinks tags={discussion.tags} className="self-center" />
        </div>
        <p className="line-clamp-2 whitespace-pre-line text-muted-foreground text-sm leading-5">
          {/* Two lines of plain text: a blank line between paragraphs would waste one. */}
          {discussion.excerpt.replace(/\n{2,}/g, "\n")}
        </p>
      </div>
      <p className="col-start-2 row-start-2 mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-muted-foreground text-xs md:col-start-3 md:row-start-1 md:mt-0 md:flex-col md:flex-nowrap md:items-stretch md:gap-0.5 md:leading-4">
        <CardMeta discussion={discussion} />
      </p>
      {/* Under the byline on a phone, where a column of buttons would squeeze the title. */}
      {canModerate ? (
        <div className="relative z-10 col-start-2 row-start-3 mt-1.5 md:col-start-4 md:row-start-1 md:mt-0 md:self-center">
          <ModerationButtons discussion={discussion} />
        </div>
      ) : null}
    </Card>
  );
}

/** Memoised: a page of cards re-renders only the cards whose data changed. */
export const DiscussionCard = memo(DiscussionCardContent);
