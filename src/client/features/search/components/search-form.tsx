import { type FormEvent, useEffect, useRef, useState } from "react";
import { SearchInput } from "@/client/components/search-input";
import { Button } from "@/client/components/ui/button";
import { useNavigate } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";
import { SEARCH_QUERY_MAX } from "@/shared/search-query";

const ERROR_ID = "search-error";

type SearchFormProps = {
  /** The query the page shows (from the address). */
  query: string;
  /** What the server said of it (too long, no word, a bad date, too many searches). */
  error: string | null;
};

/**
 * The page's search box: a plain GET form to /search, which works before and without the
 * scripts; with them, the page moves to the results without reloading.
 */
export function SearchForm({ query, error }: SearchFormProps) {
  const navigate = useNavigate();
  const [text, setText] = useState(query);
  // What this form last sent. The address changes at once, the page only when the navigation's
  // transition commits: a member who typed meanwhile keeps their words.
  const sent = useRef<string | null>(null);
  // The address changed (back, a "Did you mean" link): the box shows what is searched.
  useEffect(() => {
    const ours = sent.current === query;
    sent.current = null;
    if (!ours) setText(query);
  }, [query]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    sent.current = text.trim();
    const to = paths.search(text.trim());
    navigate(to, { replace: to === `${window.location.pathname}${window.location.search}` });
  };

  return (
    // <search> is the search landmark (role="search") without an ARIA attribute.
    <search aria-label="Search">
      <form action={paths.search()} method="get" onSubmit={submit} className="flex flex-col gap-2">
        <label htmlFor="search-query" className="sr-only">
          Search
        </label>
        <div className="flex gap-2">
          <SearchInput
            id="search-query"
            name="q"
            className="flex-1"
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={SEARCH_QUERY_MAX}
            placeholder="Search discussions, blog posts and members"
            autoComplete="off"
            enterKeyHint="search"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ERROR_ID : undefined}
          />
          <Button type="submit">Search</Button>
        </div>
        {error ? (
          <p id={ERROR_ID} role="alert" className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
      </form>
    </search>
  );
}
