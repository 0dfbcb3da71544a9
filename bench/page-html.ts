// npm run bench:page-html: each page's HTML as the server sends it, for a visitor and for a
// signed-in member (issue 48): its gzip bytes, and its elements and buttons, which each render
// and each hydration pay for. The built server on the benchmark data, the anonymous cache off.
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench npm run bench:page-html -- /discussion /discussion/ID
// Options (environment): BENCH_PORT (3452).
import { mkdtempSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { signedInCookie } from "./lib/bench-member";
import { startServer } from "./lib/server-process";

const databaseUrl = process.env.DATABASE_URL;
const paths = process.argv.slice(2);
if (!databaseUrl || paths.length === 0) {
  console.error("Usage: DATABASE_URL=… npm run bench:page-html -- PATH [PATH…]");
  process.exit(1);
}
const port = Number(process.env.BENCH_PORT ?? 3452);

/** The page as sent with gzip: its size, and what the markup holds. */
function measure(url: string, cookie: string | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const headers = { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) };
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        if (response.statusCode !== 200) {
          reject(new Error(`${url} answered ${response.statusCode}`));
          return;
        }
        const sent = Buffer.concat(chunks);
        const html = gunzipSync(sent).toString("utf8");
        const count = (pattern: RegExp) => html.match(pattern)?.length ?? 0;
        resolve(
          `${sent.length.toLocaleString("en")} bytes gzip, ${count(/<[a-z][a-z0-9]*/g)} elements, ` +
            `${count(/<button/g)} buttons`,
        );
      });
    })
      .on("error", reject)
      .end();
  });
}

const server = await startServer({
  port,
  databaseUrl,
  dataDir: mkdtempSync(path.join(tmpdir(), "rc-bench-page-html-")),
  env: { ANONYMOUS_CACHE: "off" },
});
try {
  const cookie = await signedInCookie(server.url, databaseUrl);
  for (const pagePath of paths) {
    console.log(`${pagePath}`);
    console.log(`  visitor: ${await measure(`${server.url}${pagePath}`, undefined)}`);
    console.log(`  member:  ${await measure(`${server.url}${pagePath}`, cookie)}`);
  }
} finally {
  await server.stop();
}
