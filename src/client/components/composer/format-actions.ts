// The toolbar's and the shortcuts' actions (docs/decisions/021), each with the edit it makes.
import {
  type InlineMarker,
  type ListKind,
  prefixLines,
  type TextEdit,
  wrapSelection,
} from "./markup-edits";

export type FormatAction = "bold" | "italic" | "underline" | "bulleted" | "numbered";

export const FORMAT_ACTIONS: readonly FormatAction[] = [
  "bold",
  "italic",
  "underline",
  "bulleted",
  "numbered",
];

/** What each action is called (its button's accessible name). */
export const FORMAT_LABELS: Record<FormatAction, string> = {
  bold: "Bold",
  italic: "Italic",
  underline: "Underline",
  bulleted: "Bulleted list",
  numbered: "Numbered list",
};

const MARKERS: Partial<Record<FormatAction, InlineMarker>> = {
  bold: "**",
  italic: "*",
  underline: "++",
};

/** Ctrl+B, Ctrl+I, Ctrl+U (⌘ on a Mac). */
export const SHORTCUT_KEYS: Readonly<Record<string, FormatAction>> = {
  b: "bold",
  i: "italic",
  u: "underline",
};

/** The text after `action` on the selection from `start` to `end`. */
export function applyFormat(
  action: FormatAction,
  value: string,
  start: number,
  end: number,
): TextEdit {
  const marker = MARKERS[action];
  if (marker) return wrapSelection(value, start, end, marker);
  return prefixLines(value, start, end, action as ListKind);
}
