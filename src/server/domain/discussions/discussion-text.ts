// A discussion's title and content as they are stored, whoever writes them (the forum, the CMS):
// the shared schema has trimmed them and removed < and >; the tag allow-list runs as the second
// line of defence (docs/product.md §5). The content is decision 021's markup (064): its mention
// tokens stay only for members who may be mentioned, as in replies.
import type { Db } from "@/server/db/client";
import { resolveMentions } from "@/server/domain/mentions/resolve-mentions";
import { sanitizeRichText } from "@/server/lib/sanitize";

export async function discussionTextToStore(db: Db, input: { title: string; content: string }) {
  const { content } = await resolveMentions(db, sanitizeRichText(input.content));
  return { title: sanitizeRichText(input.title), content };
}
