import { Loader2 } from "lucide-react";
import { useEffect } from "react";
import { PageHeading } from "@/client/components/page-heading";
import { Button } from "@/client/components/ui/button";
import { useMembers } from "@/client/features/members/api/get-members";
import { useMemberFilters } from "@/client/features/members/hooks/use-member-filters";
import { formatCount } from "@/client/lib/format-count";
import { toast } from "@/client/lib/toast";
import { SKELETON_CARDS } from "@/shared/constants";
import { MemberCard } from "./member-card";
import { MemberCardSkeleton } from "./member-card-skeleton";
import { MemberFilters } from "./member-filters";
import { MemberStats } from "./member-stats";
import { MembersEmptyState } from "./members-empty-state";

function resultText(total: number, search: string): string {
  const found = `${formatCount(total)} ${total === 1 ? "member" : "members"} found`;
  return search ? `${found} for "${search}"` : found;
}

/** /members: counters, search, role filter, sort and the cards, a page at a time. */
export function MembersDirectory() {
  const { filters, setFilters, clearFilters } = useMemberFilters();
  const members = useMembers(filters);
  const pages = members.data?.pages ?? [];
  const list = pages.flatMap((page) => page.members);
  const total = pages[0]?.total ?? list.length;

  useEffect(() => {
    if (members.isError) toast.error("Error", { description: "Failed to load members." });
  }, [members.isError]);

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <PageHeading>Community Members</PageHeading>
        <p className="text-muted-foreground">
          The people behind the rants: find someone by name, bio or location.
        </p>
      </div>
      <MemberStats />
      <section aria-labelledby="members-results" className="flex flex-col gap-4">
        <MemberFilters filters={filters} onChange={setFilters} />
        <p
          id="members-results"
          role="status"
          className="flex items-center gap-2 text-muted-foreground text-sm"
        >
          {/* The same words as the toast when the list fails (issue 21), never a loading line
              that stays. */}
          {members.data
            ? resultText(total, filters.search)
            : members.isError
              ? "Failed to load members."
              : "Loading members..."}
          {members.isFetching && members.data ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : null}
        </p>
        {members.isPending ? (
          <ul aria-hidden="true" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: SKELETON_CARDS * 2 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <li key={index}>
                <MemberCardSkeleton />
              </li>
            ))}
          </ul>
        ) : members.isError && list.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-12 text-center">
            <Button variant="outline" onClick={() => void members.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <MembersEmptyState onClearFilters={clearFilters} />
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((member) => (
              <MemberCard key={member.id} member={member} />
            ))}
          </ul>
        )}
        {members.hasNextPage ? (
          <div className="flex justify-center">
            <Button
              variant="outline"
              onClick={() => void members.fetchNextPage()}
              disabled={members.isFetchingNextPage}
            >
              {members.isFetchingNextPage ? "Loading..." : "Load more members"}
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}
