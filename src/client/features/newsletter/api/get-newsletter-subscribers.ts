import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { NewsletterStatus, NewsletterSubscribersPage } from "@/shared/api-types";

export type SubscriberFilter = { search: string; status: NewsletterStatus | "" };

/** The filter as query parameters: the list and the CSV export take the same ones. */
export function subscriberQuery(filter: SubscriberFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.search) query.set("search", filter.search);
  if (filter.status) query.set("status", filter.status);
  return query;
}

export function getNewsletterSubscribers(
  filter: SubscriberFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<NewsletterSubscribersPage> {
  const query = subscriberQuery(filter);
  if (cursor) query.set("cursor", cursor);
  return api.get<NewsletterSubscribersPage>(`/api/cms/newsletter/subscribers?${query}`, {
    signal,
  });
}

export function newsletterSubscribersQueryOptions(filter: SubscriberFilter) {
  return infiniteQueryOptions({
    queryKey: ["newsletter", "subscribers", filter.search, filter.status],
    queryFn: ({ pageParam, signal }) => getNewsletterSubscribers(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** The newsletter's list for admins: counts by status, newest first, searched by email. */
export function useNewsletterSubscribers(filter: SubscriberFilter) {
  return useInfiniteQuery(newsletterSubscribersQueryOptions(filter));
}
