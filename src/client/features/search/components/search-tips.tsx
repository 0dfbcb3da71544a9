import { Fragment } from "react";

// The query language (websearch_to_tsquery's and src/shared/search-query.ts's operators), as a
// person would type it.
const TIPS: ReadonlyArray<readonly [example: string, meaning: string]> = [
  ['"exact phrase"', "these words, in this order"],
  ["cats or dogs", "either word"],
  ["-word", "leave out what has this word"],
  ["author:name", "written by this member"],
  ["category:slug", "in this category"],
  ["tag:name", "with this tag"],
  ["before:2026-01-31", "posted before this day"],
  ["after:2026-01-01", "posted on this day or later"],
];

/** What the search understands besides words, shown while nothing is searched. */
export function SearchTips() {
  return (
    <section aria-labelledby="search-tips" className="flex max-w-2xl flex-col gap-3">
      <h2 id="search-tips" className="font-bold text-xl">
        Search tips
      </h2>
      <p className="text-muted-foreground text-sm">
        Every word you type must match, in discussions and their replies, blog posts and public
        member profiles. It also understands:
      </p>
      <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-1.5 text-sm">
        {TIPS.map(([example, meaning]) => (
          <Fragment key={example}>
            <dt>
              <code className="rounded-sm bg-muted px-1.5 py-0.5 font-mono">{example}</code>
            </dt>
            <dd className="text-muted-foreground">{meaning}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
