import { useSignOut } from "@/client/app/header/use-sign-out";
import { CmsScreen } from "@/client/features/cms/components/cms-screen";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { useAuth } from "@/client/lib/session/use-auth";
import { CMS_TABS } from "./cms-tabs";

/** /cms, behind ProtectedRoute with the staff roles (router.tsx). */
export function CmsPage() {
  usePageTitle("Content management");
  const { user, role } = useAuth();
  const signOut = useSignOut();
  // ProtectedRoute lets only signed-in staff through; this keeps the types honest.
  if (!user || !role) return null;
  return (
    <CmsScreen email={user.email} role={role} tabs={CMS_TABS} onSignOut={() => void signOut()} />
  );
}
