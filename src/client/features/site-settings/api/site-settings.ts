import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { SiteSettings, SiteSettingsInput } from "@/shared/site-settings";

/** The CMS Settings tab's settings (admins; docs/decisions/034). */
export const siteSettingsQueryKey = ["cms", "settings"] as const;

export function getSiteSettings(signal?: AbortSignal): Promise<SiteSettings> {
  return api.get<SiteSettings>("/api/cms/settings", { signal });
}

export function siteSettingsQueryOptions() {
  return queryOptions({
    queryKey: siteSettingsQueryKey,
    queryFn: ({ signal }) => getSiteSettings(signal),
  });
}

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions());
}

export function saveSiteSettings(changes: SiteSettingsInput): Promise<SiteSettings> {
  return api.put<SiteSettings>("/api/cms/settings", { body: changes });
}

export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSiteSettings,
    onSuccess: (settings) => queryClient.setQueryData(siteSettingsQueryKey, settings),
  });
}
