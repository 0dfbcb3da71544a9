import { useEffect, useRef, useState } from "react";
import { SearchInput } from "@/client/components/search-input";
import { NativeSelect } from "@/client/components/ui/native-select";
import type { MemberFilters as Filters } from "@/client/features/members/api/get-members";
import { useDebouncedValue } from "@/client/hooks/use-debounced-value";
import { useAuth } from "@/client/lib/session/use-auth";
import { MEMBER_SORTS, type MemberSort } from "@/shared/constants";
import { can, isRole, ROLES } from "@/shared/permissions";

const ROLE_LABELS = { user: "User", author: "Author", moderator: "Moderator", admin: "Admin" };
/** the order of docs/product.md §2.4: All roles, Admin, Moderator, Author, User. */
const ROLE_OPTIONS = [...ROLES].reverse();

const SORT_LABELS: Record<MemberSort, string> = {
  recent: "Recently active",
  oldest: "Oldest members",
  discussions: "Most discussions",
  name: "Name (A-Z)",
};

const SEARCH_DELAY_MS = 300;

// Issue 21: the box promises only what this visitor can search (only admins search by email,
// docs/architecture.md "Deliberate improvements"), and everyone else's text fits at 390 px.
const ADMIN_PLACEHOLDER = "Search members by name, email, bio, or location...";
const PLACEHOLDER = "Search by name, bio, or location...";

const isSort = (value: string): value is MemberSort =>
  (MEMBER_SORTS as readonly string[]).includes(value);

type MemberFiltersProps = {
  filters: Filters;
  onChange: (change: Partial<Filters>) => void;
};

export function MemberFilters({ filters, onChange }: MemberFiltersProps) {
  // The box answers every keystroke; the query waits until typing pauses.
  const { role } = useAuth();
  const [search, setSearch] = useState(filters.search);
  const debouncedSearch = useDebouncedValue(search, SEARCH_DELAY_MS);

  // Only a change of the typed text is sent: when 'Clear filters' empties the address, the
  // text that has not caught up yet must not put the old search back.
  const latest = useRef({ search: filters.search, onChange });
  latest.current = { search: filters.search, onChange };
  useEffect(() => {
    const next = debouncedSearch.trim();
    if (next !== latest.current.search) latest.current.onChange({ search: next });
  }, [debouncedSearch]);

  // 'Clear filters' (or the back button) changes the address: follow it.
  useEffect(() => {
    setSearch((current) => (current.trim() === filters.search ? current : filters.search));
  }, [filters.search]);

  return (
    <div className="flex flex-col gap-3 md:flex-row">
      <SearchInput
        className="flex-1"
        aria-label="Search members"
        placeholder={can(role, "seePrivateMemberData") ? ADMIN_PLACEHOLDER : PLACEHOLDER}
        value={search}
        maxLength={100}
        onChange={(event) => setSearch(event.target.value)}
      />
      <div className="grid grid-cols-2 gap-3 md:flex">
        <NativeSelect
          aria-label="Filter by role"
          className="md:w-44"
          value={filters.role}
          onChange={(event) => {
            const role = event.target.value;
            onChange({ role: isRole(role) ? role : "all" });
          }}
        >
          <option value="all">All roles</option>
          {ROLE_OPTIONS.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Sort members"
          className="md:w-48"
          value={filters.sort}
          onChange={(event) => {
            const sort = event.target.value;
            if (isSort(sort)) onChange({ sort });
          }}
        >
          {MEMBER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
