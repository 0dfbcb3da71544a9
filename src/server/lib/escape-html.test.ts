import { describe, expect, it } from "vitest";
import { escapeHtml } from "./escape-html";

describe("escapeHtml", () => {
  it("turns the five characters that end a text or an attribute into references", () => {
    expect(escapeHtml(`Tom & "Jerry" <b>'s</b>`)).toBe(
      "Tom &amp; &quot;Jerry&quot; &lt;b&gt;&#39;s&lt;/b&gt;",
    );
  });

  it("keeps a single-quoted attribute closed", () => {
    const attribute = `<meta content='${escapeHtml("x' onload='alert(1)")}'>`;
    expect(attribute).toBe("<meta content='x&#39; onload=&#39;alert(1)'>");
  });

  it("escapes an ampersand once, so a reference a member wrote is shown as written", () => {
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
  });
});
