import { type ReactNode, useEffect, useRef } from "react";
import { Redirect } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";
import { useAuth } from "@/client/lib/session/use-auth";
import { type Capability, can } from "@/shared/permissions";
import { AccessDenied } from "./access-denied";

type ProtectedRouteProps = {
  /**
   * What the page needs; without it any signed-in member passes (docs/product.md §2 "Protected
   * pages"). A name, not a list of roles, so that the permission table loads with this chunk and
   * not with every page's first download (the router is in it).
   */
  capability?: Capability;
  /** The page. */
  children: ReactNode;
};

export function ProtectedRoute({ capability, children }: ProtectedRouteProps) {
  const { user, role, loading } = useAuth();
  // Signing out on a protected page goes home (docs/product.md §2); useSignOut navigates there first, but
  // that navigation is a transition and the session's end may render before it. A member
  // whose session ends here is sent home, not asked to sign in again.
  const hadUser = useRef(false);
  useEffect(() => {
    if (user) hadUser.current = true;
  }, [user]);

  if (loading) {
    return (
      <p role="status" className="mx-auto max-w-6xl px-4 py-16 text-center text-muted-foreground">
        Loading...
      </p>
    );
  }
  if (!user) return <Redirect to={hadUser.current ? paths.home : paths.auth} replace />;
  if (capability && (role === null || !can(role, capability))) return <AccessDenied />;
  return children;
}
