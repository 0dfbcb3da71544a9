import { useCallback, useMemo } from "react";
import type { MemberFilters } from "@/client/features/members/api/get-members";
import { useSearchParams } from "@/client/lib/location";
import { MEMBER_SORTS, type MemberSort } from "@/shared/constants";
import { isRole } from "@/shared/permissions";

export const DEFAULT_MEMBER_FILTERS: MemberFilters = { search: "", role: "all", sort: "recent" };

const isSort = (value: string | null): value is MemberSort =>
  (MEMBER_SORTS as readonly (string | null)[]).includes(value);

/** The filters an address asks for (the server's render reads them the same way). */
export function memberFiltersFrom(params: URLSearchParams): MemberFilters {
  const role = params.get("role");
  const sort = params.get("sort");
  return {
    search: (params.get("search") ?? "").trim(),
    role: isRole(role) ? role : "all",
    sort: isSort(sort) ? sort : "recent",
  };
}

/**
 * Search, role and sort live in the address (/members?search=…&role=…&sort=…), so a filtered
 * directory can be shared and the back button returns to it. Defaults are left out.
 */
export function useMemberFilters() {
  const [params, setParams] = useSearchParams();
  // The search parameters change with the address only.
  const filters = useMemo(() => memberFiltersFrom(params), [params]);

  const setFilters = useCallback(
    (change: Partial<MemberFilters>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(change)) {
            const isDefault = value === DEFAULT_MEMBER_FILTERS[name as keyof MemberFilters];
            if (isDefault || value === "") next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const clearFilters = useCallback(() => setFilters(DEFAULT_MEMBER_FILTERS), [setFilters]);

  return { filters, setFilters, clearFilters };
}
