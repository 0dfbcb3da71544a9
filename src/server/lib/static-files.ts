// The built client, held in memory with its gzip and brotli variants: the files are few and
// small, and every request is then a map lookup. The build writes both variants beside its
// files (`x.js.gz` by Zopfli, smaller than zlib's; `x.js.br`; decision 044), so the server
// starts without compressing; each is sent when it holds the file's bytes, and never served
// as a file of its own. Files without them (the public folder's, a test's) are compressed here.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from "node:zlib";
import { COMPRESS_THRESHOLD_BYTES, preferredEncoding } from "./content-encoding";

export type StaticFile = {
  body: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
  contentType: string;
  etag: string;
  /** Vite puts content-hashed files under /assets/: they never change, so cache them forever. */
  immutable: boolean;
};

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return (
    entries
      // Dot files are the build's own (scripts/build-if-needed.ts's stamp), not the site's.
      .filter((entry) => entry.isFile() && !entry.name.startsWith("."))
      .map((entry) => path.join(entry.parentPath, entry.name))
  );
}

/** The variants the build writes beside a file, and how to read each back. */
const BUILT_VARIANTS = { ".gz": gunzipSync, ".br": brotliDecompressSync } as const;
type Variant = keyof typeof BUILT_VARIANTS;

const isBuiltVariant = (file: string, names: Set<string>) =>
  Object.keys(BUILT_VARIANTS).some(
    (suffix) => file.endsWith(suffix) && names.has(file.slice(0, -suffix.length)),
  );

/** The build's `variant` of `body`, if it wrote one and it still holds `body`'s bytes. */
async function builtVariantOf(
  file: string,
  body: Buffer,
  names: Set<string>,
  variant: Variant,
): Promise<Buffer | null> {
  if (!names.has(file + variant)) return null;
  const compressed = await readFile(file + variant);
  try {
    // A client edited after its build would otherwise be sent as it was.
    return BUILT_VARIANTS[variant](compressed).equals(body) ? compressed : null;
  } catch {
    return null;
  }
}

export async function loadStaticFiles(directory: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  const names = new Set(await listFiles(directory));
  for (const file of names) {
    if (isBuiltVariant(file, names)) continue;
    const body = await readFile(file);
    const urlPath = `/${path.relative(directory, file).split(path.sep).join("/")}`;
    const contentType = CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream";
    const compress = COMPRESSIBLE.test(contentType) && body.length >= COMPRESS_THRESHOLD_BYTES;
    files.set(urlPath, {
      body,
      gzip: compress
        ? ((await builtVariantOf(file, body, names, ".gz")) ?? gzipSync(body, { level: 9 }))
        : undefined,
      brotli: compress
        ? ((await builtVariantOf(file, body, names, ".br")) ??
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
        : undefined,
      contentType,
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      immutable: urlPath.startsWith("/assets/"),
    });
  }
  return files;
}

/** A response for `file`, compressed as the client accepts. */
export function staticResponse(file: StaticFile, request: Request, status = 200): Response {
  const headers = new Headers({
    "content-type": file.contentType,
    etag: file.etag,
    vary: "accept-encoding",
    "cache-control": file.immutable ? "public, max-age=31536000, immutable" : "no-cache",
  });
  if (request.headers.get("if-none-match") === file.etag && status === 200) {
    return new Response(null, { status: 304, headers });
  }
  const encoding = preferredEncoding(request.headers.get("accept-encoding") ?? undefined, [
    ...(file.brotli ? (["br"] as const) : []),
    ...(file.gzip ? (["gzip"] as const) : []),
  ]);
  const body =
    (encoding === "br" ? file.brotli : encoding === "gzip" ? file.gzip : undefined) ?? file.body;
  if (encoding) headers.set("content-encoding", encoding);
  return new Response(request.method === "HEAD" ? null : new Uint8Array(body), { status, headers });
}

/** The built page every HTML answer starts from (index.html), or "" without a built client. */
export function shellOf(files: Map<string, StaticFile> | undefined): string {
  return files?.get("/index.html")?.body.toString("utf8") ?? "";
}
