import { useParams } from "react-router";
import { PageContainer } from "@/client/components/page-container";
import { BlockControl } from "@/client/features/blocks/components/block-control";
import { ProfileView } from "@/client/features/profiles/components/profile-view";
import { useAuth } from "@/client/lib/session/use-auth";

export function ProfilePage() {
  const { id = "" } = useParams();
  const { user } = useAuth();
  return (
    <PageContainer className="max-w-4xl">
      <ProfileView
        key={id}
        id={id}
        // Block / Unblock (docs/decisions/031) is a member's, on someone else's profile.
        renderActions={(profile) =>
          user ? <BlockControl memberId={profile.id} name={profile.displayName} /> : null
        }
      />
    </PageContainer>
  );
}
