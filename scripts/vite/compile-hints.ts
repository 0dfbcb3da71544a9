// V8's explicit compile hints (https://v8.dev/blog/explicit-compile-hints, Chrome 136): a script
// whose first line is `//# allFunctionsCalledOnLoad` has every function compiled as it streams
// in, on a background thread, instead of each one on the main thread the first time it is
// called. The code every server-rendered page runs to start (the entry, React, the router, the
// layout: the entry's static imports) is called almost whole before the page can answer a tap,
// so its lazy compiling was main-thread time in the one long task a phone runs after the first
// paint (bench/RESULTS.md §42). Lazy chunks keep the default: much of a page's chunk (its forms,
// its dialogs) runs only when used. Browsers without the hint read a comment.
import type { OutputBundle, OutputChunk } from "rolldown";
import type { Plugin } from "vite";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

// The entry itself and the bundler's runtime compile in no time; the hint costs each file
// about 28 bytes gzipped, and the home page has next to none to spare (bench/budget.test.ts).
const SMALLEST_HINTED_BYTES = 8 * 1024;

/** The entry chunks and everything they import statically: what every page runs to start. */
export function firstLoadChunks(bundle: OutputBundle): OutputChunk[] {
  const chunks = new Map(
    Object.values(bundle)
      .filter((output): output is OutputChunk => output.type === "chunk")
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const found = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = chunks.get(name);
      if (imported) visit(imported);
    }
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk);
  return [...found.values()];
}

/** Puts the hint at the top of the first-load chunks worth it; returns their file names. */
export function hintFirstLoadChunks(bundle: OutputBundle): string[] {
  const hinted: string[] = [];
  for (const chunk of firstLoadChunks(bundle)) {
    if (chunk.code.length < SMALLEST_HINTED_BYTES) continue;
    if (!chunk.code.startsWith(COMPILE_HINT)) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
    hinted.push(chunk.fileName);
  }
  return hinted;
}

/** Hints the bundle once it is minified (a minifier drops comments). */
export function compileHintsPlugin(): Plugin {
  return {
    name: "rant:compile-hints",
    apply: "build",
    enforce: "post",
    generateBundle: {
      // After Vite's own, which puts its table of lazy chunks' files first in a chunk.
      order: "post",
      handler(_options, bundle) {
        hintFirstLoadChunks(bundle as unknown as OutputBundle);
      },
    },
  };
}
