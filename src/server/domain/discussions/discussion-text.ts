// A discussion's title and content as they are stored, whoever writes them (the forum, the CMS):
// the shared schema has trimmed them and removed < and >; the tag allow-list runs as the second
// line of defence (docs/product.md §5).
import { sanitizeRichText } from "@/server/lib/sanitize";

export function sanitizedDiscussionText(input: { title: string; content: string }) {
  return { title: sanitizeRichText(input.title), content: sanitizeRichText(input.content) };
}
