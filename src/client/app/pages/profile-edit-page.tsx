import { PageContainer } from "@/client/components/page-container";
import { ProfileEditScreen } from "@/client/features/profiles/components/profile-edit-screen";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { useAuth } from "@/client/lib/session/use-auth";

/** Behind <ProtectedRoute>: a signed-in member is guaranteed here. */
export function ProfileEditPage() {
  usePageTitle("Edit Profile");
  const { user } = useAuth();
  if (!user) return null;
  return (
    <PageContainer className="max-w-3xl">
      <ProfileEditScreen userId={user.id} />
    </PageContainer>
  );
}
