import { useMemo } from "react";
import type { SearchInput } from "@/client/features/search/api/get-search";
import { useSearchParams } from "@/client/lib/location";

/**
 * What an address asks to search, the same for the server's render and the browser: the query
 * trimmed, and page 1 for a missing or malformed page (the API is asked only for real pages).
 */
export function searchInputFrom(params: URLSearchParams): SearchInput {
  const page = Number(params.get("page"));
  return {
    q: (params.get("q") ?? "").trim(),
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/** The search the address (/search?q=…&page=…) asks for. */
export function useSearchInput(): SearchInput {
  const [params] = useSearchParams();
  return useMemo(() => searchInputFrom(params), [params]);
}
