// What the server's render hands the browser in <script type="application/json" id="ssr-data">
// (docs/decisions/025): the query cache it rendered with, the lazy components it rendered and
// its clock. Written by src/server/ssr/render-page.tsx, read by main.tsx.
import type { DehydratedState } from "@tanstack/react-query";

export const SSR_DATA_ELEMENT_ID = "ssr-data";

/** A failed query the page rendered (a 404), revived as an ApiError in the browser. */
export type SsrQueryError = { status: number; code: string; message: string };

export type SsrData = {
  queries: DehydratedState;
  lazy: string[];
  /** The server's clock when it rendered (ms since the epoch). */
  renderedAt: number;
};
