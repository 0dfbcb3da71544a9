import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { profilesQueryKey } from "@/client/lib/query-keys";
import type { ProfileResponse } from "@/shared/api-types";

export function getProfile(id: string, signal?: AbortSignal): Promise<ProfileResponse> {
  return api.get<ProfileResponse>(`/api/profiles/${encodeURIComponent(id)}`, { signal });
}

export function profileQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...profilesQueryKey, "one", id],
    queryFn: ({ signal }) => getProfile(id, signal),
  });
}

/** A profile page's data: the profile, its role and counts, its recent discussions. */
export function useProfile(id: string) {
  return useQuery(profileQueryOptions(id));
}
