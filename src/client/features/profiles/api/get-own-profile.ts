import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { profilesQueryKey } from "@/client/lib/query-keys";
import type { OwnProfile } from "@/shared/api-types";

export function getOwnProfile(signal?: AbortSignal): Promise<OwnProfile> {
  return api.get<OwnProfile>("/api/profiles/me", { signal });
}

export function ownProfileQueryOptions() {
  return queryOptions({
    queryKey: [...profilesQueryKey, "me"],
    queryFn: ({ signal }) => getOwnProfile(signal),
    // The form starts from what is saved now, not from a copy read a while ago.
    staleTime: 0,
  });
}

/** Every field of the signed-in member's Edit Profile form. */
export function useOwnProfile() {
  return useQuery(ownProfileQueryOptions());
}
