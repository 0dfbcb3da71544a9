import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadStaticFiles, staticResponse } from "./static-files";

// Enough text that the server compresses it (over COMPRESS_THRESHOLD_BYTES, 1 KB).
const script = `console.log(${JSON.stringify("a built chunk ".repeat(80))});\n`;

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "static-files-"));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function gzipResponseBody(files: Awaited<ReturnType<typeof loadStaticFiles>>, url: string) {
  const file = files.get(url);
  if (!file) throw new Error(`${url} is not served`);
  const response = staticResponse(
    file,
    new Request(`http://localhost${url}`, { headers: { "accept-encoding": "gzip" } }),
  );
  expect(response.headers.get("content-encoding")).toBe("gzip");
  return Buffer.from(await response.arrayBuffer());
}

describe("loadStaticFiles: the build's brotli variants", () => {
  it("sends the build's .br beside a file to browsers taking brotli, and never serves it as a file", async () => {
    // Quality 1 differs from the server's own 11: which bytes are sent tells them apart.
    const built = brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    await writeFile(path.join(directory, "chunk.js"), script);
    await writeFile(path.join(directory, "chunk.js.br"), built);

    const files = await loadStaticFiles(directory);

    expect([...files.keys()]).toEqual(["/chunk.js"]);
    const response = staticResponse(
      files.get("/chunk.js") as NonNullable<ReturnType<typeof files.get>>,
      new Request("http://localhost/chunk.js", { headers: { "accept-encoding": "gzip, br" } }),
    );
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(Buffer.from(await response.arrayBuffer()).equals(built)).toBe(true);
  });

  it("sends gzip to a client that refuses brotli with q=0, and the file as it is when it refuses both", async () => {
    await writeFile(path.join(directory, "chunk.js"), script);
    const file = (await loadStaticFiles(directory)).get("/chunk.js");
    if (!file) throw new Error("/chunk.js is not served");
    const encodingFor = (accept: string) =>
      staticResponse(
        file,
        new Request("http://localhost/chunk.js", { headers: { "accept-encoding": accept } }),
      ).headers.get("content-encoding");
    expect(encodingFor("br;q=0, gzip")).toBe("gzip");
    expect(encodingFor("br;q=0, gzip;q=0")).toBeNull();
  });

  it("compresses the file itself when the .br beside it holds other bytes", async () => {
    await writeFile(path.join(directory, "chunk.js"), script);
    await writeFile(path.join(directory, "chunk.js.br"), brotliCompressSync("before the edit"));

    const files = await loadStaticFiles(directory);

    const brotli = files.get("/chunk.js")?.brotli as Buffer;
    expect(brotliDecompressSync(brotli).toString()).toBe(script);
  });
});

describe("loadStaticFiles: the build's gzip variants", () => {
  it("sends the build's .gz beside a file as its gzip variant, and never serves it as a file", async () => {
    // Level 1 differs from the server's own level 9: which bytes are sent tells them apart.
    const built = gzipSync(script, { level: 1 });
    await writeFile(path.join(directory, "chunk.js"), script);
    await writeFile(path.join(directory, "chunk.js.gz"), built);

    const files = await loadStaticFiles(directory);

    expect([...files.keys()]).toEqual(["/chunk.js"]);
    expect((await gzipResponseBody(files, "/chunk.js")).equals(built)).toBe(true);
  });

  it("compresses the file itself when the .gz beside it holds other bytes (a file edited after its build)", async () => {
    await writeFile(path.join(directory, "chunk.js"), script);
    await writeFile(
      path.join(directory, "chunk.js.gz"),
      gzipSync("console.log('before the edit');"),
    );

    const files = await loadStaticFiles(directory);

    expect(gunzipSync(await gzipResponseBody(files, "/chunk.js")).toString()).toBe(script);
  });

  it("compresses the file itself when the .gz beside it is not gzip", async () => {
    await writeFile(path.join(directory, "chunk.js"), script);
    await writeFile(path.join(directory, "chunk.js.gz"), "not gzip at all");

    const files = await loadStaticFiles(directory);

    expect(gunzipSync(await gzipResponseBody(files, "/chunk.js")).toString()).toBe(script);
  });

  it("serves a .gz file that is no file's variant as the file it is", async () => {
    await writeFile(path.join(directory, "archive.gz"), gzipSync(script));

    const files = await loadStaticFiles(directory);

    expect([...files.keys()]).toEqual(["/archive.gz"]);
  });
});

describe("loadStaticFiles: what is served", () => {
  it("leaves out dot files, such as the build's stamp", async () => {
    await writeFile(path.join(directory, "chunk.js"), script);
    await writeFile(path.join(directory, ".build-stamp"), "2026-11-27T06:00:00.000Z");

    const files = await loadStaticFiles(directory);

    expect([...files.keys()]).toEqual(["/chunk.js"]);
  });
});
