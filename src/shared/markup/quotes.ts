// A quote of a reply (docs/decisions/064, amending 021): a line `[quote=reply-id]`, the quoted
// words, and a line `[/quote]`. No angle brackets (SPEC §5 removes `<` and `>` from input), so
// not Markdown's `>`. The parser (parse-markup.ts) and the server's masking of quotes a reader
// may not see (features/replies/quotes.ts) read lines with these same two patterns.

/** The opening line; its group is the quoted reply's id (a UUID). */
export const QUOTE_OPEN =
  /^\[quote=([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\][ \t\r]*$/;
/** The closing line. */
export const QUOTE_CLOSE = /^\[\/quote\][ \t\r]*$/;

export type QuoteBlock = {
  id: string;
  /** The line index of `[quote=id]`. */
  openLine: number;
  /** The line index of `[/quote]`. */
  closeLine: number;
};

/** The quotes of `content`, in order: each opening line with the first closing line after it. */
export function quoteBlocks(content: string): QuoteBlock[] {
  const lines = content.split("\n");
  const blocks: QuoteBlock[] = [];
  for (let line = 0; line < lines.length; line++) {
    const open = QUOTE_OPEN.exec(lines[line] ?? "");
    if (!open?.[1]) continue;
    const closeLine = lines.findIndex((text, at) => at > line && QUOTE_CLOSE.test(text));
    if (closeLine < 0) continue;
    blocks.push({ id: open[1], openLine: line, closeLine });
    line = closeLine;
  }
  return blocks;
}

/** `content` with the words of each quote `keep` refuses taken out (its lines stay). */
export function emptyQuotes(content: string, keep: (id: string) => boolean): string {
  const blocks = quoteBlocks(content).filter((block) => !keep(block.id));
  if (blocks.length === 0) return content;
  const lines = content.split("\n");
  const dropped = new Set(
    blocks.flatMap((block) =>
      Array.from(
        { length: block.closeLine - block.openLine - 1 },
        (_, i) => block.openLine + 1 + i,
      ),
    ),
  );
  return lines.filter((_, at) => !dropped.has(at)).join("\n");
}

/** The quote block for reply `id` with `words`, as "Quote" puts it into the composer. */
export function quoteOf(id: string, words: string): string {
  // A quote inside the quoted words is left out (as forums do), so its `[/quote]` cannot end
  // this one early.
  const lines = words.split("\n");
  const inner = new Set(
    quoteBlocks(words).flatMap((block) =>
      Array.from({ length: block.closeLine - block.openLine + 1 }, (_, i) => block.openLine + i),
    ),
  );
  const kept = lines
    .filter((line, at) => !inner.has(at) && !QUOTE_OPEN.test(line) && !QUOTE_CLOSE.test(line))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return `[quote=${id}]\n${kept}\n[/quote]\n\n`;
}
