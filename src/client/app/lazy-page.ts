import type { ComponentType, FunctionComponent } from "react";
import { lazyComponent } from "@/client/lib/lazy-component";

/**
 * A page whose code downloads on first visit, keeping the home page's bundle small.
 * `load` imports the page module; `name` picks its named export. The server renders it, and the
 * browser loads it before hydrating (lib/lazy-component.ts).
 */
export function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): FunctionComponent {
  return lazyComponent(load, name);
}
