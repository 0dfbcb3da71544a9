// The server fills in the site name (SITE_NAME) as the suffix of the shell's <title>, e.g.
// "Discussion forum · Rant Community", or the whole title on the home page. The server's own
// render provides it through the context (docs/decisions/025).
import { createContext, useContext } from "react";

const FALLBACK_SITE_NAME = "Rant Community";
export const TITLE_SEPARATOR = " · ";

function readSiteName(): string {
  const title = typeof document === "undefined" ? "" : document.title;
  return title.split(TITLE_SEPARATOR).at(-1)?.trim() || FALLBACK_SITE_NAME;
}

export const SiteNameContext = createContext(readSiteName());

export function useSiteName(): string {
  return useContext(SiteNameContext);
}
