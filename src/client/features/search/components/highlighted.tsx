import { highlightPieces } from "@/shared/search";

/**
 * A title or excerpt from the search, its matched words in <mark>: text and elements, never
 * HTML (docs/decisions/021), so whatever a post says is shown as written.
 */
export function Highlighted({ text }: { text: string }) {
  return highlightPieces(text).map((piece, index) =>
    piece.mark ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: a piece is known by its place in the text
      <mark key={index} className="rounded-xs bg-highlight text-highlight-foreground">
        {piece.text}
      </mark>
    ) : (
      piece.text
    ),
  );
}
