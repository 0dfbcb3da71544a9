// Gzip or brotli for text responses (JSON, HTML) to clients that accept them. Replaces
// hono/compress, which sets Vary after the handler on every compressible response: that turns
// node-server's lightweight response (a string it writes in one go) into a web Response streamed
// chunk by chunk, even when nothing is compressed. Measured on the forum list at 100,000
// discussions: bench/RESULTS.md. Here Vary goes in before the handler, a response that is not
// compressed passes through untouched, and one that is is compressed in one zlib call.
import { promisify } from "node:util";
import {
  brotliCompress as brotliCallback,
  brotliCompressSync,
  constants,
  gzip as gzipCallback,
  gzipSync,
} from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { COMPRESS_THRESHOLD_BYTES, type ContentCoding, responseEncoding } from "./content-encoding";
import { addVary, requestHeader } from "./response-headers";

const gzipAsync = promisify(gzipCallback);
const brotliAsync = promisify(brotliCallback);

/**
 * Up to this size a response is compressed on the spot (a few tens of microseconds), which costs
 * less than handing it to the thread pool and back; larger ones go to the pool.
 */
const SYNC_COMPRESS_MAX_BYTES = 64 * 1024;

/**
 * JSON responses are small and asked for on every click: zlib's fastest level compresses the
 * forum's list and a page of replies with 40-47% less CPU than its default (58 against 109 µs,
 * 85 against 142), for 6-9% more bytes, a few hundred (bench/gzip-levels.ts). Pages (HTML) keep
 * the default level: a first visit waits for their bytes.
 */
export const JSON_GZIP_LEVEL = 1;

/**
 * Brotli's qualities by the same reasoning: its fastest for JSON, 5 for pages (about gzip's
 * default CPU for smaller bytes); its default, 11, costs milliseconds per page.
 */
export const JSON_BROTLI_QUALITY = 1;
export const PAGE_BROTLI_QUALITY = 5;

/** `body` compressed with `coding`, as compressText() sends it; `json` picks the fast levels. */
export function compressBody(
  body: string | ArrayBuffer,
  coding: ContentCoding,
  json: boolean,
): Buffer | Promise<Buffer> {
  const size = typeof body === "string" ? body.length : body.byteLength;
  const sync = size <= SYNC_COMPRESS_MAX_BYTES;
  if (coding === "gzip") {
    const options = json ? { level: JSON_GZIP_LEVEL } : {};
    return sync ? gzipSync(body, options) : gzipAsync(body, options);
  }
  const options = {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: json ? JSON_BROTLI_QUALITY : PAGE_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
  return sync ? brotliCompressSync(body, options) : brotliAsync(body, options);
}

/**
 * The string body of @hono/node-server's lightweight Response, which keeps [status, body,
 * headers] under its own symbol until something asks for a real web Response. Reading it there
 * spares building that Response (and a stream) only to learn that the response is small. Any
 * other Response, or a later node-server that stores it differently, gives undefined: the caller
 * then reads the body the standard way.
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
    if (c.req.method === "HEAD") return;
    const coding = responseEncoding(requestHeader(c, "accept-encoding"));
    if (!coding) return;
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
    // Read only now: a client that takes no compression got the lightweight response untouched.
    const body = text ?? (await response.arrayBuffer());
    const headers = new Headers(response.headers);
    let out: string | ArrayBuffer | Uint8Array<ArrayBuffer> = body;
    if (typeof body === "string" || body.byteLength >= COMPRESS_THRESHOLD_BYTES) {
      const json = /^application\/json\b/i.test(type);
      out = new Uint8Array(await compressBody(body, coding, json)) as Uint8Array<ArrayBuffer>;
      headers.set("content-encoding", coding);
      const etag = headers.get("etag");
      if (etag && !etag.startsWith("W/")) headers.set("etag", `W/${etag}`);
    }
    headers.delete("content-length");
    c.res = new Response(out, { status: response.status, headers });
  };
}
