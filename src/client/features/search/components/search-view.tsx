import { useEffect, useRef } from "react";
import { PageHeading } from "@/client/components/page-heading";
import { Button } from "@/client/components/ui/button";
import { type SearchInput, useSearch } from "@/client/features/search/api/get-search";
import { ApiError } from "@/client/lib/api-client";
import { useNavigationType } from "@/client/lib/location";
import { SKELETON_CARDS } from "@/shared/constants";
import { SearchForm } from "./search-form";
import { SearchResults } from "./search-results";
import { SearchTips } from "./search-tips";

/** The message of a query the server refused (400) or of too many searches (429), else null. */
function refusal(error: Error | null): string | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : null;
}

/** A new query or page starts at the top: "More results" is a link at the bottom of the last. */
function useTopOnNewResults({ q, page }: SearchInput): void {
  const navigationType = useNavigationType();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: q and page are the trigger, not inputs.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigationType !== "POP") window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [q, page]);
}

function ResultsLoading() {
  return (
    <div role="status" className="flex flex-col gap-2">
      <span className="sr-only">Loading results...</span>
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          key={index}
          aria-hidden="true"
          className="h-28 animate-pulse rounded-xl border bg-muted/50 motion-reduce:animate-none"
        />
      ))}
    </div>
  );
}

/**
 * /search (issue 44): the form, then the results of the address's query; the operators while
 * nothing is searched, and the server's message beside the form when it refuses a query.
 */
export function SearchView({ input }: { input: SearchInput }) {
  const search = useSearch(input);
  const refused = refusal(search.error);
  useTopOnNewResults(input);

  return (
    <div className="flex flex-col gap-8">
      <div className="flex max-w-2xl flex-col gap-4">
        <PageHeading>Search</PageHeading>
        <SearchForm query={input.q} error={refused} />
      </div>
      {input.q === "" || refused ? (
        <SearchTips />
      ) : search.isPending ? (
        <ResultsLoading />
      ) : search.isError ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-muted-foreground">Failed to load the results.</p>
          <Button variant="outline" onClick={() => void search.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <SearchResults results={search.data} page={input.page} />
      )}
    </div>
  );
}
