import { memo } from "react";
import { Link } from "react-router";
import { BlockedContent } from "@/client/components/blocked-content";
import { Card } from "@/client/components/ui/card";
import { paths } from "@/client/lib/paths";
import type { DiscussionItem } from "@/shared/api-types";
import { DiscussionBadges } from "./discussion-badges";
import { DiscussionByline, LastReplyTime, ReplyCount } from "./discussion-meta";
import { ModerationButtons } from "./moderation-buttons";

type DiscussionCardProps = {
  discussion: DiscussionItem;
  /** Moderators and admins see pin and lock buttons on each card. */
  canModerate: boolean;
};

/**
 * One discussion in the list. The title's link stretches over the whole card (so the card
 * opens /discussion/{id}), while the moderation buttons sit above it and stay clickable.
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

function DiscussionCardBody({ discussion, canModerate }: DiscussionCardProps) {
  return (
    <Card className="relative flex flex-col gap-3 p-5 transition-colors focus-within:border-primary/60 hover:border-primary/40 hover:bg-accent/30">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <h3 className="font-sans font-semibold text-lg leading-snug">
          <Link
            to={paths.discussion(discussion.id)}
            className="rounded-sm after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring focus-visible:after:outline-offset-2"
          >
            {discussion.title}
          </Link>
        </h3>
        <DiscussionBadges isPinned={discussion.isPinned} isLocked={discussion.isLocked} />
      </div>
      <DiscussionByline discussion={discussion} />
      <p className="line-clamp-3 whitespace-pre-line wrap-anywhere text-sm">{discussion.content}</p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* Icons rather than a "·" between the two: on a phone the second wraps below. */}
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <ReplyCount replies={discussion.replies} />
          {discussion.lastReplyAt ? <LastReplyTime lastReplyAt={discussion.lastReplyAt} /> : null}
        </p>
        {canModerate ? (
          <div className="relative z-10">
            <ModerationButtons discussion={discussion} />
          </div>
        ) : null}
      </div>
    </Card>
  );
}

/** Memoised: a page of cards re-renders only the cards whose data changed. */
export const DiscussionCard = memo(DiscussionCardContent);
