import sanitizeHtml from "sanitize-html";
import { cleanText } from "@/shared/schemas";

/** docs/product.md §5: discussion content may keep only these tags, and no attributes at all. */
export const ALLOWED_TAGS = ["p", "br", "strong", "em", "u", "ol", "ul", "li"];

const TAG_LIKE = /<[a-z!/?]/i;

/** The allow-list on its own: disallowed tags and every attribute removed. */
export function allowListedHtml(value: string): string {
  return sanitizeHtml(value, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {},
    disallowedTagsMode: "discard",
  });
}

/**
 * docs/product.md §5 in its order: trimmed, `<` and `>` removed, then the tag allow-list as a second line
 * of defence. After the first step no markup can remain, so the allow-list only runs if
 * something tag-like ever gets through; running it on plain text would turn `&` into `&amp;`,
 * and the content is shown as text, never inserted as HTML.
 */
export function sanitizeRichText(value: string): string {
  const cleaned = cleanText(value);
  return TAG_LIKE.test(cleaned) ? allowListedHtml(cleaned) : cleaned;
}
