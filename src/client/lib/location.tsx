// Where the app is and how it moves (docs/decisions/041). wouter matches the routes and ships the
// hooks (useSearchParams, useParams, Redirect, ssrPath for the server; a test that navigates
// takes wouter/memory-location); what is ours is the browser's address kept in React state that
// every navigation sets inside a transition, so the page on screen stays, and stays live, while
// the next page's code loads (wouter's own browser location, a useSyncExternalStore store,
// renders each navigation at once).
import {
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { parse as parsePattern } from "regexparam";
import { matchRoute, Router, useRouter, useLocation as useWouterLocation } from "wouter";

export { Redirect, useParams, useSearchParams } from "wouter";

export type Place = {
  pathname: string;
  /** With its "?", or empty. */
  search: string;
  /** With its "#", or empty. */
  hash: string;
  /** Different for every navigation, the same again for one revisited through the history. */
  key: string;
};

/** How the current place was reached: a link or a redirect (PUSH, REPLACE), or back/forward. */
export type NavigationType = "POP" | "PUSH" | "REPLACE";

export type NavigateOptions = { replace?: boolean };

type Navigator = (to: string, options?: NavigateOptions) => void;

/** What only the browser's history knows; a server render is always at its first place. */
type Navigation = { hash: string; key: string; type: NavigationType };

const FIRST_PLACE: Navigation = { hash: "", key: "default", type: "POP" };
const NavigationContext = createContext<Navigation>(FIRST_PLACE);

// wouter's useSearch (and so its useSearchParams) runs decodeURI over the query before parsing
// it, so `?q=%2541` would read as "A", not "%41". Every location here hands wouter its query
// with each "%" written "%25", which that decodeURI turns back: the parse sees the raw query.
const escapePercents = (search: string) => search.replaceAll("%", "%25");
const unescapePercents = (search: string) => search.replaceAll("%25", "%");

/** "/a?b#c" (or a whole URL) into its parts. */
function placeOf(href: string): { pathname: string; search: string; hash: string } {
  const url = new URL(href, "http://site.invalid");
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

type BrowserState = { place: Place; type: NavigationType; navigate: Navigator };

const BrowserStateContext = createContext<BrowserState | null>(null);

function useBrowserState(): BrowserState {
  const state = useContext(BrowserStateContext);
  if (!state) throw new Error("The transition location needs BrowserLocation above it");
  return state;
}

// wouter reads the browser's address through these: the path for matching, the query for its hooks.
const transitionLocation = () => {
  const { place, navigate } = useBrowserState();
  return [place.pathname, navigate] as [string, Navigator];
};
const transitionSearch = () => escapePercents(useBrowserState().place.search);

/** The key of a history entry we made; an entry we did not make (the first page) has none. */
function entryKey(): string {
  const state: unknown = window.history.state;
  return state && typeof state === "object" && "key" in state && typeof state.key === "string"
    ? state.key
    : "default";
}

/**
 * The address ("/path?query") the reader was on when they opened this history entry by a link
 * of the app, or null (opened directly, or by a link from elsewhere). A page's own `Back` uses it
 * to go back to where the reader was rather than to a fixed page (docs/decisions/062).
 */
export function previousPlace(): string | null {
  const state: unknown = window.history.state;
  return state && typeof state === "object" && "from" in state && typeof state.from === "string"
    ? state.from
    : null;
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** The browser's address bar and history. */
export function BrowserLocation({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState(() => ({
    place: { ...placeOf(window.location.href), key: entryKey() },
    type: "POP" as NavigationType,
  }));
  const navigate = useMemo<Navigator>(
    () => (to, options) => {
      const key = newKey();
      const type: NavigationType = options?.replace ? "REPLACE" : "PUSH";
      // A replaced entry keeps where it was opened from.
      const from =
        type === "PUSH" ? `${window.location.pathname}${window.location.search}` : previousPlace();
      if (type === "PUSH") window.history.pushState({ key, from }, "", to);
      else window.history.replaceState({ key, from }, "", to);
      startTransition(() => setCurrent({ place: { ...placeOf(window.location.href), key }, type }));
    },
    [],
  );
  useEffect(() => {
    const popped = () =>
      startTransition(() =>
        setCurrent({ place: { ...placeOf(window.location.href), key: entryKey() }, type: "POP" }),
      );
    window.addEventListener("popstate", popped);
    return () => window.removeEventListener("popstate", popped);
  }, []);
  const state = useMemo(() => ({ ...current, navigate }), [current, navigate]);
  const navigation = useMemo(
    () => ({ hash: current.place.hash, key: current.place.key, type: current.type }),
    [current],
  );
  return (
    <BrowserStateContext value={state}>
      <NavigationContext value={navigation}>
        <Router hook={transitionLocation} searchHook={transitionSearch}>
          {children}
        </Router>
      </NavigationContext>
    </BrowserStateContext>
  );
}

/** One fixed address ("/path?query"): the server's render of a request (wouter's ssrPath). */
export function StaticLocation({ location, children }: { location: string; children?: ReactNode }) {
  const { pathname, search } = placeOf(location);
  return (
    <Router ssrPath={pathname} ssrSearch={escapePercents(search.slice(1))}>
      {children}
    </Router>
  );
}

export function useLocation(): Place {
  const router = useRouter();
  const [pathname] = router.hook(router);
  const query = unescapePercents(router.searchHook(router)).replace(/^\?/, "");
  const { hash, key } = useContext(NavigationContext);
  return { pathname, search: query ? `?${query}` : "", hash, key };
}

export function useNavigationType(): NavigationType {
  return useContext(NavigationContext).type;
}

/** Opens a path of this site; stable across renders. */
export function useNavigate(): Navigator {
  return useWouterLocation()[1];
}

/**
 * The named parameters of `pattern` ("/discussion/:id") in `pathname`, decoded as the pages get
 * them from useParams(), or null when it does not match.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const [matches, params] = matchRoute(parsePattern, pattern, decodedPath(pathname));
  return matches ? (params as Record<string, string>) : null;
}

/** As wouter decodes the address before matching. */
function decodedPath(pathname: string): string {
  try {
    return pathname.includes("%") ? decodeURI(pathname) : pathname;
  } catch {
    return pathname;
  }
}
