// npm run bench:page-cpu: what one page costs the server, one request at a time (issue 48): the
// built server on the benchmark data, a member signed up and signed in, each path asked 200
// times to warm up and then `count` times in a row; prints the wall time a request took
// and the server process's CPU time (user + system, from /proc) per request. No queue, no
// concurrency: the figure to compare two builds by, where bench:load's figures at 50 connections
// move with the machine. Each path is asked signed in, and with `--visitor` also without a
// session (with the anonymous cache off, so each is rendered). With `--members N`, N members take
// turns: a plain member's page may take its content from another's render (decision 095).
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench npm run bench:page-cpu -- /discussion /discussion/ID [--count 1000] [--visitor] [--members N]
// Options (environment): BENCH_PORT (3450).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { signedInCookie } from "./lib/bench-member";
import { formatLoad, loadAverage, processCpuMs } from "./lib/machine-load";
import { startServer } from "./lib/server-process";

// Enough for V8 to have optimised the render path: with 30 the first path measured ran slower.
const WARM_UP_REQUESTS = 200;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    count: { type: "string", default: "1000" },
    visitor: { type: "boolean" },
    members: { type: "string", default: "1" },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || positionals.length === 0) {
  console.error(
    "Usage: DATABASE_URL=… npm run bench:page-cpu -- PATH [PATH…] [--count N] [--visitor] [--members N]",
  );
  process.exit(1);
}
const count = Number(values.count);
const port = Number(process.env.BENCH_PORT ?? 3450);

async function ask(url: string, cookie: string | undefined): Promise<void> {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
}

const server = await startServer({
  port,
  databaseUrl,
  dataDir: mkdtempSync(path.join(tmpdir(), "rc-bench-page-cpu-")),
  env: { ANONYMOUS_CACHE: "off" },
});
try {
  const cookies: string[] = [];
  for (let i = 0; i < Number(values.members); i += 1) {
    cookies.push(await signedInCookie(server.url, databaseUrl));
  }
  console.log(
    `Load average at start: ${formatLoad(loadAverage())}; ${count} requests a path; ` +
      `${cookies.length} member(s) taking turns`,
  );
  for (const pagePath of positionals) {
    for (const who of values.visitor ? ["member", "visitor"] : ["member"]) {
      const asWho = (i: number) => (who === "member" ? cookies[i % cookies.length] : undefined);
      const url = `${server.url}${pagePath}`;
      for (let i = 0; i < WARM_UP_REQUESTS; i += 1) await ask(url, asWho(i));
      const cpuBefore = processCpuMs(server.pid) ?? Number.NaN;
      const started = performance.now();
      for (let i = 0; i < count; i += 1) await ask(url, asWho(i));
      const wall = (performance.now() - started) / count;
      const cpu = ((processCpuMs(server.pid) ?? Number.NaN) - cpuBefore) / count;
      console.log(
        `${pagePath} (${who}): ${wall.toFixed(2)} ms a request, ${cpu.toFixed(2)} ms of the server's CPU`,
      );
    }
  }
} finally {
  await server.stop();
}
