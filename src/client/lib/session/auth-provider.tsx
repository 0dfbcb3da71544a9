import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useMemo } from "react";
import { AuthContext, type AuthContextValue } from "./auth-context";
import { isSessionQuery, SIGNED_OUT, sessionQueryKey, useSession } from "./get-session";

/** The signed-in member (or nobody) for every page and feature: read it with useAuth(). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // A failed session read (server down) counts as signed out rather than blocking the app.
  const { data = SIGNED_OUT, isPending } = useSession();

  const refreshSession = useCallback(async () => {
    // Everything cached was read with the old session; the session goes first so the UI flips
    // now, the rest reloads behind it.
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    // A query whose answer is the same whoever asks (an emailed link's preview, which using the
    // link ends: asked again, it is a 400) says so with meta.sameForEveryone.
    void queryClient.invalidateQueries({
      predicate: (query) => !isSessionQuery(query) && query.meta?.sameForEveryone !== true,
    });
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: data.user,
      profile: data.profile,
      role: data.role,
      loading: isPending,
      refreshSession,
    }),
    [data, isPending, refreshSession],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
