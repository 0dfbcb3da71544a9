// The CMS Tags tab's reads and writes (issue 41, docs/decisions/067). Every write refreshes the
// forum's tag lists and its discussions (their tags change with a rename, merge or delete).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { discussionsQueryKey, tagsQueryKey } from "@/client/lib/query-keys";
import type { CmsTag, CmsTagsResponse } from "@/shared/api-types";

type CmsTagPage = CmsTagsResponse & { nextAfter: string | null };

/** Tags in name order, starting with `prefix` when given: the first hundred. */
export function useCmsTags(prefix: string) {
  return useQuery({
    queryKey: [...tagsQueryKey, "cms", prefix],
    queryFn: ({ signal }) =>
      api.get<CmsTagPage>(
        prefix ? `/api/cms/tags?q=${encodeURIComponent(prefix)}` : "/api/cms/tags",
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

function useTagWrite<Input>(write: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tagsQueryKey }),
        queryClient.invalidateQueries({ queryKey: discussionsQueryKey }),
      ]),
  });
}

const tagUrl = (id: string) => `/api/cms/tags/${encodeURIComponent(id)}`;

export const useAddTag = () =>
  useTagWrite((name: string) => api.post<CmsTag>("/api/cms/tags", { body: { name } }));

export const useRenameTag = () =>
  useTagWrite(({ id, name }: { id: string; name: string }) =>
    api.patch<CmsTag>(tagUrl(id), { body: { name } }),
  );

export const useMergeTag = () =>
  useTagWrite(({ id, into }: { id: string; into: string }) =>
    api.post<CmsTag>(`${tagUrl(id)}/merge`, { body: { into } }),
  );

export const useDeleteTag = () => useTagWrite((id: string) => api.delete<void>(tagUrl(id)));
