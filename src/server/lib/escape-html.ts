// HTML escaping for text the server writes into markup by hand (page metadata, mail): the five
// characters that can end a text or an attribute, quoted with either quote, become references.
// React escapes what it renders itself.

const REFERENCES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => REFERENCES[char] ?? char);
}
