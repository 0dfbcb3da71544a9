import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { MyNewsletter } from "@/shared/api-types";

const myNewsletterQueryKey = ["newsletter", "me"] as const;

export function getMyNewsletter(signal?: AbortSignal): Promise<MyNewsletter> {
  return api.get<MyNewsletter>("/api/newsletter/me", { signal });
}

export function myNewsletterQueryOptions() {
  return queryOptions({
    queryKey: myNewsletterQueryKey,
    queryFn: ({ signal }) => getMyNewsletter(signal),
  });
}

export function useMyNewsletter() {
  return useQuery(myNewsletterQueryOptions());
}

export function setMyNewsletter(subscribed: boolean): Promise<MyNewsletter> {
  return api.put<MyNewsletter>("/api/newsletter/me", { body: { subscribed } });
}

export function useSetMyNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMyNewsletter,
    onSuccess: (state) => queryClient.setQueryData(myNewsletterQueryKey, state),
  });
}
