import type { ReactNode } from "react";
import { Link } from "@/client/components/link";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { paths } from "@/client/lib/paths";
import type { SearchResponse } from "@/shared/search";
import { BlogPostHit } from "./blog-post-hit";
import { DiscussionHit } from "./discussion-hit";
import { MemberHit } from "./member-hit";

type SearchResultsProps = { results: SearchResponse; page: number };

/** "Did you mean …?": the suggested query, searched by a link (which works without scripts). */
function DidYouMean({ suggestion }: { suggestion: string | null }) {
  if (!suggestion) return null;
  return (
    <p>
      Did you mean{" "}
      <Link
        to={paths.search(suggestion)}
        className="font-semibold text-primary underline underline-offset-2 hover:text-primary-hover"
      >
        {suggestion}
      </Link>
      ?
    </p>
  );
}

function ResultsSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <h2 id={id} className="font-bold text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Links to the previous and the next page of discussions: real links, for every reader. */
function PageLinks({
  query,
  page,
  nextPage,
}: {
  query: string;
  page: number;
  nextPage: number | null;
}) {
  if (page === 1 && nextPage === null) return null;
  return (
    <nav aria-label="Result pages" className="flex flex-wrap justify-between gap-3">
      {page > 1 ? (
        <Link to={paths.search(query, page - 1)} className={buttonVariants({ variant: "outline" })}>
          Previous results
        </Link>
      ) : null}
      {nextPage !== null ? (
        <Link
          to={paths.search(query, nextPage)}
          className={`${buttonVariants({ variant: "outline" })} ml-auto`}
        >
          More results
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * One page of results: discussions, then (on the first page) blog posts and members beside
 * them; or what to try when nothing matched.
 */
export function SearchResults({ results, page }: SearchResultsProps) {
  const { query, discussions, blogPosts, members, suggestion, nextPage, capped } = results;
  if (discussions.length + blogPosts.length + members.length === 0) {
    return (
      <div className="flex flex-col gap-2">
        <p className="font-medium text-lg">
          {page > 1 ? `No more results for “${query}”.` : `No results for “${query}”.`}
        </p>
        <DidYouMean suggestion={suggestion} />
        {page > 1 ? (
          <p>
            <Link to={paths.search(query)} className="text-primary underline underline-offset-2">
              Back to the first results
            </Link>
          </p>
        ) : (
          <p className="text-muted-foreground text-sm">
            Check the spelling, try other words, or use fewer of them.
          </p>
        )}
      </div>
    );
  }

  const side = blogPosts.length + members.length > 0;
  return (
    <div className="flex flex-col gap-6">
      {suggestion || capped ? (
        <div className="flex flex-col gap-1">
          <DidYouMean suggestion={suggestion} />
          {capped ? (
            <p className="text-muted-foreground text-sm">
              Many posts match: showing the best of the newest ones. Add a word to narrow it down.
            </p>
          ) : null}
        </div>
      ) : null}
      <div className={side ? "grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]" : "grid max-w-4xl"}>
        <ResultsSection id="search-discussions" title="Discussions">
          {discussions.length ? (
            <ul className="flex flex-col gap-2">
              {discussions.map((hit) => (
                <DiscussionHit key={hit.id} hit={hit} />
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground text-sm">No discussion matches “{query}”.</p>
          )}
          <PageLinks query={query} page={page} nextPage={nextPage} />
        </ResultsSection>
        {side ? (
          <div className="flex min-w-0 flex-col gap-8">
            {blogPosts.length ? (
              <ResultsSection id="search-blog-posts" title="Blog posts">
                <ul className="flex flex-col gap-2">
                  {blogPosts.map((hit) => (
                    <BlogPostHit key={hit.id} hit={hit} />
                  ))}
                </ul>
              </ResultsSection>
            ) : null}
            {members.length ? (
              <ResultsSection id="search-members" title="Members">
                <ul className="flex flex-col gap-2">
                  {members.map((hit) => (
                    <MemberHit key={hit.id} hit={hit} />
                  ))}
                </ul>
              </ResultsSection>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
