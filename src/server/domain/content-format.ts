// Discussions and blog posts carry their content's format (docs/decisions/064).
import { type SQL, sql } from "drizzle-orm";
import { type ContentFormat, plainText } from "@/shared/markup/plain-text";

/**
 * For an UPDATE's SET: the composer writes the markup, so a text changed becomes `markup`; one
 * left as it was keeps its format, and an old plain text renders as before.
 */
export function markupWhenChanged(content: string): SQL {
  return sql`content_format = case when content = ${content} then content_format else 'markup' end`;
}

/**
 * A discussion's `plain_content`: its plain text where that differs from the content, null
 * where the content is its own plain text (the forum search reads the one or the other).
 */
export function plainContentOf(content: string, format: ContentFormat): string | null {
  const plain = plainText(content, format);
  return plain === content ? null : plain;
}

/** For a discussion's UPDATE: the plain text of a changed content (the composer's markup). */
export function plainContentWhenChanged(content: string): SQL {
  return sql`plain_content = case when content = ${content} then plain_content
    else ${plainContentOf(content, "markup")} end`;
}
