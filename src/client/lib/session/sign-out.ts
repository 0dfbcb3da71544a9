import type { Query, QueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { isSessionQuery, SIGNED_OUT, sessionQueryKey } from "./get-session";

/**
 * Ends the session and forgets what was read with it. Kept out of the session provider: only
 * the account menu, the mobile menu and the CMS call it, and they load on demand, so the home
 * page's first download does not carry it.
 */
export async function signOutSession(queryClient: QueryClient): Promise<void> {
  const rest = { predicate: (query: Query) => !isSessionQuery(query) };
  // Requests still in flight carry the session; answered after it ends, they would be 401s.
  await queryClient.cancelQueries(rest);
  await api.post<unknown>("/api/auth/sign-out", { body: {} });
  queryClient.setQueryData(sessionQueryKey, SIGNED_OUT);
  // Let the signed-out render land before the reset below: a protected page can still be on
  // screen (a navigation away is a transition that waits for the next page's code), and its
  // queries, refetched signed out, would answer 401. Query observers are told on a zero
  // timeout and React renders a store's change right after, so a later zero timeout runs
  // once the protected page has gone.
  await new Promise((resolve) => setTimeout(resolve, 0));
  // Drop data read with the old session (it may include what only that member could see);
  // what is still on screen is read again as a visitor.
  void queryClient.resetQueries(rest);
}
