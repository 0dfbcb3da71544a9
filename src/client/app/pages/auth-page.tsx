import { AuthCard } from "@/client/features/auth/components/auth-card";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { Redirect, useSearchParams } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";
import { safeReturnPath } from "@/client/lib/return-path";
import { useAuth } from "@/client/lib/session/use-auth";

export function AuthPage() {
  usePageTitle("Sign in");
  const { user } = useAuth();
  const [searchParams] = useSearchParams();

  // docs/product.md §2.12: when a session exists or appears, the member goes back to the page
  // that sent them here (`?returnTo=`, a path on this site only), else home.
  if (user) {
    const returnTo = safeReturnPath(searchParams.get("returnTo")) ?? paths.home;
    return <Redirect to={returnTo} replace />;
  }

  return <AuthCard />;
}
