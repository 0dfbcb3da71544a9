import { useCallback } from "react";
import { useNavigate } from "react-router";
import { errorMessage } from "../../lib/api-client";
import { paths } from "../../lib/paths";
import { useAuth } from "../../lib/session/use-auth";
import { toast } from "../../lib/toast";

/** Signs out and goes home (SPEC §2). */
export function useSignOut(): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();

  return useCallback(async () => {
    // Leave first: a protected page would otherwise redirect to /auth as the session ends.
    await navigate(paths.home);
    try {
      await signOut();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }, [navigate, signOut]);
}
