// The server fills in the site name (SITE_NAME) as the suffix of the shell's <title>, e.g.
// "Discussion forum · Rant Community", or the whole title on the home page.
const FALLBACK_SITE_NAME = "Rant Community";
export const TITLE_SEPARATOR = " · ";

function readSiteName(): string {
  const title = typeof document === "undefined" ? "" : document.title;
  return title.split(TITLE_SEPARATOR).at(-1)?.trim() || FALLBACK_SITE_NAME;
}

export const siteName = readSiteName();
