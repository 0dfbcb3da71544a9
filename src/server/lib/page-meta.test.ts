import { describe, expect, it } from "vitest";
import { canonicalUrl, fixedPageMeta, renderShell } from "./page-meta";

const shell =
  '<!doctype html><html><head><title>x</title><script type="module" src="/a.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const site = { name: "Rant Community", url: "http://localhost:3000", pathname: "/discussion/1" };

describe("renderShell", () => {
  it("escapes markup and quotes in titles and descriptions", () => {
    const html = renderShell(
      shell,
      { title: "</title><script>alert(1)</script>", description: '" onload="x', found: true },
      site,
    );
    expect(html).toContain("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Rant");
    expect(html).toContain('content="&quot; onload=&quot;x"');
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it("writes $' $` and $& as text, never as copies of the shell", () => {
    const html = renderShell(shell, { title: "$' $` $&", description: "$'", found: true }, site);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(1);
    // The quote is escaped as every text is (lib/escape-html.ts); the $ sequences stay as written.
    expect(html).toContain("<title>$&#39; $` $&amp; · Rant Community</title>");
  });
});

describe("the feeds in every page's head (docs/decisions/024)", () => {
  it.each(["/", "/blog", "/discussion/1", "/privacy", "/no-such-page"])(
    "%s names both feeds",
    (pathname) => {
      const html = renderShell(
        shell,
        { title: "T", description: "d", found: pathname !== "/no-such-page" },
        { name: 'Rants & "Co"', url: "https://rants.example/", pathname },
      );
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).toContain(
        '<link rel="alternate" type="application/rss+xml" title="Rants &amp; &quot;Co&quot; blog" href="https://rants.example/blog/rss.xml">',
      );
      expect(head).toContain(
        '<link rel="alternate" type="application/rss+xml" title="Rants &amp; &quot;Co&quot; discussions" href="https://rants.example/discussion/rss.xml">',
      );
    },
  );
});

describe("canonicalUrl", () => {
  it.each([
    ["/", "https://rants.example/"],
    ["/discussion/1", "https://rants.example/discussion/1"],
    ["/members/", "https://rants.example/members"],
    // Never another host, however the path starts.
    ["//evil.example/phish", "https://rants.example/evil.example/phish"],
    ["///evil.example", "https://rants.example/evil.example"],
    ["/blog//post//", "https://rants.example/blog/post"],
    ["/%2F%2Fevil.example", "https://rants.example/%2F%2Fevil.example"],
  ])("%s → %s", (pathname, expected) => {
    expect(canonicalUrl("https://rants.example", pathname)).toBe(expected);
  });

  it("is what the canonical and og:url links say", () => {
    const html = renderShell(
      shell,
      { title: "Phish", description: "d", found: false },
      { ...site, pathname: "//evil.example/phish" },
    );
    expect(html).toContain(
      '<link rel="canonical" href="http://localhost:3000/evil.example/phish">',
    );
    expect(html).toContain(
      '<meta property="og:url" content="http://localhost:3000/evil.example/phish">',
    );
    expect(html).not.toContain("//evil.example");
  });
});

describe("fixedPageMeta", () => {
  it.each([
    ["/auth/confirm", "Confirm your email", true],
    ["/auth/forgot-password", "Forgot password", false],
    ["/auth/reset-password", "Reset password", true],
    ["/settings", "Account settings", true],
    ["/settings/email", "Confirm email change", true],
  ])(
    "serves the account page %s (not a 404), noindex where it is one person's",
    (path, title, noindex) => {
      const meta = fixedPageMeta(path);
      expect(meta).toMatchObject({ title, found: true });
      const html = renderShell(shell, meta, { ...site, pathname: path });
      expect(html.includes('<meta name="robots" content="noindex">')).toBe(noindex);
    },
  );
});
