import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { SitePage } from "@/shared/api-types";
import type { SitePageSlug } from "@/shared/constants";

/** Public pages and the CMS Pages tab: a save refreshes both. */
export const sitePagesQueryKey = ["site-pages"] as const;

export function getSitePage(slug: SitePageSlug, signal?: AbortSignal): Promise<SitePage> {
  return api.get<SitePage>(`/api/site/pages/${slug}`, { signal });
}

export function sitePageQueryOptions(slug: SitePageSlug) {
  return queryOptions({
    queryKey: [...sitePagesQueryKey, slug],
    queryFn: ({ signal }) => getSitePage(slug, signal),
  });
}

export function useSitePage(slug: SitePageSlug) {
  return useQuery(sitePageQueryOptions(slug));
}
