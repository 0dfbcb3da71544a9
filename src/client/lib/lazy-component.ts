// Components whose code downloads when they first render, like React.lazy, but which the server
// renderer can name and the browser can load before it hydrates (docs/decisions/025): a lazy
// component that is still loading while React hydrates would leave the server's HTML in limbo,
// and an update reaching it then would make React throw that HTML away.
import {
  type ComponentType,
  createContext,
  createElement,
  type FunctionComponent,
  use,
  useContext,
} from "react";

type Loader = () => Promise<unknown>;

const loaders = new Map<string, Loader>();

/** On the server: the names of the lazy components a render used (written into the page). */
export const RenderedLazyComponents = createContext<Set<string> | null>(null);

/**
 * `load` imports the module; `name` is its export, and the component's name for the server and
 * the browser, so it must be unique among lazy components.
 */
export function lazyComponent<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): FunctionComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<unknown> | undefined;
  const preload = () => {
    pending ??= load().then((module) => {
      loaded = module[name];
    });
    return pending;
  };
  loaders.set(name, preload);
  function Lazy(props: P) {
    useContext(RenderedLazyComponents)?.add(name);
    if (!loaded) use(preload());
    return createElement(loaded as ComponentType<P>, props);
  }
  Lazy.displayName = name;
  return Lazy;
}

/**
 * Loads the named lazy components (those the server rendered). A lazy component inside another
 * one's code is known once that code has loaded, so this goes round until every name is loaded
 * or none of the rest is known (a name this build does not have is skipped).
 */
export async function preloadLazyComponents(names: readonly string[]): Promise<void> {
  const waiting = new Set(names);
  for (;;) {
    const known = [...waiting].filter((name) => loaders.has(name));
    if (known.length === 0) return;
    for (const name of known) waiting.delete(name);
    await Promise.all(known.map((name) => loaders.get(name)?.()));
  }
}
