import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProfileResponse } from "../../../../shared/api-types";
import { api } from "../../../lib/api-client";
import { profilesQueryKey } from "../../../lib/query-keys";

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
