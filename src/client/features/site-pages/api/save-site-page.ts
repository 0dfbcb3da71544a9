import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { SitePage } from "@/shared/api-types";
import type { SitePageSlug } from "@/shared/constants";
import { sitePagesQueryKey } from "./get-site-page";

export function saveSitePage({
  slug,
  content,
  material = false,
}: {
  slug: SitePageSlug;
  content: string;
  /** Members are told and asked to accept again (docs/decisions/082). */
  material?: boolean;
}): Promise<SitePage> {
  return api.put<SitePage>(`/api/cms/site-pages/${slug}`, { body: { content, material } });
}

export function useSaveSitePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSitePage,
    // The public page and the CMS editor read the same key.
    onSuccess: (page) => {
      queryClient.setQueryData([...sitePagesQueryKey, page.slug], page);
    },
  });
}
