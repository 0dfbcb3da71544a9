import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useMemo } from "react";
import { AuthContext, type AuthContextValue } from "./auth-context";
import { SIGNED_OUT, sessionQueryKey, useSession } from "./get-session";
import { signOutRequest } from "./sign-out";

const isSessionQuery = (query: { queryKey: readonly unknown[] }) =>
  query.queryKey[0] === sessionQueryKey[0];

/** The signed-in member (or nobody) for every page and feature: read it with useAuth(). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // A failed session read (server down) counts as signed out rather than blocking the app.
  const { data = SIGNED_OUT, isPending } = useSession();

  const refreshSession = useCallback(async () => {
    // Everything cached was read with the old session; the session goes first so the UI flips
    // now, the rest reloads behind it.
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    void queryClient.invalidateQueries({ predicate: (query) => !isSessionQuery(query) });
  }, [queryClient]);

  const signOut = useCallback(async () => {
    await signOutRequest();
    queryClient.setQueryData(sessionQueryKey, SIGNED_OUT);
    // Drop data read with the old session (it may include what only that member could see).
    void queryClient.resetQueries({ predicate: (query) => !isSessionQuery(query) });
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: data.user,
      profile: data.profile,
      role: data.role,
      loading: isPending,
      signOut,
      refreshSession,
    }),
    [data, isPending, signOut, refreshSession],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
