import { ArrowLeft, Calendar, Clock, Globe, Lock, MapPin, Pencil } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "@/client/components/link";
import { RelativeTime } from "@/client/components/relative-time";
import { RoleBadge } from "@/client/components/role-badge";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { UserAvatar } from "@/client/components/user-avatar";
import { paths } from "@/client/lib/paths";
import type { PublicProfile } from "@/shared/api-types";
import { ProfileLinks } from "./profile-links";

type ProfileSummaryProps = {
  profile: PublicProfile;
  isOwn: boolean;
  /** Controls on someone else's profile (the page passes Block / Unblock for a member). */
  actions?: ReactNode;
};

/** Avatar, name, role, visibility, bio, dates, location and links. */
export function ProfileSummary({ profile, isOwn, actions }: ProfileSummaryProps) {
  return (
    <Card className="flex flex-col gap-6 p-6 sm:flex-row sm:items-start">
      <UserAvatar
        name={profile.displayName}
        avatarUrl={profile.avatarUrl}
        className="size-24 self-center text-4xl sm:self-start"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <RoleBadge role={profile.role} />
          {profile.isPublic ? (
            <Badge variant="outline">
              <Globe aria-hidden="true" />
              Public profile
            </Badge>
          ) : (
            <Badge variant="outline">
              <Lock aria-hidden="true" />
              Private profile
            </Badge>
          )}
        </div>
        <div>
          <h1 className="wrap-anywhere font-bold text-3xl tracking-tight">{profile.displayName}</h1>
          {profile.email ? <p className="text-muted-foreground text-sm">{profile.email}</p> : null}
        </div>
        {profile.bio ? <p className="whitespace-pre-line wrap-anywhere">{profile.bio}</p> : null}
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-muted-foreground text-sm">
          <li className="inline-flex items-center gap-1.5">
            <Calendar aria-hidden="true" className="size-4" />
            <RelativeTime value={profile.createdAt} prefix="Joined" />
          </li>
          {profile.location ? (
            <li className="inline-flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-4" />
              {profile.location}
            </li>
          ) : null}
          {profile.lastActiveAt ? (
            <li className="inline-flex items-center gap-1.5">
              <Clock aria-hidden="true" className="size-4" />
              <RelativeTime value={profile.lastActiveAt} prefix="Last active" />
            </li>
          ) : null}
        </ul>
        <ProfileLinks profile={profile} />
      </div>
      {isOwn ? (
        <Button asChild variant="outline" className="self-start">
          <Link to={paths.profileEdit}>
            <Pencil aria-hidden="true" />
            Edit Profile
          </Link>
        </Button>
      ) : (
        actions
      )}
    </Card>
  );
}

export function BackToMembers() {
  return (
    <Button asChild variant="ghost" className="-ml-3 self-start">
      <Link to={paths.members}>
        <ArrowLeft aria-hidden="true" />
        Back to members
      </Link>
    </Button>
  );
}
