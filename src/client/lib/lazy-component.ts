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

/** Loads every lazy component defined so far (the server tests' setup, vitest.setup.ts). */
export async function preloadLazyComponents(): Promise<void> {
  await Promise.all([...loaders.values()].map((load) => load()));
}

/** The loader of the lazy component named `name`, once the code that defines it has run. */
export function lazyLoader(name: string): Loader | undefined {
  return loaders.get(name);
}
