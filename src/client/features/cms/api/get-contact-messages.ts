import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { ContactMessagesPage } from "@/shared/api-types";

export const contactMessagesQueryKey = ["inbox", "messages"] as const;

export function getContactMessages(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ContactMessagesPage> {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : "";
  return api.get<ContactMessagesPage>(`/api/inbox/messages${query}`, { signal });
}

export function contactMessagesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: contactMessagesQueryKey,
    queryFn: ({ pageParam, signal }) => getContactMessages(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Stored contact messages, newest first. */
export function useContactMessages() {
  return useInfiniteQuery(contactMessagesQueryOptions());
}
