// How many post-image uploads a process holds at once (docs/decisions/098): each holds its 5 MB
// about three times (the request, the form's file, the bytes for sharp) until it is stored, and
// one re-encodes at a time (reencode.ts). A place is taken before the body is read.
import { HttpError } from "@/server/lib/http-error";

/**
 * Uploads a process holds at once: their bodies read or being read, waiting, or re-encoding.
 * Beyond, 503 with Retry-After before the body is read. With eight waiting, ten 5 MB photos
 * sent at once took a server under a 512 MB limit past it and the kernel killed it
 * (bench/RESULTS.md §42).
 */
export const MAX_UPLOADS_AT_ONCE = 3;

export const IMAGES_BUSY = "Image uploads are busy right now. Please try again shortly.";
export const IMAGE_STILL_UPLOADING =
  "Your last image is still uploading. Please wait for it to finish.";

const RETRY_AFTER = { "retry-after": "10" };

let held = 0;
const holders = new Set<string>();

/**
 * Takes one of the process's MAX_UPLOADS_AT_ONCE places for `memberId`'s upload, before its
 * body is read; the returned function gives it back (once, however often it is called). A
 * member holds one place at most (429: the composer sends their images one after another, so
 * only parallel requests meet it), so one account cannot hold every place. 503 when every
 * place is taken.
 */
export function uploadPlace(memberId: string): () => void {
  if (holders.has(memberId)) {
    throw new HttpError(429, IMAGE_STILL_UPLOADING, { headers: RETRY_AFTER });
  }
  if (held >= MAX_UPLOADS_AT_ONCE) {
    throw new HttpError(503, IMAGES_BUSY, { headers: RETRY_AFTER });
  }
  held += 1;
  holders.add(memberId);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held -= 1;
    holders.delete(memberId);
  };
}
