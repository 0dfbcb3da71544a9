import { useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { WhoReacted } from "@/shared/reactions";
import { reactionsQueryKey } from "./reaction-counts";

export function getWhoReacted(
  discussionId: string,
  replyId: string | null,
  signal?: AbortSignal,
): Promise<WhoReacted> {
  const path = replyId
    ? `/api/reactions/replies/${encodeURIComponent(replyId)}`
    : `/api/reactions/discussions/${encodeURIComponent(discussionId)}`;
  return api.get<WhoReacted>(path, { signal });
}

/** Who reacted to a post, asked for when the list opens (hover, focus or tap). */
export function useWhoReacted(discussionId: string, replyId: string | null, open: boolean) {
  return useQuery({
    queryKey: [...reactionsQueryKey, "who", discussionId, replyId ?? "opening"],
    queryFn: ({ signal }) => getWhoReacted(discussionId, replyId, signal),
    enabled: open,
    staleTime: 10_000,
  });
}
