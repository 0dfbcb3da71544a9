import { useParams } from "react-router";
import { PageContainer } from "@/client/components/page-container";
import { BlockControl } from "@/client/features/blocks/components/block-control";
import { MemberModeration } from "@/client/features/moderation/components/member-moderation";
import { ReportButton } from "@/client/features/moderation/components/report-button";
import { ProfileView } from "@/client/features/profiles/components/profile-view";
import { useAuth } from "@/client/lib/session/use-auth";
import { useSuspension } from "@/client/lib/session/use-suspension";

export function ProfilePage() {
  const { id = "" } = useParams();
  const { user } = useAuth();
  const suspension = useSuspension();
  return (
    <PageContainer className="max-w-4xl">
      <ProfileView
        key={id}
        id={id}
        // Someone else's profile: Block / Unblock (docs/decisions/031), Report (members) and
        // Suspend (staff, docs/decisions/027).
        renderActions={(profile) =>
          user ? (
            <div className="flex flex-wrap items-center gap-2">
              <BlockControl memberId={profile.id} name={profile.displayName} />
              {suspension ? null : (
                <ReportButton
                  targetKind="profile"
                  targetId={profile.id}
                  label={profile.displayName}
                />
              )}
              <MemberModeration memberId={profile.id} name={profile.displayName} />
            </div>
          ) : null
        }
      />
    </PageContainer>
  );
}
