import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { membersQueryKey } from "@/client/lib/query-keys";
import type { MemberSummary, MembersPage } from "@/shared/api-types";

/**
 * Members asked for per query. More than the popup shows: the directory's search also matches
 * bios and locations, and lib/mention-query.ts keeps only the names that hold the query.
 */
const CANDIDATES_ASKED = 20;

/**
 * Members whose name, bio or location holds `query`, recently active first (GET /api/members).
 * The directory lists only public profiles, and an unverified account has none, so private and
 * unverified members, whom the server would not keep as mentions, are never offered.
 */
export async function getMentionCandidates(
  query: string,
  signal?: AbortSignal,
): Promise<MemberSummary[]> {
  const params = new URLSearchParams({
    search: query,
    sort: "recent",
    limit: String(CANDIDATES_ASKED),
  });
  const page = await api.get<MembersPage>(`/api/members?${params}`, { signal });
  return page.members;
}

export function mentionCandidatesQueryOptions(query: string) {
  return queryOptions({
    // Under the members root: a profile save (name, avatar, privacy) refreshes these too.
    queryKey: [...membersQueryKey, "mention-candidates", query],
    queryFn: ({ signal }) => getMentionCandidates(query, signal),
    // The last answer stays on screen while the next query's loads.
    placeholderData: keepPreviousData,
  });
}

/** Candidates for a "@query"; asks nothing while `query` is empty. */
export function useMentionCandidates(query: string) {
  return useQuery({ ...mentionCandidatesQueryOptions(query), enabled: query.length > 0 });
}
