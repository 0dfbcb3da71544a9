import { Globe, Lock, MapPin, MessageSquare } from "lucide-react";
import { memo } from "react";
import { Link } from "@/client/components/link";
import { RelativeTime } from "@/client/components/relative-time";
import { RoleBadge } from "@/client/components/role-badge";
import { Card } from "@/client/components/ui/card";
import { UserAvatar } from "@/client/components/user-avatar";
import { formatCount } from "@/client/lib/format-count";
import { paths } from "@/client/lib/paths";
import type { MemberSummary } from "@/shared/api-types";

function discussionsLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? "discussion" : "discussions"}`;
}

/** One member in the directory; the whole card opens their profile. */
function MemberCardContent({ member }: { member: MemberSummary }) {
  const VisibilityIcon = member.isPublic ? Globe : Lock;
  return (
    <li>
      <Card className="h-full transition-colors hover:border-primary/40 hover:bg-accent/30">
        <Link to={paths.profile(member.id)} className="flex h-full flex-col gap-3 rounded-xl p-5">
          <div className="flex items-start gap-3">
            <UserAvatar
              name={member.displayName}
              avatarUrl={member.avatarUrl}
              className="size-12 text-lg"
            />
            <div className="min-w-0 flex-1">
              <div className="flex items-center gap-2">
                <h2 className="truncate font-sans font-semibold text-base">{member.displayName}</h2>
                <VisibilityIcon
                  className="size-4 shrink-0 text-muted-foreground"
                  aria-label={member.isPublic ? "Public profile" : "Private profile"}
                  role="img"
                />
              </div>
              {member.email ? (
                <p className="truncate text-muted-foreground text-sm">{member.email}</p>
              ) : null}
              <RoleBadge role={member.role} className="mt-1" />
            </div>
          </div>
          {member.bio ? (
            <p className="line-clamp-2 text-muted-foreground text-sm">{member.bio}</p>
          ) : null}
          <div className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-xs">
            <span className="inline-flex items-center gap-1">
              <MessageSquare aria-hidden="true" className="size-3.5" />
              {discussionsLabel(member.discussionsCount)}
            </span>
            {member.location ? (
              <span className="inline-flex min-w-0 items-center gap-1">
                <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="truncate">{member.location}</span>
              </span>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-xs">
            <RelativeTime value={member.createdAt} prefix="Joined" />
            <RelativeTime value={member.lastActiveAt ?? member.createdAt} prefix="Active" />
          </div>
        </Link>
      </Card>
    </li>
  );
}

/** Memoised: a page of cards re-renders only the cards whose data changed. */
export const MemberCard = memo(MemberCardContent);
