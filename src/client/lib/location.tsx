// Where the app is and how it moves (docs/decisions/041). wouter matches the routes; the
// address it matches lives here, in React state that every navigation sets inside a
// transition: the page on screen stays, and stays live, while the next page's code loads,
// instead of flashing its fallback (a location kept in a useSyncExternalStore store, wouter's
// own, renders each navigation at once). The hooks keep the names and meanings the pages used
// with React Router.
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
import { matchRoute, Router } from "wouter";

export { useParams } from "wouter";

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

type LocationState = { place: Place; type: NavigationType; navigate: Navigator };

const LocationContext = createContext<LocationState | null>(null);

function useLocationState(): LocationState {
  const state = useContext(LocationContext);
  if (!state) throw new Error("useLocation() needs a location provider above it");
  return state;
}

/** "/a?b#c" (or a whole URL) into its parts. */
function placeOf(href: string, key: string): Place {
  const url = new URL(href, "http://site.invalid");
  return { pathname: url.pathname, search: url.search, hash: url.hash, key };
}

// wouter reads the address through these: the path for matching, the search for its own hooks.
const wouterHook = () => {
  const { place, navigate } = useLocationState();
  return [place.pathname, navigate] as [string, Navigator];
};
const wouterSearchHook = () => useLocationState().place.search;

function Provider({ state, children }: { state: LocationState; children: ReactNode }) {
  return (
    <LocationContext value={state}>
      <Router hook={wouterHook} searchHook={wouterSearchHook}>
        {children}
      </Router>
    </LocationContext>
  );
}

/** The key of a history entry we made; an entry we did not make (the first page) has none. */
function entryKey(): string {
  const state: unknown = window.history.state;
  return state && typeof state === "object" && "key" in state && typeof state.key === "string"
    ? state.key
    : "default";
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** The browser's address bar and history. */
export function BrowserLocation({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState(() => ({
    place: placeOf(window.location.href, entryKey()),
    type: "POP" as NavigationType,
  }));
  const navigate = useMemo<Navigator>(
    () => (to, options) => {
      const key = newKey();
      const type: NavigationType = options?.replace ? "REPLACE" : "PUSH";
      if (type === "PUSH") window.history.pushState({ key }, "", to);
      else window.history.replaceState({ key }, "", to);
      startTransition(() => setCurrent({ place: placeOf(window.location.href, key), type }));
    },
    [],
  );
  useEffect(() => {
    const popped = () =>
      startTransition(() =>
        setCurrent({ place: placeOf(window.location.href, entryKey()), type: "POP" }),
      );
    window.addEventListener("popstate", popped);
    return () => window.removeEventListener("popstate", popped);
  }, []);
  const state = useMemo(() => ({ ...current, navigate }), [current, navigate]);
  return <Provider state={state}>{children}</Provider>;
}

function refusedOnServer(): never {
  throw new Error("A server render cannot navigate");
}

/** One fixed address ("/path?query"): the server's render of a request. */
export function StaticLocation({ location, children }: { location: string; children: ReactNode }) {
  const state = useMemo(
    () => ({
      place: placeOf(location, "default"),
      type: "POP" as const,
      navigate: refusedOnServer,
    }),
    [location],
  );
  return <Provider state={state}>{children}</Provider>;
}

/** An address kept in memory, which navigations change: for tests. */
export function MemoryLocation({
  initial = "/",
  children,
}: {
  initial?: string;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState({
    place: placeOf(initial, "default"),
    type: "POP" as NavigationType,
  });
  const state = useMemo(
    () => ({
      ...current,
      navigate: ((to, options) =>
        setCurrent({
          place: placeOf(to, newKey()),
          type: options?.replace ? "REPLACE" : "PUSH",
        })) as Navigator,
    }),
    [current],
  );
  return <Provider state={state}>{children}</Provider>;
}

export function useLocation(): Place {
  return useLocationState().place;
}

export function useNavigationType(): NavigationType {
  return useLocationState().type;
}

/** Opens a path of this site; stable across renders. */
export function useNavigate(): Navigator {
  return useLocationState().navigate;
}

type SearchParamsUpdate = Record<string, string> | ((current: URLSearchParams) => URLSearchParams);

/** The address's query, and a way to change it on the same path (the hash goes). */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchParamsUpdate, options?: NavigateOptions) => void,
] {
  const { place, navigate } = useLocationState();
  const params = useMemo(() => new URLSearchParams(place.search), [place.search]);
  const setParams = useMemo(
    () => (next: SearchParamsUpdate, options?: NavigateOptions) => {
      const query = new URLSearchParams(
        typeof next === "function" ? next(new URLSearchParams(place.search)) : next,
      ).toString();
      navigate(`${place.pathname}${query ? `?${query}` : ""}`, options);
    },
    [place.pathname, place.search, navigate],
  );
  return [params, setParams];
}

/** Goes to `to` once rendered in the browser (a redirect); the server's render does nothing. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one redirect, when it first shows.
  useEffect(() => {
    navigate(to, { replace });
  }, []);
  return null;
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
