// GET, PUT and DELETE /api/blocks/{memberId} (docs/decisions/031): whether the viewer blocked a
// member, and blocking or unblocking them. A change refreshes the lists and threads, whose
// items come marked `authorBlocked` for the viewer.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { discussionsQueryKey, repliesRootQueryKey } from "@/client/lib/query-keys";
import type { BlockState } from "@/shared/api-types";

const blockQueryKey = (memberId: string) => ["blocks", memberId] as const;
const blockUrl = (memberId: string) => `/api/blocks/${encodeURIComponent(memberId)}`;

export function getBlockState(memberId: string, signal?: AbortSignal): Promise<BlockState> {
  return api.get<BlockState>(blockUrl(memberId), { signal });
}

export function blockStateQueryOptions(memberId: string) {
  return queryOptions({
    queryKey: blockQueryKey(memberId),
    queryFn: ({ signal }) => getBlockState(memberId, signal),
  });
}

export function useBlockState(memberId: string) {
  return useQuery(blockStateQueryOptions(memberId));
}

export function setBlocked(memberId: string, blocked: boolean): Promise<BlockState> {
  return blocked
    ? api.put<BlockState>(blockUrl(memberId))
    : api.delete<BlockState>(blockUrl(memberId));
}

export function useSetBlocked(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) => setBlocked(memberId, blocked),
    onSuccess: (answer) => {
      queryClient.setQueryData(blockQueryKey(memberId), answer);
      void queryClient.invalidateQueries({ queryKey: discussionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: repliesRootQueryKey });
    },
  });
}
