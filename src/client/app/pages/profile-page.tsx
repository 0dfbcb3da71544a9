import { Suspense } from "react";
import { PageContainer } from "@/client/components/page-container";
import { ProfileView } from "@/client/features/profiles/components/profile-view";
import { lazyComponent } from "@/client/lib/lazy-component";
import { useParams } from "@/client/lib/location";
import { useHydrating } from "@/client/lib/render-time";
import { useAuth } from "@/client/lib/session/use-auth";
import { useSuspension } from "@/client/lib/session/use-suspension";
import type { PublicProfile } from "@/shared/api-types";

const ProfileMemberActions = lazyComponent(
  () => import("./profile-member-actions"),
  "ProfileMemberActions",
);

/**
 * What a signed-in member may do on someone else's profile: Report, Block / Unblock, and for
 * moderators and admins Suspend or Lift. They depend on the viewer, so they appear in the render
 * right after hydration, once the browser knows the session: the server's HTML (the same for
 * every viewer, decision 025) and the browser's first render then agree, and React reports no
 * hydration mismatch (#418), as with the discussion page's share count (use-share-count.ts).
 * Their forms and dialogs download then, for members only (bench:size).
 */
function ViewerActions({ profile }: { profile: PublicProfile }) {
  const hydrating = useHydrating();
  const { user, loading } = useAuth();
  const suspension = useSuspension();
  if (hydrating || loading || !user || user.id === profile.id) return null;
  return (
    <Suspense fallback={null}>
      <ProfileMemberActions profile={profile} suspended={Boolean(suspension)} />
    </Suspense>
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
