// The title of /search?q=… (issue 44): "Search: {q}", as the page itself sets it, and never
// indexed, like /search alone (lib/page-meta.ts). Read from the address as the page reads it.
import { searchInputFrom } from "@/client/features/search/hooks/use-search-input";
import { routePatterns } from "@/client/lib/paths";
import { fixedPageMeta, type PageMetaResolver } from "@/server/lib/page-meta";

export const searchPageMeta: PageMetaResolver = async (pathname, search = "") => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path !== routePatterns.search) return null;
  const { q } = searchInputFrom(new URLSearchParams(search));
  if (!q) return null;
  return { ...fixedPageMeta(path), title: `Search: ${q}` };
};
