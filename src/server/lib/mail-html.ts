// The HTML part of a mail: a fixed layout around paragraphs whose text is always escaped, so
// nothing a member wrote (a name, a title, a reply) can become markup in a mail client.
import { escapeHtml } from "./escape-html";

export type HtmlBlock =
  | { paragraph: string }
  /** A title, escaped. */
  | { heading: string }
  /** Written text (a post): escaped; blank lines part paragraphs, single breaks are kept. */
  | { text: string }
  /** Member-written text: escaped, its line breaks kept, set apart as a quote. */
  | { quote: string }
  | { link: string; label: string };

export function mailHtml(title: string, blocks: HtmlBlock[], footer: HtmlBlock[] = []): string {
  const render = (block: HtmlBlock) => {
    if ("paragraph" in block)
      return `<p style="margin:0 0 16px">${escapeHtml(block.paragraph)}</p>`;
    if ("heading" in block)
      return `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.25">${escapeHtml(block.heading)}</h1>`;
    if ("text" in block)
      return block.text
        .split(/\r?\n\s*\r?\n/)
        .filter((part) => part.trim() !== "")
        .map(
          (part) =>
            `<p style="margin:0 0 16px">${escapeHtml(part.trim()).replace(/\r?\n/g, "<br>")}</p>`,
        )
        .join("\n");
    if ("quote" in block) {
      const text = escapeHtml(block.quote).replace(/\r?\n/g, "<br>");
      return `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d4d4d8;color:#3f3f46">${text}</blockquote>`;
    }
    return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a></p>`;
  };
  return [
    "<!doctype html>",
    `<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#18181b">',
    ...blocks.map(render),
    footer.length > 0
      ? `<div style="margin-top:24px;font-size:13px;color:#71717a">${footer.map(render).join("")}</div>`
      : "",
    "</body></html>",
  ].join("\n");
}
