import { Loader2, Plus, Rss } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Link } from "@/client/components/link";
import { PageHeading } from "@/client/components/page-heading";
import { Button } from "@/client/components/ui/button";
import type { DiscussionFilters } from "@/client/features/discussions/api/get-discussions";
import { useDiscussions } from "@/client/features/discussions/api/get-discussions";
import {
  activeFilterCount,
  useDiscussionFilters,
} from "@/client/features/discussions/hooks/use-discussion-filters";
import { useLiveDiscussions } from "@/client/features/discussions/hooks/use-live-discussions";
import { ApiError } from "@/client/lib/api-client";
import { paths } from "@/client/lib/paths";
import { useAuth } from "@/client/lib/session/use-auth";
import { toast } from "@/client/lib/toast";
import type { Category } from "@/shared/api-types";
import { categoryFeedPath } from "@/shared/category-paths";
import { SKELETON_CARDS } from "@/shared/constants";
import { can } from "@/shared/permissions";
import { DiscussionCard } from "./discussion-card";
import { DiscussionCardSkeleton } from "./discussion-card-skeleton";
import { DiscussionFiltersControl } from "./discussion-filters-control";
import { DiscussionSearch } from "./discussion-search";
import { DiscussionsEmptyState } from "./discussions-empty-state";
import { LoadMore } from "./load-more";
import { ReadingViews } from "./reading-views";

// The creation form brings zod, react-hook-form and the shared schemas (about 40 KB gzipped):
// it downloads when a member opens it, not with the list every visitor reads.
const NewDiscussionForm = lazy(() =>
  import("./new-discussion-form").then((module) => ({ default: module.NewDiscussionForm })),
);

function resultsText(filters: DiscussionFilters, fixedCategory: boolean): string | null {
  const count = activeFilterCount(filters, fixedCategory);
  const filtered = count ? ` (${count} ${count === 1 ? "filter" : "filters"})` : "";
  if (filters.search) return `Results for "${filters.search}"${filtered}`;
  if (filters.tag && count === 1) return `Discussions tagged #${filters.tag}`;
  return count ? `Filtered discussions${filtered}` : null;
}

type DiscussionsForumProps = {
  category?: Category;
  /** A category page's member controls (Follow, Mute), beside its feed link. */
  categoryActions?: ReactNode;
  /** Controls for the tag the list is narrowed to (a member's Report: docs/decisions/070). */
  renderTagActions?: (tag: string) => ReactNode;
};

/**
 * /discussion: docs/product.md §2 forum list with search, filters, creation and live updates;
 * with `category`, that category's page /discussion/c/{slug} (issue 41): its name, description
 * and feed above the same list, fixed to it.
 */
export function DiscussionsForum({
  category,
  categoryActions,
  renderTagActions,
}: DiscussionsForumProps) {
  const { user, role, loading: sessionLoading } = useAuth();
  const fixed = category !== undefined;
  const { filters, setFilters, clearFilters, clearAll } = useDiscussionFilters(category?.slug);
  const discussions = useDiscussions(filters);
  const [composing, setComposing] = useState(false);
  useLiveDiscussions();

  const list = discussions.data?.pages.flatMap((page) => page.items) ?? [];
  const canModerate = can(role, "moderateDiscussions");
  const summary = resultsText(filters, fixed);

  // A filter naming a category or tag that is not there (an old link) is said as such, with
  // the way out, not as a failure to load.
  const missing =
    discussions.error instanceof ApiError && discussions.error.status === 404
      ? discussions.error.message
      : null;
  useEffect(() => {
    if (discussions.isError && !missing) {
      toast.error("Error", { description: "Failed to load discussions." });
    }
  }, [discussions.isError, missing]);

  return (
    <div className="flex flex-col gap-8">
      {category ? (
        <div className="flex flex-col gap-2">
          <Link
            to={paths.discussions}
            className="w-fit text-muted-foreground text-sm hover:underline"
          >
            Discussion forum
          </Link>
          <PageHeading className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="size-4 shrink-0 rounded-full"
              style={{ backgroundColor: category.colour }}
            />
            {category.name}
          </PageHeading>
          {category.description ? (
            <p className="text-muted-foreground">{category.description}</p>
          ) : null}
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-sm">
            <span>
              {category.discussions} {category.discussions === 1 ? "discussion" : "discussions"}
            </span>
            <a
              href={categoryFeedPath(category.slug)}
              className="inline-flex items-center gap-1 hover:underline"
            >
              <Rss aria-hidden="true" className="size-4" />
              RSS feed
            </a>
          </p>
          {categoryActions}
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <PageHeading>Discussion forum</PageHeading>
          <p className="text-muted-foreground">
            Start a conversation, share an unpopular opinion, or find out you are not the only one.
          </p>
        </div>
      )}

      <section aria-labelledby="discussions-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="discussions-heading" className="font-bold text-2xl">
            Discussions
          </h2>
          {user ? (
            <Button onClick={() => setComposing((open) => !open)} aria-expanded={composing}>
              <Plus aria-hidden="true" />
              New discussion
            </Button>
          ) : null}
        </div>

        {user && composing ? (
          <Suspense
            fallback={
              <div role="status" className="h-64 animate-pulse rounded-xl border bg-muted/50">
                <span className="sr-only">Loading...</span>
              </div>
            }
          >
            <NewDiscussionForm onDone={() => setComposing(false)} />
          </Suspense>
        ) : null}
        {!user ? (
          // Kept in place (invisible) while the session loads: a first-time visitor's search box
          // and list then do not jump down when the prompt appears.
          <div
            aria-hidden={sessionLoading || undefined}
            className={`flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-muted/50 px-5 py-4${sessionLoading ? " invisible" : ""}`}
          >
            <p className="text-sm">Please log in to create a discussion.</p>
            <Button asChild variant="outline" size="sm">
              <Link to={paths.auth} tabIndex={sessionLoading ? -1 : undefined}>
                Sign In
              </Link>
            </Button>
          </div>
        ) : null}

        <div className="flex flex-col gap-2">
          {user ? <ReadingViews filters={filters} category={category?.slug} /> : null}
          <div className="flex gap-3">
            <DiscussionSearch
              value={filters.search}
              onChange={(search) => setFilters({ search })}
            />
            <DiscussionFiltersControl
              filters={filters}
              onChange={setFilters}
              onClear={clearFilters}
              fixedCategory={fixed}
            />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div
              role="status"
              className="flex min-h-5 items-center gap-2 text-muted-foreground text-sm"
            >
              {summary ? <span>{summary}</span> : null}
              {discussions.isFetching && discussions.data ? (
                <Loader2 aria-label="Updating" className="size-4 animate-spin" />
              ) : null}
              {summary ? (
                <Button variant="link" size="sm" className="h-auto px-0" onClick={clearAll}>
                  Clear all
                </Button>
              ) : null}
            </div>
            {filters.tag && renderTagActions ? renderTagActions(filters.tag) : null}
          </div>
          {filters.search ? (
            // The box filters this list by its titles and texts; replies, blog posts and
            // members are full-text search's (issue 44).
            <Link
              to={paths.search(filters.search)}
              className="w-fit text-primary text-sm underline-offset-4 hover:underline"
            >
              Search everything for “{filters.search}”
            </Link>
          ) : null}
        </div>

        {discussions.isPending ? (
          <ul aria-label="Loading discussions" className="flex flex-col gap-2">
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <li key={index}>
                <DiscussionCardSkeleton />
              </li>
            ))}
          </ul>
        ) : missing ? (
          <div className="flex flex-col items-center gap-3 py-12 text-center">
            <p className="font-medium">{missing}</p>
            <Button variant="outline" onClick={clearAll}>
              Clear search and filters
            </Button>
          </div>
        ) : discussions.isError && list.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-12 text-center">
            <p className="text-muted-foreground">Failed to load discussions.</p>
            <Button variant="outline" onClick={() => void discussions.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <DiscussionsEmptyState filtered={summary !== null} onClear={clearAll} />
        ) : (
          <ul aria-label="Discussions" className="flex flex-col gap-2">
            {list.map((discussion) => (
              <DiscussionCard
                key={discussion.id}
                discussion={discussion}
                canModerate={canModerate}
              />
            ))}
          </ul>
        )}

        {discussions.hasNextPage ? (
          <LoadMore
            loading={discussions.isFetchingNextPage}
            onLoadMore={() => void discussions.fetchNextPage()}
          />
        ) : null}
      </section>
    </div>
  );
}
