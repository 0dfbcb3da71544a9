// Content negotiation for compressed responses, in one place: every path that may compress
// (the compress middleware, static files, the anonymous cache's key) asks here. The header is
// read with Hono's Accept parser, so `gzip;q=0` refuses gzip and `*` stands for any encoding
// not named (RFC 9110 §12.5.3).
import { parseAccept } from "hono/utils/accept";

/** Smaller responses fit in a packet or two either way; compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export type ContentCoding = "br" | "gzip";

/**
 * The first of `supported` (the server's order of preference) that the Accept-Encoding header
 * weights highest above 0, or null: send the body as it is.
 */
export function preferredEncoding(
  header: string | undefined,
  supported: readonly ContentCoding[],
): ContentCoding | null {
  if (!header) return null;
  const accepts = parseAccept(header);
  const weightOf = (coding: string) =>
    accepts.find((accept) => accept.type.toLowerCase() === coding)?.q ??
    accepts.find((accept) => accept.type === "*")?.q ??
    0;
  let best: ContentCoding | null = null;
  let bestWeight = 0;
  for (const coding of supported) {
    const weight = weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

export const acceptsGzip = (header: string | undefined): boolean =>
  preferredEncoding(header, ["gzip"]) === "gzip";

/**
 * The codings the app compresses its own responses with, in its order of preference: gzip
 * first, as browsers ask for both and zlib's gzip costs the least CPU per response; brotli for
 * clients that rank it higher or take nothing else (decision 059).
 */
export const RESPONSE_CODINGS: readonly ContentCoding[] = ["gzip", "br"];

/** The coding of the app's response to a request with this Accept-Encoding, or null. */
export const responseEncoding = (header: string | undefined): ContentCoding | null =>
  preferredEncoding(header, RESPONSE_CODINGS);
