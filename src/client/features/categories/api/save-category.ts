import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { categoriesQueryKey, discussionsQueryKey } from "@/client/lib/query-keys";
import type { Category } from "@/shared/api-types";
import type { CategoryValues } from "@/shared/categories";

/** POST /api/cms/categories, or PUT /api/cms/categories/{id} for an existing one (admins). */
export function saveCategory({
  id,
  values,
}: {
  id: string | null;
  values: CategoryValues;
}): Promise<Category> {
  return id
    ? api.put<Category>(`/api/cms/categories/${encodeURIComponent(id)}`, { body: values })
    : api.post<Category>("/api/cms/categories", { body: values });
}

/** The categories, and the lists that show their names and colours, follow. */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCategory,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
        queryClient.invalidateQueries({ queryKey: discussionsQueryKey }),
      ]),
  });
}
