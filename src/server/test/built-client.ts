// A built client of one page for tests that serve pages: `html` as index.html, as
// lib/static-files.ts loads it from dist/client.
import type { StaticFile } from "@/server/lib/static-files";

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
