// Pictures in posts (issue 40, docs/decisions/065, docs/product.md §2.7): the limits, the
// messages (the avatar's pattern, SPEC), and the token that names an upload in the markup:
// `![alt text](image:{upload id}:{width}x{height})`. Any other image address stays text.

export const POST_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGES_PER_POST = 10;
/** The longest side of a stored image; larger ones are scaled down. */
export const POST_IMAGE_MAX_SIDE = 2048;
export const ALT_TEXT_MAX = 200;

export const IMAGE_TOO_LARGE_TITLE = "File too large";
export const IMAGE_TOO_LARGE = "Image must be less than 5MB.";
export const IMAGE_INVALID_TITLE = "Invalid file type";
export const IMAGE_NOT_AN_IMAGE = "Please select an image file.";
export const IMAGE_ANIMATED = "Animated images cannot be added to posts.";
export const TOO_MANY_IMAGES = `A post can hold at most ${IMAGES_PER_POST} images.`;

export type PostImageMeta = { alt: string; id: string; width: number; height: number };

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const TOKEN_SOURCE = `!\\[([^\\[\\]\\r\\n]{0,${ALT_TEXT_MAX}})\\]\\(image:(${UUID}):(\\d{1,4})x(\\d{1,4})\\)`;

/** The image token at the very start of `text`, or null. */
export function imageTokenAt(text: string): (PostImageMeta & { length: number }) | null {
  const match = new RegExp(`^${TOKEN_SOURCE}`).exec(text);
  if (!match) return null;
  const [whole, alt = "", id = "", width, height] = match;
  return { alt, id, width: Number(width), height: Number(height), length: whole.length };
}

/** Every image token's upload id in `content`, in order, repeats included. */
export function imageIdsIn(content: string): string[] {
  return [...content.matchAll(new RegExp(TOKEN_SOURCE, "g"))].map((match) => match[2] ?? "");
}

/** At most IMAGES_PER_POST images: the post schemas' check. */
export function fewEnoughImages(content: string): boolean {
  return imageIdsIn(content).length <= IMAGES_PER_POST;
}

export function imageToken(image: PostImageMeta): string {
  const alt = image.alt.replace(/[[\]\r\n<>]/g, " ").slice(0, ALT_TEXT_MAX);
  return `![${alt}](image:${image.id}:${image.width}x${image.height})`;
}

/** The alt text an upload starts with: its file name's words ("my-cat_2.JPG" → "my cat 2"). */
export function altFromFileName(name: string): string {
  return name
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .slice(0, ALT_TEXT_MAX);
}

/**
 * The narrower copies kept of an upload wider than each (docs/decisions/065): a phone is sent
 * the one its screen needs, not the full 2048 px (a quarter of the bytes at 640).
 */
export const POST_IMAGE_VARIANT_WIDTHS = [640, 1280] as const;

/** The variant widths an upload `width` pixels wide has. */
export const variantWidthsOf = (width: number) =>
  POST_IMAGE_VARIANT_WIDTHS.filter((variant) => variant < width);

/** Where the site serves an upload, or its copy `width` pixels wide (features/post-images). */
export const postImageUrl = (id: string, width?: number) =>
  width === undefined ? `/api/images/${id}` : `/api/images/${id}?w=${width}`;

/** An upload's srcset: its variants, then the image itself. */
export function postImageSrcSet(image: Pick<PostImageMeta, "id" | "width">): string {
  return [
    ...variantWidthsOf(image.width).map((width) => `${postImageUrl(image.id, width)} ${width}w`),
    `${postImageUrl(image.id)} ${image.width}w`,
  ].join(", ");
}

/**
 * How wide a post's image is shown: the post's column, at most 52rem on the forum's 56rem
 * page, less the page's and the card's padding on a phone.
 */
export const POST_IMAGE_SIZES = "(min-width: 56rem) 52rem, calc(100vw - 4rem)";
