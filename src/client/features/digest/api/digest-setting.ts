import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { DigestChoice, DigestSetting } from "@/shared/digest";

export const digestQueryKey = ["digest"] as const;

export function getDigestSetting(signal?: AbortSignal): Promise<DigestSetting> {
  return api.get<DigestSetting>("/api/digest", { signal });
}

export function digestSettingQueryOptions() {
  return queryOptions({
    queryKey: digestQueryKey,
    queryFn: ({ signal }) => getDigestSetting(signal),
  });
}

export function useDigestSetting() {
  return useQuery(digestSettingQueryOptions());
}

export function updateDigestSetting(digest: DigestChoice): Promise<DigestSetting> {
  return api.put<DigestSetting>("/api/digest", { body: { digest } });
}

export function useUpdateDigestSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDigestSetting,
    onSuccess: (setting) => queryClient.setQueryData(digestQueryKey, setting),
  });
}
