// The one plain-text rendering of what members write (docs/decisions/064): page descriptions,
// feeds, mail, JSON-LD, the Reports queue and previews read this, so no markup marker or
// mention token leaks into them. A mention reads "@Name"; a list item keeps its "- " or "1. ".
import type { Token } from "markdown-it";
import { type MentionMeta, parseMarkup } from "./parse-markup";

/**
 * How a text is stored: `plain`, shown as written with its line breaks (discussions and blog
 * posts from before the composer), or `markup`, decision 021's markup.
 */
export const CONTENT_FORMATS = ["plain", "markup"] as const;
export type ContentFormat = (typeof CONTENT_FORMATS)[number];

function inlineText(children: Token[]): string {
  let text = "";
  for (const child of children) {
    if (child.type === "softbreak" || child.type === "hardbreak") text += "\n";
    else if (child.type === "mention") text += `@${(child.meta as MentionMeta).label}`;
    // An image reads as its alt text, or nothing (docs/decisions/065).
    else if (child.type === "post_image") text += child.content;
    else text += child.content;
  }
  return text;
}

function markupText(content: string): string {
  let text = "";
  // Each open list's next number (null for a bulleted one).
  const lists: Array<number | null> = [];
  let inQuote = 0;
  for (const token of parseMarkup(content)) {
    if (token.type === "quote_open") inQuote += 1;
    else if (token.type === "quote_close") inQuote -= 1;
    else if (inQuote > 0) continue;
    else if (token.type === "bullet_list_open") lists.push(null);
    else if (token.type === "ordered_list_open") lists.push(Number(token.attrGet("start") ?? 1));
    else if (token.type === "bullet_list_close" || token.type === "ordered_list_close") {
      lists.pop();
      text += "\n";
    } else if (token.type === "list_item_open") {
      const next = lists.at(-1);
      text += "  ".repeat(Math.max(0, lists.length - 1));
      if (typeof next === "number") {
        text += `${next}. `;
        lists[lists.length - 1] = next + 1;
      } else {
        text += "- ";
      }
    } else if (token.type === "list_item_close") {
      if (!text.endsWith("\n")) text += "\n";
    } else if (token.type === "paragraph_close" && !token.hidden) {
      text += "\n\n";
    } else if (token.type === "inline") {
      text += inlineText(token.children ?? []);
    }
  }
  return text.replace(/\n{3,}/g, "\n\n").trim();
}

/** `content` as plain text: line breaks kept, markup markers gone, mentions as "@Name". */
export function plainText(content: string, format: ContentFormat): string {
  return format === "plain" ? content : markupText(content);
}

/** On one line, at most `length` characters: a link preview's description, a feed's summary. */
export function plainSummary(content: string, format: ContentFormat, length: number): string {
  return plainText(content, format).replace(/\s+/g, " ").trim().slice(0, length);
}
