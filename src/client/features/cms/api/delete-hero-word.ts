import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { heroWordsQueryKey } from "@/client/lib/query-keys";

export function deleteHeroWord(id: string): Promise<void> {
  return api.delete<void>(`/api/cms/hero-words/${encodeURIComponent(id)}`);
}

export function useDeleteHeroWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHeroWord,
    // The CMS list and the home hero's words.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: heroWordsQueryKey }),
  });
}
