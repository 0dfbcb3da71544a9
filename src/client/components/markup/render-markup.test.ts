import fc from "fast-check";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StaticLocation } from "@/client/lib/location";
import type { QuotedReply, ReplyMention } from "@/shared/api-types";
import { POST_IMAGE_SIZES } from "@/shared/post-images";
import { type Quoting, REPLY_LINK_REL, renderMarkup, safeWebHref } from "./render-markup";

const MEMBER = "Abc_123-xyz";

function html(content: string, mentions: ReplyMention[] = [], quoting?: Quoting): string {
  return renderToStaticMarkup(
    createElement(StaticLocation, { location: "/" }, renderMarkup(content, mentions, quoting)),
  );
}

const ALLOWED_TAGS = new Set(["p", "br", "strong", "em", "u", "ol", "ul", "li", "a"]);
const ALLOWED_ATTRIBUTES = new Set(["href", "rel", "start"]);

/** Every tag and attribute of `markup`, and whether each link is http(s) or a profile. */
function expectOnlyAllowed(markup: string): void {
  for (const [, tag = "", attributes = ""] of markup.matchAll(/<\/?([a-z0-9]+)([^>]*)>/gi)) {
    expect(ALLOWED_TAGS, markup).toContain(tag.toLowerCase());
    for (const [, name = "", value = ""] of attributes.matchAll(/\s([^\s=]+)="([^"]*)"/g)) {
      expect(ALLOWED_ATTRIBUTES, markup).toContain(name);
      if (name === "href") expect(value, markup).toMatch(/^(https?:\/\/|\/profile\/)/);
    }
    // Nothing but name="value" pairs: no attribute without quotes slipped in.
    expect(attributes.replace(/\s[^\s=]+="[^"]*"/g, "").trim(), markup).toMatch(/^\/?$/);
  }
}

describe("renderMarkup: uploaded images (decision 065)", () => {
  const id = "0b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b";

  it("renders the token as an img with its size, lazy loading and the author's alt text", () => {
    expect(html(`Look:\n![a *red* kite](image:${id}:640x480)`)).toBe(
      `<p>Look:<br/><img loading="lazy" decoding="async" srcSet="/api/images/${id} 640w" sizes="${POST_IMAGE_SIZES}" src="/api/images/${id}" alt="a *red* kite" width="640" height="480" class="my-2 block h-auto max-w-full rounded-md"/></p>`,
    );
  });

  it("loads a text's images at once when it heads its page, its first ahead of the rest", () => {
    const other = "1b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b";
    const content = `![one](image:${id}:640x480)\n\n![two](image:${other}:640x480)`;
    const first = renderToStaticMarkup(renderMarkup(content, [], undefined, "first"));
    const images = [...first.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    expect(images).toHaveLength(2);
    expect(images[0]).toMatch(/^<img loading="eager" fetchPriority="high" /);
    expect(images[1]).toMatch(/^<img loading="eager" decoding="async" /);
    // Further down a page, every image waits until it nears the screen.
    const later = renderToStaticMarkup(renderMarkup(content, []));
    expect(later).not.toMatch(/eager|fetchPriority/);
    expect(later.match(/loading="lazy"/g)).toHaveLength(2);
  });

  it("offers the narrower copies of a wide image for the screen to choose (srcset)", () => {
    expect(html(`![a kite](image:${id}:1600x1200)`)).toContain(
      `srcSet="/api/images/${id}?w=640 640w, /api/images/${id}?w=1280 1280w, /api/images/${id} 1600w"`,
    );
  });

  it("leaves an external image address, and a malformed token, as the text typed", () => {
    // Its address is a bare link like any other: nothing is loaded from it.
    expect(html("![pixel](https://tracker.example/p.gif)")).toBe(
      `<p>![pixel](<a href="https://tracker.example/p.gif" rel="${REPLY_LINK_REL}">https://tracker.example/p.gif</a>)</p>`,
    );
    expect(html(`![x](image:${id})`)).toBe(`<p>![x](image:${id})</p>`);
  });
});

describe("renderMarkup", () => {
  it("renders the markup of decision 021 as elements", () => {
    expect(html("**bold** *italic* _also_ ++under++")).toBe(
      "<p><strong>bold</strong> <em>italic</em> <em>also</em> <u>under</u></p>",
    );
    expect(html("***both*** ++**bold under**++")).toBe(
      "<p><em><strong>both</strong></em> <u><strong>bold under</strong></u></p>",
    );
  });

  it("keeps line breaks and makes paragraphs of blank lines", () => {
    expect(html("one\ntwo\n\nthree")).toBe("<p>one<br/>two</p><p>three</p>");
  });

  it("makes lists of - and * lines and numbered lines", () => {
    expect(html("- one\n* two")).toBe("<ul><li>one</li></ul><ul><li>two</li></ul>");
    expect(html("- one\n- **two**")).toBe("<ul><li>one</li><li><strong>two</strong></li></ul>");
    expect(html("1. one\n2. two")).toBe("<ol><li>one</li><li>two</li></ol>");
    expect(html("Intro\n3. three")).toBe("<p>Intro<br/>3. three</p>");
    expect(html("3. three\n4. four")).toBe('<ol start="3"><li>three</li><li>four</li></ol>');
  });

  it("links bare http and https addresses, marked as the member's", () => {
    expect(html("see https://example.com/a_b_c?x=1&y=2 now")).toBe(
      `<p>see <a href="https://example.com/a_b_c?x=1&amp;y=2" rel="${REPLY_LINK_REL}">https://example.com/a_b_c?x=1&amp;y=2</a> now</p>`,
    );
    expect(html("http://example.org")).toContain('<a href="http://example.org/"');
  });

  it("links nothing else", () => {
    for (const text of [
      "example.com",
      "www.example.com",
      "someone@example.com",
      "mailto:someone@example.com",
      "ftp://example.com/file",
      "//example.com/path",
      "javascript:alert(1)",
      "JAVASCRIPT://example.com/%0Aalert(1)",
      "data:text/html,hi",
      "[click](https://example.com)",
      "![image](https://example.com/x.png)",
    ]) {
      const markup = html(text);
      if (text.includes("https://")) {
        // The bare address inside is still a link; the Markdown around it stays text.
        expect(markup).toMatch(/^<p>!?\[(click|image)\]\(<a href="https:\/\/example\.com/);
      } else {
        expect(markup, text).not.toContain("<a");
      }
    }
  });

  it("shows everything else as the text that was typed", () => {
    expect(html("# Heading\n> quote\n`code`\n---")).toBe(
      "<p># Heading<br/>&gt; quote<br/>`code`<br/>---</p>",
    );
    expect(html("&lt;b&gt; &amp; \\*not escaped\\*")).toBe(
      "<p>&amp;lt;b&amp;gt; &amp;amp; \\<em>not escaped\\</em></p>",
    );
  });

  it("links a mention the server kept to the profile, and reads any other as @label", () => {
    const mentions = [{ id: MEMBER, displayName: "Pat *Star*" }];
    expect(html(`hi @[Pat *Star*](${MEMBER})!`, mentions)).toBe(
      `<p>hi <a href="/profile/${MEMBER}">@Pat *Star*</a>!</p>`,
    );
    expect(html(`**@[Pat](${MEMBER})**`, mentions)).toBe(
      `<p><strong><a href="/profile/${MEMBER}">@Pat</a></strong></p>`,
    );
    expect(html("hi @[Private Person](someone-else)", mentions)).toBe("<p>hi @Private Person</p>");
    // A name that looks like a link or emphasis stays the name.
    expect(html("@[https://evil.example _x_](other)")).toBe("<p>@https://evil.example _x_</p>");
  });

  it("turns hostile text into text", () => {
    const payloads = [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(2)">',
      '<a href="javascript:alert(3)">click me</a>',
      "[click](javascript:alert(4))",
      '[click](https://example.com "onmouseover=alert(5)")',
      '<https://example.com/" onclick="alert(6)>',
      'https://example.com/"onmouseover="alert(7)',
      "https://example.com/<script>alert(8)</script>",
      "**<b>*<i>++<u>nested</u>++</i>*</b>**",
      "- <li onclick=alert(9)>x</li>\n1. <ol>",
      "@[<img src=x onerror=alert(10)>](id)",
      "@[x](javascript:alert(11))",
      "javascript&colon;alert(12)",
      "<svg/onload=alert(13)>",
      "<iframe srcdoc='<script>alert(14)</script>'>",
    ];
    for (const payload of payloads) {
      const markup = html(payload, [{ id: "id", displayName: "x" }]);
      expectOnlyAllowed(markup);
      expect(markup, payload).not.toMatch(/<(script|img|svg|iframe|b|i)\b/i);
      expect(markup, payload).not.toMatch(/<[^>]*\son\w+=/i);
    }
    // A quote inside an address is part of the address, encoded: it cannot end the attribute.
    expect(html('https://example.com/"onmouseover="alert(7)')).toBe(
      `<p><a href="https://example.com/%22onmouseover=%22alert(7)" rel="${REPLY_LINK_REL}">https://example.com/&quot;onmouseover=&quot;alert(7)</a></p>`,
    );
  });

  it("yields only the allowed elements and attributes, whatever the text", () => {
    const pieces = [
      "*",
      "**",
      "_",
      "++",
      "- ",
      "1. ",
      "\n",
      "\n\n",
      "<",
      ">",
      '"',
      "'",
      "=",
      "&",
      "[",
      "](",
      ")",
      "@[",
      "@[x](m1)",
      "https://e.com/",
      "javascript:",
      " onerror=alert(1)",
      "<script>",
      "a",
      " ",
      "  ",
      "\\",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        expectOnlyAllowed(html(parts.join(""), [{ id: "m1", displayName: "x" }]));
      }),
      { numRuns: 400 },
    );
  });

  it("renders an empty reply as nothing", () => {
    expect(html("")).toBe("");
  });
});

describe("safeWebHref", () => {
  it("takes http and https only", () => {
    expect(safeWebHref("https://example.com/x")).toBe("https://example.com/x");
    expect(safeWebHref("HTTP://EXAMPLE.com")).toBe("http://example.com/");
    for (const href of [
      "javascript:alert(1)",
      " javascript:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "//example.com",
      "/relative",
      "mailto:a@b.c",
      "",
      null,
      undefined,
    ]) {
      expect(safeWebHref(href), String(href)).toBeNull();
    }
  });
});

describe("renderMarkup: quotes of replies (decision 064)", () => {
  const A = "0a1b2c3d-0000-4000-8000-00000000000a";
  const quoting = (quotes: QuotedReply[]): Quoting => ({ quotes, discussionId: "d-1" });

  it("shows a quote as a blockquote headed by a link to the reply", () => {
    expect(
      html(
        `[quote=${A}]\n**Loud** words\n[/quote]\n\nAgreed`,
        [],
        quoting([{ id: A, hidden: false, authorName: "Ann" }]),
      ),
    ).toBe(
      `<blockquote><p><a href="/discussion/d-1?reply=${A}">Ann said:</a></p><p><strong>Loud</strong> words</p></blockquote><p>Agreed</p>`,
    );
  });

  it("shows only the placeholder for a quote the reader may not read", () => {
    expect(
      html(`[quote=${A}]\nleft here by mistake\n[/quote]`, [], quoting([{ id: A, hidden: true }])),
    ).toBe("<blockquote><p>Quoted post hidden</p></blockquote>");
  });

  it("shows a quote the server did not name as the text typed", () => {
    expect(html(`[quote=${A}]\nwords\n[/quote]`, [], quoting([]))).toBe(
      `<p>[quote=${A}]</p><p>words</p><p>[/quote]</p>`,
    );
    expect(html(`[quote=${A}]\nwords\n[/quote]`)).toBe(
      `<p>[quote=${A}]</p><p>words</p><p>[/quote]</p>`,
    );
  });
});
