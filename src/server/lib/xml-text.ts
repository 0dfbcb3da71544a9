// Text for an XML document (feeds, sitemaps): XML 1.0 has no place for most control characters
// or for U+FFFE and U+FFFF, and a member's text may hold them (docs/product.md §5.1 removes only
// `<` and `>`). The XML libraries escape what XML can carry; this drops what it cannot, so the
// document still parses.
const NOT_IN_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to drop.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlText(value: string): string {
  return value.replace(NOT_IN_XML, "");
}
