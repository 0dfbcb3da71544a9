// The embedded database's settings that are the app's choice rather than PGlite's (decision
// 086). Only Node's own imports: scripts/build.ts reads this file with plain Node.
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * PostgreSQL's shared_buffers inside the embedded database, in MB. PGlite's own default is
 * PostgreSQL's 128MB, and PostgreSQL touches all of it at start: on a small server most of it
 * is memory a small site never reads back, and a page that misses comes from the operating
 * system's file cache. 64MB kept a restart's steady memory above 320 MB (decision 086).
 * PGLITE_SHARED_BUFFERS_MB overrides it.
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 32;

/**
 * A new data directory, as initdb leaves it, made by the build into dist/server/. A first start
 * loads it instead of running initdb: PGlite runs initdb in a second PGlite with a WebAssembly
 * module of its own, beside the first, the highest peak of the server's life. The file is named
 * for the PGlite that made it, so a different PGlite (an upgrade not yet built) never loads it.
 */
export const initdbDumpFile = (pgliteVersion: string) => `pglite-${pgliteVersion}-initdb.tar.gz`;

/** The installed PGlite's version, from its package.json (the package exports no version). */
export function pgliteVersion(root: string): string {
  const manifest = path.join(root, "node_modules/@electric-sql/pglite/package.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}
