import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { cmsOverviewQueryKey, discussionsQueryKey } from "@/client/lib/query-keys";
import type { DiscussionItem } from "@/shared/api-types";
import type { DiscussionInput } from "@/shared/schemas";

/**
 * Staff start a discussion under their own name, without the members' posting limit
 * (docs/product.md §2.21.3). Throws ApiError: 400 with field messages, 403.
 */
export function createCmsDiscussion(values: DiscussionInput): Promise<DiscussionItem> {
  return api.post<DiscussionItem>("/api/cms/discussions", { body: values });
}

export function useCreateCmsDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCmsDiscussion,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: discussionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: cmsOverviewQueryKey }),
      ]),
  });
}
