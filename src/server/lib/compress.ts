// Gzip for text answers (JSON, HTML) to clients that accept it. Replaces hono/compress, which
// sets Vary after the handler on every compressible answer: that turns node-server's
// lightweight response (a string it writes in one go) into a web Response streamed chunk by
// chunk, even when nothing is compressed. Measured on the forum list at 100,000 discussions:
// bench/RESULTS.md. Here Vary goes in before the handler, an answer that is not compressed
// passes through untouched, and one that is is compressed in one zlib call.
import { promisify } from "node:util";
import { gzip as gzipCallback, gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { addVary, requestHeader } from "./answer-headers";
import { acceptsGzip, COMPRESS_THRESHOLD_BYTES } from "./content-encoding";

const gzipAsync = promisify(gzipCallback);

/**
 * Up to this size an answer is compressed on the spot (a few tens of microseconds), which costs
 * less than handing it to the thread pool and back; larger ones go to the pool.
 */
const SYNC_GZIP_MAX_BYTES = 64 * 1024;

/**
 * JSON answers are small and asked for on every click: zlib's fastest level compresses the
 * forum's list and a page of replies with 40-47% less CPU than its default (58 against 109 µs,
 * 85 against 142), for 6-9% more bytes, a few hundred (bench/gzip-levels.ts). Pages (HTML) keep
 * the default level: a first visit waits for their bytes.
 */
export const JSON_GZIP_LEVEL = 1;

const gzip = async (body: string | ArrayBuffer, level: number | undefined): Promise<Buffer> => {
  const size = typeof body === "string" ? body.length : body.byteLength;
  const options = level === undefined ? {} : { level };
  return size <= SYNC_GZIP_MAX_BYTES ? gzipSync(body, options) : gzipAsync(body, options);
};

/** `text` (a JSON answer, at least COMPRESS_THRESHOLD_BYTES) gzipped as compressText() does it. */
export const compressJson = (text: string): Promise<Buffer> => gzip(text, JSON_GZIP_LEVEL);

/**
 * The string body of @hono/node-server's lightweight Response, which keeps [status, body,
 * headers] under its own symbol until something asks for a real web Response. Reading it there
 * spares building that Response (and a stream) only to learn that the answer is small. Any other
 * Response, or a later node-server that stores it differently, gives undefined: the caller then
 * reads the body the standard way.
 */
export function lightweightText(response: Response): string | undefined {
  const key = Object.getOwnPropertySymbols(response).find(
    (symbol) => symbol.description === "cache",
  );
  const cache: unknown = key ? (response as unknown as Record<symbol, unknown>)[key] : undefined;
  const body = Array.isArray(cache) ? cache[1] : undefined;
  return typeof body === "string" ? body : undefined;
}

export function compressText(): MiddlewareHandler {
  return async (c, next) => {
    addVary(c, "accept-encoding");
    await next();
    if (c.req.method === "HEAD" || !acceptsGzip(requestHeader(c, "accept-encoding"))) return;
    const response = c.res;
    const type = response.headers.get("content-type") ?? "";
    if (
      // Partial content, and answers that have no body (204, 304).
      response.status === 206 ||
      response.status === 204 ||
      response.status === 304 ||
      response.headers.has("content-encoding") ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      /\bno-transform\b/i.test(response.headers.get("cache-control") ?? "")
    ) {
      return;
    }
    const length = Number(response.headers.get("content-length") ?? Number.NaN);
    if (length < COMPRESS_THRESHOLD_BYTES) return;
    const text = lightweightText(response);
    if (text !== undefined && Buffer.byteLength(text) < COMPRESS_THRESHOLD_BYTES) return;
    // Read only now: a client that does not take gzip got the lightweight answer untouched.
    const body = text ?? (await response.arrayBuffer());
    const headers = new Headers(response.headers);
    let out: string | ArrayBuffer | Uint8Array<ArrayBuffer> = body;
    if (typeof body === "string" || body.byteLength >= COMPRESS_THRESHOLD_BYTES) {
      const level = /^application\/json\b/i.test(type) ? JSON_GZIP_LEVEL : undefined;
      out = new Uint8Array(await gzip(body, level)) as Uint8Array<ArrayBuffer>;
      headers.set("content-encoding", "gzip");
      const etag = headers.get("etag");
      if (etag && !etag.startsWith("W/")) headers.set("etag", `W/${etag}`);
    }
    headers.delete("content-length");
    c.res = new Response(out, { status: response.status, headers });
  };
}
