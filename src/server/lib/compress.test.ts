import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compressText, JSON_GZIP_LEVEL, lightweightText } from "./compress";
import { COMPRESS_THRESHOLD_BYTES } from "./content-encoding";
import { responseHeaders } from "./response-headers";

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, text: "a rant" })) };
const app = new Hono()
  .use(responseHeaders())
  .use(compressText())
  .get("/big", (c) => c.json(big))
  .get("/small", (c) => c.json({ ok: true }))
  .get("/page", (c) => c.html(`<!doctype html><p>${"word ".repeat(400)}</p>`))
  .get("/image", (c) => c.body(new Uint8Array(4096), 200, { "content-type": "image/png" }))
  .get("/raw", (c) => c.json(big, 200, { "cache-control": "no-transform" }))
  .get(
    "/unchanged",
    () => new Response(null, { status: 304, headers: { "content-type": "text/html" } }),
  );

const get = (path: string, encoding?: string) =>
  app.request(path, { headers: encoding ? { "accept-encoding": encoding } : {} });

describe("compressText", () => {
  it("gzips JSON and HTML above the threshold for clients that accept gzip", async () => {
    for (const path of ["/big", "/page"]) {
      const response = await get(path, "gzip, deflate, br");
      expect(response.headers.get("content-encoding")).toBe("gzip");
      expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
      const bytes = Buffer.from(await response.arrayBuffer());
      const text = gunzipSync(bytes).toString("utf8");
      expect(text.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
      expect(bytes.length).toBeLessThan(text.length);
      if (path === "/big") expect(JSON.parse(text)).toEqual(big);
    }
  });

  it("gzips JSON at zlib's fastest level and pages at its default", async () => {
    // The gzip header's XFL byte: 4 for the fastest level, 0 for the levels between.
    const flags = async (path: string) =>
      Buffer.from(await (await get(path, "gzip")).arrayBuffer())[8];
    expect(JSON_GZIP_LEVEL).toBe(1);
    expect(await flags("/big")).toBe(4);
    expect(await flags("/page")).toBe(0);
  });

  it("sends brotli to clients that rank it higher or take only it (decision 059)", async () => {
    for (const encoding of ["br", "gzip;q=0, br", "gzip;q=0.5, br"]) {
      for (const path of ["/big", "/page"]) {
        const response = await get(path, encoding);
        expect(response.headers.get("content-encoding"), `${path} ${encoding}`).toBe("br");
        expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
        const text = brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString();
        if (path === "/big") expect(JSON.parse(text)).toEqual(big);
        else expect(text).toContain("word word");
      }
    }
  });

  it("leaves the response alone for clients without gzip or brotli, but still says it varies", async () => {
    for (const encoding of [undefined, "identity", "gzip;q=0, br;q=0", "deflate"]) {
      const response = await get("/big", encoding);
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(await response.json()).toEqual(big);
    }
  });

  it("leaves small answers, images and no-transform answers uncompressed", async () => {
    for (const path of ["/small", "/image", "/raw"]) {
      const response = await get(path, "gzip");
      expect(response.headers.get("content-encoding"), path).toBeNull();
      expect(response.status).toBe(200);
    }
    expect(await (await get("/small", "gzip")).json()).toEqual({ ok: true });
    expect((await get("/unchanged", "gzip")).status).toBe(304);
    expect((await (await get("/image", "gzip")).arrayBuffer()).byteLength).toBe(4096);
  });
});

describe("compressText behind @hono/node-server", () => {
  it("reads the lightweight response's text without building a web Response", async () => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    try {
      // serve() put node-server's lightweight Response in place of the global one.
      expect(lightweightText(new Response("plain text"))).toBe("plain text");
      const { port } = server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}`;
      const big = await fetch(`${base}/big`, { headers: { "accept-encoding": "gzip" } });
      expect(big.headers.get("content-encoding")).toBe("gzip");
      expect(big.headers.get("vary")).toBe("accept-encoding");
      expect(await big.json()).toEqual({ items: expect.any(Array) });
      const small = await fetch(`${base}/small`, { headers: { "accept-encoding": "gzip" } });
      expect(small.headers.get("content-encoding")).toBeNull();
      expect(small.headers.get("vary")).toBe("accept-encoding");
      expect(await small.json()).toEqual({ ok: true });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
