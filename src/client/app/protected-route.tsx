import type { ReactNode } from "react";
import { Navigate, Outlet } from "react-router";
import type { Role } from "../../shared/permissions";
import { useAuth } from "../features/auth/hooks/use-auth";
import { paths } from "../lib/paths";
import { AccessDenied } from "./access-denied";

type ProtectedRouteProps = {
  /** Roles allowed in; without it any signed-in member passes (SPEC §2 "Protected pages"). */
  roles?: readonly Role[];
  /** Defaults to the child routes. */
  children?: ReactNode;
};

export function ProtectedRoute({ roles, children }: ProtectedRouteProps) {
  const { user, role, loading } = useAuth();

  if (loading) {
    return (
      <p role="status" className="mx-auto max-w-6xl px-4 py-16 text-center text-muted-foreground">
        Loading...
      </p>
    );
  }
  if (!user) return <Navigate to={paths.auth} replace />;
  if (roles && (role === null || !roles.includes(role))) return <AccessDenied />;
  return children ?? <Outlet />;
}
