import type { Query, QueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { isSessionQuery, SIGNED_OUT, sessionQueryKey } from "./get-session";

/** The next macrotask: React has rendered a store's change by then (see signOutSession). */
const afterRender = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Ends the session and forgets what was read with it. Kept out of the session provider: only
 * the account menu, the mobile menu and the CMS call it, and they load on demand, so the home
 * page's first download does not carry it.
 */
export async function signOutSession(queryClient: QueryClient): Promise<void> {
  const rest = { predicate: (query: Query) => !isSessionQuery(query) };
  // The signed-out view comes first, before the session ends on the server: the bell, its
  // live stream (whose `ready` refetches the count a moment after a page opens) and any
  // member-only view unmount, so nothing asks for a member's data once the session is gone
  // (a 401). Query observers are told on a zero timeout and React renders right after, so a
  // later zero timeout runs once they have gone. A session read still in flight could answer
  // "signed in" over this: it is cancelled first.
  await queryClient.cancelQueries({ queryKey: sessionQueryKey });
  const signedIn = queryClient.getQueryData(sessionQueryKey);
  queryClient.setQueryData(sessionQueryKey, SIGNED_OUT);
  await afterRender();
  // Requests still in flight carry the session; answered after it ends, they would be 401s.
  await queryClient.cancelQueries(rest);
  try {
    await api.post<unknown>("/api/auth/sign-out", { body: {} });
  } catch (error) {
    // Still signed in on the server: show it again (the caller says what went wrong).
    queryClient.setQueryData(sessionQueryKey, signedIn);
    throw error;
  }
  // Drop data read with the old session (it may include what only that member could see);
  // what is still on screen is read again as a visitor.
  void queryClient.resetQueries(rest);
}
