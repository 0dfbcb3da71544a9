import type { OutputBundle, OutputChunk } from "rolldown";
import { describe, expect, it } from "vitest";
import { COMPILE_HINT, hintFirstLoadChunks } from "./compile-hints";

function chunk(fileName: string, bytes: number, imports: string[] = [], isEntry = false) {
  return { type: "chunk", fileName, code: "x".repeat(bytes), imports, isEntry } as OutputChunk;
}

// The shape of the client's build: a tiny entry that imports the app and React, the bundler's
// runtime, and the pages, which load with import() (not among any chunk's static imports).
function clientBundle(): OutputBundle {
  const chunks = [
    chunk("index.js", 50, ["client.js"], true),
    chunk("client.js", 40_000, ["vendor.js", "runtime.js"]),
    chunk("vendor.js", 260_000, ["runtime.js"]),
    chunk("runtime.js", 700),
    chunk("discussion-page.js", 45_000, ["vendor.js"]),
  ];
  return Object.fromEntries(chunks.map((each) => [each.fileName, each])) as OutputBundle;
}

const code = (bundle: OutputBundle, name: string) => (bundle[name] as OutputChunk).code;

describe("hintFirstLoadChunks", () => {
  it("hints the large chunks every page runs to start, at their first line", () => {
    const bundle = clientBundle();
    expect(hintFirstLoadChunks(bundle).sort()).toEqual(["client.js", "vendor.js"]);
    expect(code(bundle, "vendor.js").startsWith(`${COMPILE_HINT}\nxxx`)).toBe(true);
    expect(code(bundle, "client.js").startsWith(`${COMPILE_HINT}\nxxx`)).toBe(true);
  });

  it("leaves the pages' chunks, which run only in part on load, and the tiny ones", () => {
    const bundle = clientBundle();
    hintFirstLoadChunks(bundle);
    for (const name of ["discussion-page.js", "index.js", "runtime.js"]) {
      expect(code(bundle, name)).not.toContain(COMPILE_HINT);
    }
  });

  it("hints a chunk once however often it runs", () => {
    const bundle = clientBundle();
    hintFirstLoadChunks(bundle);
    hintFirstLoadChunks(bundle);
    expect(code(bundle, "vendor.js").split(COMPILE_HINT)).toHaveLength(2);
  });
});
