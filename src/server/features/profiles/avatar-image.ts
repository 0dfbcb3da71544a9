// Avatar images (docs/architecture.md "Files and mail", "Deliberate improvements"): the type is read from the
// bytes, never from the file name or the declared type; the image is decoded and re-encoded as
// a 256x256 WebP, which drops EXIF/GPS metadata and anything hidden beside the pixels.
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { HttpError } from "@/server/lib/http-error";
import { AVATAR_SIZE_PX } from "@/shared/constants";

export const AVATAR_NOT_AN_IMAGE = "Please select an image file.";
export const AVATAR_TOO_LARGE = "Avatar image must be less than 5MB.";

/** Raster formats browsers show and sharp decodes. SVG is refused: it can carry scripts. */
const ACCEPTED_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/** A 48-megapixel photo fits; a small file that claims to be enormous (a pixel bomb) does not. */
const MAX_INPUT_PIXELS = 50_000_000;

export async function reencodeAvatar(bytes: Uint8Array): Promise<Buffer> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw new HttpError(415, AVATAR_NOT_AN_IMAGE);
  try {
    return await sharp(bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // apply the EXIF orientation before the metadata goes
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: "cover" })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    // Truncated, corrupt or oversized images: the bytes looked like an image but are not one.
    throw new HttpError(415, AVATAR_NOT_AN_IMAGE);
  }
}
