import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useMemo } from "react";
import type { SignInInput, SignUpInput } from "../../../../shared/schemas";
import { SIGNED_OUT, sessionQueryKey, useSession } from "../api/get-session";
import { signInWithEmail } from "../api/sign-in";
import { signOutRequest } from "../api/sign-out";
import { signUpWithEmail } from "../api/sign-up";
import { AuthContext, type AuthContextValue } from "../auth-context";

const isSessionQuery = (query: { queryKey: readonly unknown[] }) =>
  query.queryKey[0] === sessionQueryKey[0];

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

  const signIn = useCallback(
    async (input: SignInInput) => {
      await signInWithEmail(input);
      await refreshSession();
    },
    [refreshSession],
  );

  const signUp = useCallback((input: SignUpInput) => signUpWithEmail(input), []);

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
      signIn,
      signUp,
      signOut,
      refreshSession,
    }),
    [data, isPending, signIn, signUp, signOut, refreshSession],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
