// What the server's render hands the browser in <script type="application/json" id="ssr-data">
// (docs/decisions/025): the queries it rendered with, the lazy components it rendered and its
// clock. Written by src/server/ssr/render-page.tsx, read by main.tsx.
import type { QueryKey, QueryState } from "@tanstack/react-query";
import type { PageForms } from "@/shared/public-forms";

export const SSR_DATA_ELEMENT_ID = "ssr-data";

/** A failed query the page rendered (a 404), revived as an ApiError in the browser. */
export type SsrQueryError = { status: number; code: string; message: string };

/** One query of the server's cache, in the state it rendered with. */
export type SsrQuery = {
  queryKey: QueryKey;
  queryHash: string;
  /** Its `error` is null here: an Error has no JSON form, `error` below carries it. */
  state: QueryState<unknown, Error>;
  error?: SsrQueryError;
};

export type SsrData = {
  queries: SsrQuery[];
  lazy: string[];
  /** The server's clock when it rendered (ms since the epoch). */
  renderedAt: number;
  /** The page's form token and the form post it answers (docs/decisions/061); absent: none. */
  forms?: PageForms;
};
