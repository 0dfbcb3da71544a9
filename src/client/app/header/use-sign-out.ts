import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { errorMessage } from "@/client/lib/api-client";
import { useNavigate } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";
import { signOutSession } from "@/client/lib/session/sign-out";
import { toast } from "@/client/lib/toast";

/** Signs out and goes home (docs/product.md §2). */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useCallback(async () => {
    // Leave first: a protected page would otherwise redirect to /auth as the session ends.
    await navigate(paths.home);
    try {
      await signOutSession(queryClient);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }, [navigate, queryClient]);
}
