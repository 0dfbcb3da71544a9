import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CmsHeroWord } from "../../../../shared/api-types";
import { api } from "../../../lib/api-client";
import { heroWordsQueryKey } from "../../../lib/query-keys";

const path = (id: string) => `/api/cms/hero-words/${encodeURIComponent(id)}`;

export function addHeroWord(word: string): Promise<CmsHeroWord> {
  return api.post<CmsHeroWord>("/api/cms/hero-words", { body: { word } });
}

export function setHeroWordActive(change: { id: string; isActive: boolean }): Promise<CmsHeroWord> {
  return api.patch<CmsHeroWord>(path(change.id), { body: { isActive: change.isActive } });
}

export function deleteHeroWord(id: string): Promise<void> {
  return api.delete<void>(path(id));
}

function useInvalidateWords() {
  const queryClient = useQueryClient();
  // The CMS list and the home hero's words.
  return () => queryClient.invalidateQueries({ queryKey: heroWordsQueryKey });
}

export function useAddHeroWord() {
  return useMutation({ mutationFn: addHeroWord, onSuccess: useInvalidateWords() });
}

export function useSetHeroWordActive() {
  return useMutation({ mutationFn: setHeroWordActive, onSuccess: useInvalidateWords() });
}

export function useDeleteHeroWord() {
  return useMutation({ mutationFn: deleteHeroWord, onSuccess: useInvalidateWords() });
}
