// Discussions and blog posts carry their content's format (docs/decisions/064).
import { type SQL, sql } from "drizzle-orm";

/**
 * For an UPDATE's SET: the composer writes the markup, so a text changed becomes `markup`; one
 * left as it was keeps its format, and an old plain text renders as before.
 */
export function markupWhenChanged(content: string): SQL {
  return sql`content_format = case when content = ${content} then content_format else 'markup' end`;
}
