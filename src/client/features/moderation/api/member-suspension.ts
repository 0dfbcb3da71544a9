import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { SuspendInput, SuspensionInfo } from "@/shared/moderation";

const suspensionKey = (memberId: string) => ["moderation", "suspension", memberId] as const;

/** A member's active suspension, for staff (the profile's moderation menu). */
export const memberSuspensionQueryOptions = (memberId: string) =>
  queryOptions({
    queryKey: suspensionKey(memberId),
    queryFn: ({ signal }) =>
      api.get<{ suspension: SuspensionInfo | null }>(
        `/api/moderation/members/${encodeURIComponent(memberId)}/suspension`,
        { signal },
      ),
  });

export function useMemberSuspension(memberId: string, enabled: boolean) {
  return useQuery({ ...memberSuspensionQueryOptions(memberId), enabled });
}

export function useSuspendMember(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SuspendInput) =>
      api.post<{ id: string }>(
        `/api/moderation/members/${encodeURIComponent(memberId)}/suspensions`,
        { body: input },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suspensionKey(memberId) }),
  });
}

export function useLiftSuspension(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api.post<{ id: string }>(`/api/moderation/members/${encodeURIComponent(memberId)}/lift`, {
        body: { reason },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suspensionKey(memberId) }),
  });
}
