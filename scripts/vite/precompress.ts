// The built client's gzip variants are made once, here, with Zopfli: a gzip encoder that searches
// far harder than zlib's level 9 and writes the same format, about 3% smaller for our scripts
// (docs/decisions/044). Too slow to run as the server starts (seconds for the whole client), it
// runs as the build writes its files; each `x.js` gets an `x.js.gz` beside it, which the server
// sends to browsers asking for gzip (src/server/lib/static-files.ts).
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { gzipAsync } from "@gfx/zopfli";
import type { Plugin } from "vite";

/** What the server compresses (static-files.ts COMPRESSIBLE): text, by its extension. */
const COMPRESSIBLE_FILE = /\.(html|js|css|json|svg|txt|xml|webmanifest)$/;

/** Below this the server sends the file as it is. */
export const MIN_COMPRESSED_BYTES = 512;

// Zopfli's default is 15; past 5 the client gains under 0.1 KB in all and the build a second.
const ITERATIONS = 5;

export function precompressPlugin(): Plugin {
  return {
    name: "rant:precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      const writes = Object.values(bundle)
        .filter((output) => COMPRESSIBLE_FILE.test(output.fileName))
        .map(async (output) => {
          const body = output.type === "chunk" ? output.code : output.source;
          const bytes = typeof body === "string" ? Buffer.from(body) : body;
          if (bytes.length <= MIN_COMPRESSED_BYTES) return;
          const gzip = await gzipAsync(bytes, { numiterations: ITERATIONS });
          await writeFile(path.join(outDir, `${output.fileName}.gz`), gzip);
        });
      await Promise.all(writes);
    },
  };
}
