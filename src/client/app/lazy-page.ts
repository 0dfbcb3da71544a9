import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * A page whose code downloads on first visit, keeping the home page's bundle small.
 * `load` imports the page module; `name` picks its named export.
 */
export function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}
