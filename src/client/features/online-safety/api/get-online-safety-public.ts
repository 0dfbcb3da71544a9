import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { OnlineSafetyPublic } from "@/shared/online-safety-page";

/** The public /online-safety page's role, address and monthly counts (decision 080). */
export const onlineSafetyPublicQueryKey = ["online-safety-public"] as const;

export function getOnlineSafetyPublic(signal?: AbortSignal): Promise<OnlineSafetyPublic> {
  return api.get<OnlineSafetyPublic>("/api/site/online-safety", { signal });
}

export function onlineSafetyPublicQueryOptions() {
  return queryOptions({
    queryKey: onlineSafetyPublicQueryKey,
    queryFn: ({ signal }) => getOnlineSafetyPublic(signal),
  });
}

export function useOnlineSafetyPublic() {
  return useQuery(onlineSafetyPublicQueryOptions());
}
