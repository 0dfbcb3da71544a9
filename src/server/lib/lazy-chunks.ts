// The files each lazy component's code needs, as the build wrote them (scripts/vite/lazy-chunks.ts,
// docs/decisions/089): a page the server rendered names the ones its lazy components need in its
// head, so the browser fetches them beside the entry instead of a round trip after it.
import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * The map's file in the client's build directory: a dot file, which the server never serves
 * (lib/static-files.ts).
 */
export const LAZY_CHUNKS_FILE = ".lazy-chunks.json";

/** A lazy component's name → its chunk's files, relative to the client's root (`assets/x.js`). */
export type LazyChunks = Readonly<Record<string, readonly string[]>>;

/** The build's map; none for a client built without it (the pages then load as before). */
export async function readLazyChunks(clientDir: string): Promise<LazyChunks> {
  try {
    return JSON.parse(await readFile(path.join(clientDir, LAZY_CHUNKS_FILE), "utf8")) as LazyChunks;
  } catch {
    return {};
  }
}

/**
 * `<link rel="modulepreload">` for the files the named lazy components need that `html` does not
 * already name, as Vite writes the entry's (with `crossorigin`: a module's request mode).
 */
export function lazyChunkPreloads(
  lazyChunks: LazyChunks,
  names: readonly string[],
  html: string,
): string {
  const files = new Set(names.flatMap((name) => lazyChunks[name] ?? []));
  return [...files]
    .map((file) => `/${file}`)
    .filter((href) => !html.includes(`href="${href}"`))
    .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
    .join("");
}
