import { Lock, MessageSquarePlus, Pin } from "lucide-react";
import { Link } from "@/client/components/link";
import { RelativeTime } from "@/client/components/relative-time";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { paths } from "@/client/lib/paths";
import type { ProfileDiscussion, PublicProfile } from "@/shared/api-types";
import { PROFILE_RECENT_DISCUSSIONS } from "@/shared/constants";

type ProfileDiscussionsProps = {
  profile: PublicProfile;
  discussions: ProfileDiscussion[];
  isOwn: boolean;
};

/** 'Recent Discussions': up to 10, 'View all discussions' at 10 or more (docs/product.md §2, §9). */
export function ProfileDiscussions({ profile, discussions, isOwn }: ProfileDiscussionsProps) {
  const authorName = profile.fullName ?? profile.displayName;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Recent Discussions</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {discussions.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-8 text-center">
            <p className="text-muted-foreground">No discussions yet</p>
            {isOwn ? (
              <Button asChild>
                <Link to={paths.discussions}>
                  <MessageSquarePlus aria-hidden="true" />
                  Start your first discussion
                </Link>
              </Button>
            ) : null}
          </div>
        ) : (
          <ul className="flex flex-col divide-y">
            {discussions.map((discussion) => (
              <li key={discussion.id} className="py-3 first:pt-0 last:pb-0">
                <Link
                  to={paths.discussion(discussion.id)}
                  className="-mx-2 flex flex-col gap-1 rounded-md px-2 py-1 hover:bg-accent/40"
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{discussion.title}</span>
                    {discussion.isPinned ? (
                      <Badge variant="secondary">
                        <Pin aria-hidden="true" />
                        Pinned
                      </Badge>
                    ) : null}
                    {discussion.isLocked ? (
                      <Badge variant="outline">
                        <Lock aria-hidden="true" />
                        Locked
                      </Badge>
                    ) : null}
                  </span>
                  <span className="line-clamp-2 text-muted-foreground text-sm">
                    {discussion.content}
                  </span>
                  <RelativeTime
                    value={discussion.createdAt}
                    className="text-muted-foreground text-xs"
                  />
                </Link>
              </li>
            ))}
          </ul>
        )}
        {discussions.length >= PROFILE_RECENT_DISCUSSIONS ? (
          <Button asChild variant="outline" className="self-center">
            <Link to={paths.discussionsByAuthor(authorName)}>View all discussions</Link>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
