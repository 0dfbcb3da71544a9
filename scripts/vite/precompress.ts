// The built client's compressed variants are made once, here, as the build writes its files:
// each `x.js` gets an `x.js.gz` and an `x.js.br` beside it, which the server sends to browsers
// asking for gzip or brotli (src/server/lib/static-files.ts, docs/decisions/044). The gzip is
// Zopfli's: an encoder that searches far harder than zlib's level 9 and writes the same
// format, about 3% smaller for our scripts, and too slow (seconds for the whole client) to run
// as the server starts. Brotli at its highest quality was made at start-up before: a second or
// two of every start.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import type { Plugin } from "vite";
import { COMPRESS_THRESHOLD_BYTES } from "../../src/server/lib/content-encoding";

/** What the server compresses (static-files.ts COMPRESSIBLE): text, by its extension. */
const COMPRESSIBLE_FILE = /\.(html|js|css|json|svg|txt|xml|webmanifest)$/;

// Zopfli's default is 15; past 5 the client gains under 0.1 KB in all and the build a second.
const ITERATIONS = 5;

const brotli = promisify(brotliCompress);
const quickGzip = promisify(gzip);

/**
 * The gzip variant a production build writes for `bytes`, or undefined for a file too small
 * to get one. The page-weight budget measures with it whatever the build (decision 055).
 */
export async function productionGzip(bytes: Uint8Array): Promise<Uint8Array | undefined> {
  if (bytes.length < COMPRESS_THRESHOLD_BYTES) return undefined;
  return gzipAsync(bytes, { numiterations: ITERATIONS });
}

/**
 * `fast`: a build for the tests (scripts/build-if-needed.ts --for-tests), compressed at zlib's
 * and brotli's quick levels: Zopfli and brotli 11 were most of the build's time. The server
 * sends the same formats; only the sizes differ, and the budget test compresses what it
 * measures at the production settings (decision 055).
 */
export function precompressPlugin({ fast = false }: { fast?: boolean } = {}): Plugin {
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
          // Below this the server sends the file as it is.
          if (bytes.length < COMPRESS_THRESHOLD_BYTES) return;
          const file = path.join(outDir, output.fileName);
          const [gzipped, br] = await Promise.all([
            fast ? quickGzip(bytes) : productionGzip(bytes),
            brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: fast ? 4 : 11 } }),
          ]);
          await Promise.all([
            writeFile(`${file}.gz`, gzipped as Uint8Array),
            writeFile(`${file}.br`, br),
          ]);
        });
      await Promise.all(writes);
    },
  };
}
