// The API answers a page shows first, named in a `Link: rel=preload` header on its HTML: the
// browser fetches them while it downloads the scripts, instead of after the page's code has
// run (docs/decisions/010-preload-page-data.md). Each URL must be exactly the one the page's
// own fetch asks for (src/client/features/*/api), or the browser fetches it twice:
// e2e/page-data-preloads.spec.ts checks that each of these pages asks for its data once.
// Filters in the address change what the page asks for, so a page with a query string gets
// no preload.

const DISCUSSION = /^\/discussion\/([^/]+)$/;
const PROFILE = /^\/profile\/([^/]+)$/;

/** The same-origin API URLs `pathname` fetches on its first render, without a query string. */
export function pageDataPreloads(pathname: string, search: string): string[] {
  if (search && search !== "?") return [];
  if (pathname === "/discussion") return ["/api/discussions"];
  if (pathname === "/members") return ["/api/members/stats", "/api/members?sort=recent&role=all"];
  const discussion = DISCUSSION.exec(pathname)?.[1];
  if (discussion) return [`/api/discussions/${reencode(discussion)}`];
  const profile = PROFILE.exec(pathname)?.[1];
  if (profile && profile !== "edit") return [`/api/profiles/${reencode(profile)}`];
  return [];
}

/** A path segment as the client's `encodeURIComponent(id)` spells it. */
function reencode(segment: string): string {
  try {
    return encodeURIComponent(decodeURIComponent(segment));
  } catch {
    return encodeURIComponent(segment);
  }
}

/** The `Link` header value for `urls`: fetch preloads in the page's own credentials mode. */
export function preloadLinkHeader(urls: string[]): string {
  return urls.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=anonymous`).join(", ");
}
