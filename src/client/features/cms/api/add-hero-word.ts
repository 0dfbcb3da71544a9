import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { heroWordsQueryKey } from "@/client/lib/query-keys";
import type { CmsHeroWord } from "@/shared/api-types";

export function addHeroWord(word: string): Promise<CmsHeroWord> {
  return api.post<CmsHeroWord>("/api/cms/hero-words", { body: { word } });
}

export function useAddHeroWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addHeroWord,
    // The CMS list and the home hero's words.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: heroWordsQueryKey }),
  });
}
