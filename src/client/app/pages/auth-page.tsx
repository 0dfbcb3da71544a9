import { Navigate } from "react-router";
import { AuthCard } from "../../features/auth/components/auth-card";
import { usePageTitle } from "../../hooks/use-page-title";
import { paths } from "../../lib/paths";
import { useAuth } from "../../lib/session/use-auth";

export function AuthPage() {
  usePageTitle("Sign in");
  const { user } = useAuth();

  // SPEC §2: when a session exists or appears, the member is sent home.
  if (user) return <Navigate to={paths.home} replace />;

  return <AuthCard />;
}
