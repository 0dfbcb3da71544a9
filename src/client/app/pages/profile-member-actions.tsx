import { BlockControl } from "@/client/features/blocks/components/block-control";
import { MemberModeration } from "@/client/features/moderation/components/member-moderation";
import { ReportButton } from "@/client/features/moderation/components/report-button";
import type { PublicProfile } from "@/shared/api-types";

type ProfileMemberActionsProps = {
  profile: PublicProfile;
  /** A suspended member cannot report (docs/decisions/027): the server would refuse. */
  suspended: boolean;
};

/** Report, Block / Unblock, and for moderators and admins Suspend or Lift, on someone's profile. */
export function ProfileMemberActions({ profile, suspended }: ProfileMemberActionsProps) {
  return (
    <div className="flex flex-wrap items-center gap-2 self-start">
      {suspended ? null : (
        <ReportButton
          targetKind="profile"
          targetId={profile.id}
          label={`${profile.displayName}'s profile`}
          size="default"
        />
      )}
      {/* Block / Unblock (docs/decisions/031) is a member's, on someone else's profile. */}
      <BlockControl memberId={profile.id} name={profile.displayName} />
      {/* Suspend or lift: moderators and admins only (moderators never suspend staff). */}
      <MemberModeration
        memberId={profile.id}
        name={profile.displayName}
        memberRole={profile.role}
      />
    </div>
  );
}
