import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { membersQueryKey } from "@/client/lib/query-keys";
import type { MemberStats } from "@/shared/api-types";

export function getMemberStats(signal?: AbortSignal): Promise<MemberStats> {
  return api.get<MemberStats>("/api/members/stats", { signal });
}

export function memberStatsQueryOptions() {
  return queryOptions({
    queryKey: [...membersQueryKey, "stats"],
    queryFn: ({ signal }) => getMemberStats(signal),
  });
}

/** The directory's four counters. */
export function useMemberStats() {
  return useQuery(memberStatsQueryOptions());
}
