import type { SessionResponse } from "@/shared/api-types";
import { useSession } from "./get-session";

/**
 * The member's active suspension (docs/decisions/027), or null: read from the session apart
 * from useAuth(), which every page's first download carries (docs/decisions/007).
 */
export function useSuspension(): SessionResponse["suspension"] {
  return useSession().data?.suspension ?? null;
}
