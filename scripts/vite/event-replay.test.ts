import { describe, expect, it } from "vitest";
import { withEventReplay } from "./event-replay";

// The head Vite writes for the client (dist/client/index.html), before the plugin's pass.
const built = `<!doctype html>
<html lang="en">
  <head>
    <title>Rant Community</title>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-C3.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe("withEventReplay", () => {
  const html = withEventReplay(built, "keep();");

  it("puts the script first in the head, before the page's content can be clicked", () => {
    const script = html.indexOf("<script data-event-replay>keep();</script>");
    expect(script).toBeGreaterThan(html.indexOf("<head>"));
    expect(script).toBeLessThan(html.indexOf("<title>"));
  });

  it("leaves the entry in the head: the scripts start as soon as they can (decision 061)", () => {
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-A1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/vendor-C3.js">');
  });
});
