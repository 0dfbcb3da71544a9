// The files each lazy component needs, for the server to name in a page's head (docs/decisions/089).
// A page the server rendered hydrates only once the code of every lazy component it rendered
// has loaded (src/client/app/hydrate-page.ts); the browser learns those files only when the
// entry has run and imports them, a round trip after the entry. Written here as
// `.lazy-chunks.json`, the server links them as `modulepreload` in the page it renders
// (src/server/lib/lazy-chunks.ts), and the browser fetches them beside the entry instead.
import type { Plugin, Rolldown } from "vite";
import { LAZY_CHUNKS_FILE } from "../../src/server/lib/lazy-chunks";

/**
 * Export name → the files its chunk needs, the chunk first, leaving out the entry and what it
 * imports (index.html already preloads those). A lazy component's name is its module's export
 * (src/client/lib/lazy-component.ts), and a dynamic import's chunk keeps its export names.
 */
export function lazyChunks(bundle: Rolldown.OutputBundle): Record<string, string[]> {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const output of Object.values(bundle)) {
    if (output.type === "chunk") chunks.set(output.fileName, output);
  }
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of chunks.get(file)?.imports ?? []) visit(next);
    };
    for (const file of start) visit(file);
    return seen;
  };
  const loadedByEntry = closure(
    [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName),
  );
  const map: Record<string, string[]> = {};
  for (const chunk of chunks.values()) {
    if (!chunk.isDynamicEntry) continue;
    const files = [...closure([chunk.fileName])].filter((file) => !loadedByEntry.has(file));
    for (const name of chunk.exports) {
      // Two dynamic chunks exporting one name: preloading both costs bytes, never a wrong page.
      map[name] = [...new Set([...(map[name] ?? []), ...files])];
    }
  }
  return map;
}

export function lazyChunksPlugin(): Plugin {
  return {
    name: "rant:lazy-chunks",
    apply: "build",
    generateBundle(_options, bundle) {
      this.emitFile({
        type: "asset",
        fileName: LAZY_CHUNKS_FILE,
        source: `${JSON.stringify(lazyChunks(bundle), null, 2)}\n`,
      });
    },
  };
}
