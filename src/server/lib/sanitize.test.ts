import { describe, expect, it } from "vitest";
import { allowListedHtml, sanitizeRichText } from "./sanitize";

describe("sanitizeRichText", () => {
  it("trims and removes < and > (docs/product.md §5)", () => {
    expect(sanitizeRichText("  5 > 3 and 2 < 4 ")).toBe("5  3 and 2  4");
    expect(sanitizeRichText('<script>alert("x")</script>')).toBe('scriptalert("x")/script');
    expect(sanitizeRichText("<img src=x onerror=alert(1)>")).toBe("img src=x onerror=alert(1)");
  });

  it("keeps text as typed: ampersands, quotes, entities and line breaks", () => {
    expect(sanitizeRichText("Tom & Jerry\n\"quoted\" 'single'\n&amp; &lt;b&gt;")).toBe(
      "Tom & Jerry\n\"quoted\" 'single'\n&amp; &lt;b&gt;",
    );
  });
});

describe("the allow-list", () => {
  it("keeps only p, br, strong, em, u, ol, ul, li, without attributes", () => {
    expect(
      allowListedHtml(
        '<p class="x" onclick="y">Hi <strong>there</strong><br><em>a</em><u>b</u></p><ol><li>1</li></ol><ul><li>2</li></ul>',
      ),
    ).toBe(
      "<p>Hi <strong>there</strong><br /><em>a</em><u>b</u></p><ol><li>1</li></ol><ul><li>2</li></ul>",
    );
    expect(
      allowListedHtml('<a href="javascript:alert(1)">x</a><script>bad()</script><iframe></iframe>'),
    ).toBe("x");
  });
});
