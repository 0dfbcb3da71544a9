import { describe, expect, it } from "vitest";
import { withEventReplay } from "./event-replay";

// The head Vite writes for the client (dist/client/index.html), before the plugin's pass.
const built = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Rant Community</title>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/client-D4.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe("withEventReplay", () => {
  const html = withEventReplay(built, "keep();");

  it("puts the script at the top of the head: after the charset, before the stylesheet", () => {
    const script = html.indexOf("<script data-event-replay>keep();</script>");
    expect(script).toBeGreaterThan(html.indexOf('<meta charset="UTF-8" />'));
    expect(script).toBeLessThan(html.indexOf("<title>"));
    expect(script).toBeLessThan(html.indexOf('rel="stylesheet"'));
  });

  it("leaves the entry in the head: the scripts start as soon as they can (decision 061)", () => {
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-A1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/vendor-C3.js">');
  });
});
