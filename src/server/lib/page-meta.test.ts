import { describe, expect, it } from "vitest";
import { renderShell } from "./page-meta";

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
    expect(html).toContain("<title>$' $` $&amp; · Rant Community</title>");
  });
});
