import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { heroWordsQueryKey } from "@/client/lib/query-keys";
import type { CmsHeroWord } from "@/shared/api-types";

export function setHeroWordActive(change: { id: string; isActive: boolean }): Promise<CmsHeroWord> {
  return api.patch<CmsHeroWord>(`/api/cms/hero-words/${encodeURIComponent(change.id)}`, {
    body: { isActive: change.isActive },
  });
}

export function useSetHeroWordActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setHeroWordActive,
    // The CMS list and the home hero's words.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: heroWordsQueryKey }),
  });
}
