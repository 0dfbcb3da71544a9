import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { ContactMessagesPage, DataRequestsPage } from "../../../../shared/api-types";
import { api } from "../../../lib/api-client";

export const inboxQueryKey = ["inbox"] as const;

function pageUrl(path: string, cursor: string | null): string {
  return cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path;
}

export function contactMessagesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...inboxQueryKey, "messages"],
    queryFn: ({ pageParam, signal }) =>
      api.get<ContactMessagesPage>(pageUrl("/api/inbox/messages", pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function dataRequestsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...inboxQueryKey, "data-requests"],
    queryFn: ({ pageParam, signal }) =>
      api.get<DataRequestsPage>(pageUrl("/api/inbox/data-requests", pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Stored contact messages, newest first. */
export function useContactMessages() {
  return useInfiniteQuery(contactMessagesQueryOptions());
}

/** Stored data requests, newest first. */
export function useDataRequests() {
  return useInfiniteQuery(dataRequestsQueryOptions());
}
