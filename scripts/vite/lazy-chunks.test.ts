// The build's map of each lazy component's files (decision 089), over a bundle shaped like the
// client's: an entry with its vendor chunk, pages as dynamic entries sharing chunks.
import type { Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { lazyChunks } from "./lazy-chunks";

function chunk(
  fileName: string,
  shape: { imports?: string[]; exports?: string[]; entry?: boolean; dynamic?: boolean },
) {
  return {
    type: "chunk",
    fileName,
    imports: shape.imports ?? [],
    exports: shape.exports ?? [],
    isEntry: shape.entry ?? false,
    isDynamicEntry: shape.dynamic ?? false,
  };
}

const bundle = Object.fromEntries(
  [
    chunk("assets/client-1.js", { entry: true, imports: ["assets/vendor-2.js"] }),
    chunk("assets/vendor-2.js", { exports: ["a", "b"] }),
    chunk("assets/discussions-page-3.js", {
      dynamic: true,
      imports: ["assets/vendor-2.js", "assets/cn-4.js"],
      exports: ["CategoryPage", "DiscussionsPage"],
    }),
    chunk("assets/cn-4.js", {
      imports: ["assets/vendor-2.js", "assets/merge-5.js"],
      exports: ["t"],
    }),
    chunk("assets/merge-5.js", { exports: ["m"] }),
    chunk("assets/tag-report-6.js", {
      dynamic: true,
      imports: ["assets/cn-4.js"],
      exports: ["TagReport"],
    }),
    { type: "asset", fileName: "assets/client-7.css" },
  ].map((output) => [output.fileName, output]),
) as unknown as Rolldown.OutputBundle;

describe("lazyChunks", () => {
  it("gives each export of a dynamic chunk that chunk and what it imports, less what the entry loads", () => {
    expect(lazyChunks(bundle)).toEqual({
      CategoryPage: ["assets/discussions-page-3.js", "assets/cn-4.js", "assets/merge-5.js"],
      DiscussionsPage: ["assets/discussions-page-3.js", "assets/cn-4.js", "assets/merge-5.js"],
      TagReport: ["assets/tag-report-6.js", "assets/cn-4.js", "assets/merge-5.js"],
    });
  });
});
