import { useSession } from "./get-session";

/**
 * The member's role needs a second factor and they have none yet (decision 060): every page
 * but the settings shows the set-up notice instead, as the server refuses them the rest.
 */
export function useSecondFactorRequired(): boolean {
  const data = useSession().data;
  return Boolean(data?.user && data.secondFactorRequired);
}
