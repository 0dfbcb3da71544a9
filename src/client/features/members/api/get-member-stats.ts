import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MemberStats } from "../../../../shared/api-types";
import { api } from "../../../lib/api-client";
import { membersQueryKey } from "../../../lib/query-keys";

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
