import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { categoriesQueryKey, discussionsQueryKey } from "@/client/lib/query-keys";

/** DELETE /api/cms/categories/{id}: its discussions and posts go to `moveTo` (a slug). */
export function deleteCategory({ id, moveTo }: { id: string; moveTo: string }): Promise<void> {
  return api.delete<void>(`/api/cms/categories/${encodeURIComponent(id)}`, { body: { moveTo } });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
        queryClient.invalidateQueries({ queryKey: discussionsQueryKey }),
      ]),
  });
}
