// The shell's page handler around the server renderer: a render that fails answers 500 with the
// plain shell (the app still starts in the browser) and is logged.
import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { THEME_COOKIE } from "@/shared/constants";
import type { Logger } from "./logger";
import { responseHeaders } from "./response-headers";
import { type PageRenderer, spaHandler } from "./spa";
import type { StaticFile } from "./static-files";

const SHELL =
  '<html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>';

function appWith(render: PageRenderer, logger: Pick<Logger, "error">) {
  const files = new Map<string, StaticFile>([
    [
      "/index.html",
      { body: Buffer.from(SHELL), contentType: "text/html", etag: '"s"', immutable: false },
    ],
  ]);
  return new Hono().use(responseHeaders()).get(
    "*",
    spaHandler({
      files,
      siteName: "Site",
      siteUrl: "http://localhost:3000",
      metaResolvers: [],
      render,
      logger: logger as Logger,
    }),
  );
}

describe("spaHandler with a renderer", () => {
  it("puts the rendered page and its data into the root element, its JSON-LD into the head", async () => {
    const app = appWith(
      async () => ({
        markup: "<p>Hello $& $' world</p>",
        dataScript: '<script type="application/json" id="ssr-data">{}</script>',
        structuredData: '<script type="application/ld+json">{"name":"$&"}</script>',
        notFound: false,
        personal: false,
      }),
      { error: vi.fn() },
    );
    const response = await app.request("/about");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(
      '<div id="root"><p>Hello $& $\' world</p></div><script type="application/json" id="ssr-data">{}</script>',
    );
    expect(html).toMatch(/<script type="application\/ld\+json">\{"name":"\$&"\}<\/script><\/head>/);
  });

  it("answers 500 with the plain shell when the render fails, and logs it", async () => {
    const error = vi.fn();
    const app = appWith(
      async () => {
        throw new Error("render broke");
      },
      { error },
    );
    const response = await app.request("/about");
    expect(response.status).toBe(500);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain("render broke");
    expect(error).toHaveBeenCalledOnce();
  });

  it("a renderer's 404 and a member's page are answered as such", async () => {
    const app = appWith(
      async () => ({
        markup: "<h1>Gone</h1>",
        dataScript: "",
        structuredData: "",
        notFound: true,
        personal: true,
      }),
      { error: vi.fn() },
    );
    const response = await app.request("/discussion/x");
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("spaHandler and the visitor's theme", () => {
  it("gives a page the visitor's chosen theme and Vary: Cookie", async () => {
    const app = appWith(
      async () => ({
        markup: "<p>page</p>",
        dataScript: "",
        structuredData: "",
        notFound: false,
        personal: false,
      }),
      { error: vi.fn() },
    );
    const dark = await app.request("/about", { headers: { cookie: `${THEME_COOKIE}=dark` } });
    expect(dark.headers.get("vary")).toMatch(/\bCookie\b/);
    expect(await dark.text()).toContain('<html data-theme="dark" lang="en">');
    for (const cookie of [undefined, `${THEME_COOKIE}=light`, `${THEME_COOKIE}=purple`]) {
      const response = await app.request("/about", cookie ? { headers: { cookie } } : {});
      expect(response.status).toBe(200);
      expect(response.headers.get("vary")).toMatch(/\bCookie\b/);
      const html = await response.text();
      expect(html).toContain("<p>page</p>");
      expect(html.includes('data-theme="light"'), cookie).toBe(cookie?.endsWith("light") ?? false);
      expect(html).not.toContain("dark");
    }
  });
});
