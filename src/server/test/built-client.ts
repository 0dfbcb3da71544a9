// A built client of one page for tests that serve pages: `html` as index.html, as
// lib/static-files.ts loads it from dist/client.
import type { StaticFile } from "@/server/lib/static-files";

/** A shell like the built index.html: a title, a description, the root and the entry script. */
export const TEST_SHELL =
  '<!doctype html><html lang="en"><head><title>Rant Community</title>' +
  '<meta name="description" content="x"></head><body><div id="root"></div>' +
  '<script type="module" src="/assets/main.js"></script></body></html>';

export function builtClient(html: string): Map<string, StaticFile> {
  return new Map([
    [
      "/index.html",
      {
        body: Buffer.from(html),
        contentType: "text/html; charset=utf-8",
        etag: '"s"',
        immutable: false,
      },
    ],
  ]);
}
