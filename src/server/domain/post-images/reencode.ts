// A post image's bytes to what is stored (docs/decisions/065): the type read from the bytes
// (file-type), never the name; decoded by sharp within 40 megapixels, turned upright, scaled
// to at most 2048 px, re-encoded as WebP without metadata, with narrower copies for phones. One re-encode at a time per
// instance (a 5 MB photo decodes to ~150 MB of pixels); how many wait is upload-places.ts's.
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { HttpError } from "@/server/lib/http-error";
import {
  IMAGE_ANIMATED,
  IMAGE_NOT_AN_IMAGE,
  POST_IMAGE_MAX_SIDE,
  variantWidthsOf,
} from "@/shared/post-images";

/** Raster formats browsers show and sharp decodes. SVG is refused: it can carry scripts. */
const ACCEPTED_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

export const MAX_INPUT_PIXELS = 40_000_000;
const REENCODE_TIMEOUT_SECONDS = 20;

export type ReencodedImage = {
  body: Buffer;
  width: number;
  height: number;
  /** The narrower copies (POST_IMAGE_VARIANT_WIDTHS under `width`), same proportions. */
  variants: Array<{ width: number; body: Buffer }>;
};

let queue: Promise<unknown> = Promise.resolve();

/** Runs `work` after every earlier one: one at a time in this process. */
async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

async function encode(bytes: Uint8Array): Promise<ReencodedImage> {
  const input = sharp(bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS });
  const metadata = await input.metadata();
  // Refused rather than flattened to one frame: the author would not get what they picked.
  if ((metadata.pages ?? 1) > 1) throw new HttpError(415, IMAGE_ANIMATED);
  const upright = input.rotate(); // the EXIF orientation, before the metadata goes
  const webp = (width: number, height: number) =>
    upright
      .clone()
      .resize(width, height, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .timeout({ seconds: REENCODE_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
  const { data, info } = await webp(POST_IMAGE_MAX_SIDE, POST_IMAGE_MAX_SIDE);
  const variants: ReencodedImage["variants"] = [];
  // One after another: two decodes at once would double the pixels held.
  for (const width of variantWidthsOf(info.width)) {
    const variant = await webp(width, POST_IMAGE_MAX_SIDE);
    variants.push({ width: variant.info.width, body: variant.data });
  }
  return { body: data, width: info.width, height: info.height, variants };
}

export async function reencodePostImage(bytes: Uint8Array): Promise<ReencodedImage> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw new HttpError(415, IMAGE_NOT_AN_IMAGE);
  return oneAtATime(async () => {
    try {
      return await encode(bytes);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      // Truncated, corrupt, or a pixel bomb: the bytes looked like an image but are not one.
      throw new HttpError(415, IMAGE_NOT_AN_IMAGE);
    }
  });
}
