// What the formatting toolbar and its shortcuts do to the text (docs/decisions/021): they only
// insert the markup's markers, around the selection or at the start of the selected lines,
// and say what to select afterwards. Pure functions, so they are tested without a browser.

/** The text after an edit, and the selection to restore in the textarea. */
export type TextEdit = { value: string; selectionStart: number; selectionEnd: number };

/** Bold, italic, underline. */
export type InlineMarker = "**" | "*" | "++";
export type ListKind = "bulleted" | "numbered";

/** A list marker at the start of a line: "- ", "* ", "+ ", "1. ", "1) ". */
const LIST_PREFIX = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+/;

/** `text` with `marker` around its words; spaces at either end stay outside, or emphasis fails. */
function wrapWords(text: string, marker: InlineMarker): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) as RegExpExecArray;
  const [, before = "", words = "", after = ""] = match;
  return words ? `${before}${marker}${words}${marker}${after}` : text;
}

/**
 * `marker` around the selection (each line of it on its own, after any list marker, since
 * emphasis does not cross list items), or a pair of markers with the caret between them when
 * nothing is selected.
 */
export function wrapSelection(
  value: string,
  start: number,
  end: number,
  marker: InlineMarker,
): TextEdit {
  const selected = value.slice(start, end);
  if (!selected.trim()) {
    const caret = end + marker.length;
    return {
      value: `${value.slice(0, end)}${marker}${marker}${value.slice(end)}`,
      selectionStart: caret,
      selectionEnd: caret,
    };
  }
  const startsLine = start === 0 || value[start - 1] === "\n";
  const wrapped = selected
    .split("\n")
    .map((line, index) => {
      const prefix = index > 0 || startsLine ? (LIST_PREFIX.exec(line)?.[0] ?? "") : "";
      return prefix + wrapWords(line.slice(prefix.length), marker);
    })
    .join("\n");
  const single = !selected.includes("\n");
  const lead = /^\s*/.exec(selected)?.[0].length ?? 0;
  const trail = /\s*$/.exec(selected)?.[0].length ?? 0;
  return {
    value: value.slice(0, start) + wrapped + value.slice(end),
    // One line: the words stay selected, inside their markers; several: all that changed.
    selectionStart: single ? start + lead + marker.length : start,
    selectionEnd: single ? start + wrapped.length - trail - marker.length : start + wrapped.length,
  };
}

/**
 * A list marker ("- ", or "1. ", "2. " ...) at the start of each selected line that has text
 * (of the caret's line when nothing is selected); a line's other list marker is replaced.
 */
export function prefixLines(value: string, start: number, end: number, kind: ListKind): TextEdit {
  const lineStart = value.lastIndexOf("\n", start - 1) + 1;
  // A selection that ends at the start of a line (a triple-click) does not take that line.
  const lastChar = end > start && value[end - 1] === "\n" ? end - 1 : end;
  const newline = value.indexOf("\n", lastChar);
  const lineEnd = newline === -1 ? value.length : newline;
  const lines = value.slice(lineStart, lineEnd).split("\n");
  const single = lines.length === 1;
  let number = 0;
  const listed = lines.map((line) => {
    if (!line.trim() && !single) return line;
    number += 1;
    const marker = kind === "bulleted" ? "- " : `${number}. `;
    return marker + line.replace(LIST_PREFIX, "");
  });
  const block = listed.join("\n");
  const next = value.slice(0, lineStart) + block + value.slice(lineEnd);
  if (single && start === end) {
    // The caret keeps its place in the words, or follows the new marker.
    const line = lines[0] ?? "";
    const oldPrefix = line.length - line.replace(LIST_PREFIX, "").length;
    const newPrefix = block.length - (line.length - oldPrefix);
    const caret = lineStart + Math.max(newPrefix, start - lineStart - oldPrefix + newPrefix);
    return { value: next, selectionStart: caret, selectionEnd: caret };
  }
  return { value: next, selectionStart: lineStart, selectionEnd: lineStart + block.length };
}
