import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { ComplaintsList } from "@/shared/complaints";

export const complaintsQueryKey = ["complaints"] as const;

export function getComplaints(signal?: AbortSignal): Promise<ComplaintsList> {
  return api.get<ComplaintsList>("/api/complaints", { signal });
}

export function complaintsQueryOptions() {
  return queryOptions({
    queryKey: complaintsQueryKey,
    queryFn: ({ signal }) => getComplaints(signal),
  });
}

/** Open complaints, overdue first, then the latest resolved ones; and who may own one. */
export function useComplaints() {
  return useQuery(complaintsQueryOptions());
}
