import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { AdminUsersPage } from "@/shared/api-types";

export const usersQueryKey = ["users"] as const;

export function getUsers(
  search: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminUsersPage> {
  const query = new URLSearchParams();
  if (search) query.set("search", search);
  if (cursor) query.set("cursor", cursor);
  return api.get<AdminUsersPage>(`/api/users?${query}`, { signal });
}

export function usersQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: [...usersQueryKey, search],
    queryFn: ({ pageParam, signal }) => getUsers(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** Every account with its role (admins only), newest first, searched by name or email. */
export function useUsers(search: string) {
  return useInfiniteQuery(usersQueryOptions(search));
}
