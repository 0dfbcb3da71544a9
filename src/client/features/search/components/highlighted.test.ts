import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MARK_END, MARK_START } from "@/shared/search";
import { Highlighted } from "./highlighted";

const html = (text: string) => renderToStaticMarkup(createElement(Highlighted, { text }));
const marked = (word: string) => `${MARK_START}${word}${MARK_END}`;
const MARK = '<mark class="rounded-xs bg-highlight text-highlight-foreground">';

describe("Highlighted", () => {
  it("puts the matched words in <mark> and the rest as text", () => {
    expect(html(`the ${marked("worst")} day, the ${marked("worst")}`)).toBe(
      `the ${MARK}worst</mark> day, the ${MARK}worst</mark>`,
    );
  });

  it("shows markup in the text as the text it is, inside a mark or not", () => {
    const text = `<script>alert(1)</script> ${marked("<b>bold</b>")} &amp; <img src=x onerror=alert(1)>`;
    expect(html(text)).toBe(
      `&lt;script&gt;alert(1)&lt;/script&gt; ${MARK}&lt;b&gt;bold&lt;/b&gt;</mark> &amp;amp; &lt;img src=x onerror=alert(1)&gt;`,
    );
  });

  it("never shows a marker: one without its partner marks to the end, or is dropped", () => {
    expect(html(`before ${MARK_START}to the end`)).toBe(`before ${MARK}to the end</mark>`);
    expect(html(`stray${MARK_END} end`)).toBe("stray end");
    expect(html(`${MARK_START}${MARK_START}twice${MARK_END}${MARK_END}`)).toBe(
      `${MARK}twice</mark>`,
    );
    expect(html(`${MARK_START}${MARK_END}`)).toBe("");
  });

  it("leaves text without markers as it is", () => {
    expect(html("nothing matched here")).toBe("nothing matched here");
    expect(html("")).toBe("");
  });
});
