import { useParams } from "react-router";
import { PageContainer } from "@/client/components/page-container";
import { BlockControl } from "@/client/features/blocks/components/block-control";
import { MemberModeration } from "@/client/features/moderation/components/member-moderation";
import { ReportButton } from "@/client/features/moderation/components/report-button";
import { ProfileView } from "@/client/features/profiles/components/profile-view";
import { useHydrating } from "@/client/lib/render-time";
import { useAuth } from "@/client/lib/session/use-auth";
import { useSuspension } from "@/client/lib/session/use-suspension";
import type { PublicProfile } from "@/shared/api-types";

/**
 * What a signed-in member may do on someone else's profile: Report, Block / Unblock, and for
 * moderators and admins Suspend or Lift. They depend on the viewer, so they appear in the render
 * right after hydration, once the browser knows the session: the server's HTML (the same for
 * every viewer, decision 025) and the browser's first render then agree, and React reports no
 * hydration mismatch (#418), as with the discussion page's share count (use-share-count.ts).
 */
function ViewerActions({ profile }: { profile: PublicProfile }) {
  const hydrating = useHydrating();
  const { user, loading } = useAuth();
  const suspension = useSuspension();
  if (hydrating || loading || !user || user.id === profile.id) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 self-start">
      {/* A suspended member cannot report (docs/decisions/027): the server would refuse. */}
      {suspension ? null : (
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

export function ProfilePage() {
  const { id = "" } = useParams();
  return (
    <PageContainer className="max-w-4xl">
      <ProfileView
        key={id}
        id={id}
        renderActions={(profile) => <ViewerActions profile={profile} />}
      />
    </PageContainer>
  );
}
