import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { discussionsQueryKey } from "@/client/lib/query-keys";
import type { FollowAnswer, FollowState } from "@/shared/notifications";

const categoryFollowQueryKey = (slug: string) => ["category-follow", slug] as const;
const categoryFollowUrl = (slug: string) => `/api/categories/${encodeURIComponent(slug)}/follow`;

export function useCategoryFollowState(slug: string) {
  return useQuery({
    queryKey: categoryFollowQueryKey(slug),
    queryFn: ({ signal }) => api.get<FollowAnswer>(categoryFollowUrl(slug), { signal }),
  });
}

export function useSetCategoryFollowState(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (state: FollowState) =>
      api.put<FollowAnswer>(categoryFollowUrl(slug), { body: { state } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(categoryFollowQueryKey(slug), answer);
      // A mute changes what the member's list of discussions holds.
      void queryClient.invalidateQueries({ queryKey: discussionsQueryKey });
    },
  });
}
