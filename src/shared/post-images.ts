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

/** Where the site serves an upload (features/post-images). */
export const postImageUrl = (id: string) => `/api/images/${id}`;
