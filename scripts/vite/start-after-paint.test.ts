import { describe, expect, it } from "vitest";
import { startScriptsAfterPaint } from "./start-after-paint";

// The head Vite writes for the client (dist/client/index.html), before the plugin's pass.
const built = `<!doctype html>
<html lang="en">
  <head>
    <title>Rant Community</title>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-B2.js">
    <link rel="modulepreload" crossorigin href="/assets/vendor-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/client-D4.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe("startScriptsAfterPaint", () => {
  const html = startScriptsAfterPaint(built, "start();");

  it("names no script the browser would fetch before the first paint", () => {
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain("modulepreload");
  });

  it("hands the entry and its chunks to the inline script, after the page's content", () => {
    const starter = /<script( data-[^>]*)>start\(\);<\/script>/.exec(html);
    expect(starter?.[1]).toBe(
      ' data-entry="/assets/index-A1.js" data-preload="/assets/runtime-B2.js /assets/vendor-C3.js"',
    );
    expect(html.indexOf(starter?.[0] ?? "?")).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(html.indexOf(starter?.[0] ?? "?")).toBeLessThan(html.indexOf("</body>"));
  });

  it("keeps the stylesheet and the rest of the page", () => {
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/client-D4.css">');
    expect(html).toContain('<div id="root"></div>');
  });

  it("fails the build when the HTML has no module entry", () => {
    expect(() => startScriptsAfterPaint("<html><head></head></html>", "start();")).toThrow(
      /no module entry/,
    );
  });
});
