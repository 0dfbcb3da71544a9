// npm run bench:images: pictures in posts (issue 40, docs/decisions/065), measured on the built
// server as `npm start` runs it, on a fresh embedded database with the demo data, through the
// real upload route as a signed-in member:
//   1. one 5 MB photo (4032×3024 JPEG) uploaded at a time, BENCH_IMAGE_RUNS times (5): the
//      response time (sniff, decode, re-encode to WebP, store) and the server's peak resident
//      memory during it (VmHWM, reset before each upload by writing 5 to /proc/PID/clear_refs);
//   2. ten of those photos uploaded at once by ten members (a process holds three uploads at once,
//      one a member, and re-encodes one at a time; decision 098): how many were stored, how many
//      told to retry, the time until the last answered, and the server's peak memory (target:
//      within the small-server issue's 512 MB peak);
//   3. a discussion with 50 replies each holding 2 photos (1600×1200), measured by Lighthouse's
//      mobile preset, BENCH_LIGHTHOUSE_RUNS runs (3), median: CLS ≤ 0.02 and LCP ≤ 1.8 s
//      (BENCH_LIGHTHOUSE_JSON=<dir> keeps the reports; BENCH_LIGHTHOUSE_RUNS=0 skips this part;
//      BENCH_LIGHTHOUSE_LCP_PATH=1 prints what each run's simulated LCP waited for).
// Prints the machine's load average beside the figures. BENCH_IMAGE_MEMORY_LIMIT_MB=512 runs the
// server in a memory cgroup with that hard limit, as on a small server, and prints what the
// kernel saw: the cgroup's peak (page cache included) and whether it killed anything.
import { execSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import sharp from "sharp";
import { DEMO_PASSWORD, demoMemberEmails } from "../src/server/auth/demo-data";
import { imageToken } from "../src/shared/post-images";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./lib/chromium";
import { lcpPath } from "./lib/lcp-path";
import { formatLoad, loadAverage } from "./lib/machine-load";
import { quantile } from "./lib/percentiles";
import { resetPeak, statusMb } from "./lib/rss";
import { ROOT, startServer } from "./lib/server-process";

const port = Number(process.env.BENCH_PORT ?? 3450);
const UPLOAD_RUNS = Number(process.env.BENCH_IMAGE_RUNS ?? 5);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const AT_ONCE = 10;
const REPLIES = 50;
const TARGET_PEAK_MB = 512;
const TARGET_CLS = 0.02;
const TARGET_LCP_MS = 1_800;
const MEMORY_LIMIT_MB = Number(process.env.BENCH_IMAGE_MEMORY_LIMIT_MB) || undefined;

/** A photo-like JPEG: smooth gradients with sensor-like noise (noise is what makes it heavy). */
async function photo(width: number, height: number, noise: number, seed: number) {
  const raw = Buffer.alloc(width * height * 3);
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff - 0.5;
  };
  const clamp = (value: number) => Math.max(0, Math.min(255, value));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const base = 128 + 80 * Math.sin(x / 300 + seed) * Math.cos(y / 200);
      raw[i] = clamp(base + random() * noise);
      raw[i + 1] = clamp(255 - base + random() * noise);
      raw[i + 2] = clamp(((x + y + seed * 40) % 256) + random() * noise);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function signIn(url: string, origin: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok)
    throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

type Uploaded = { id: string; width: number; height: number };

async function upload(url: string, cookie: string, bytes: Buffer, name: string) {
  const body = new FormData();
  body.set("image", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), name);
  const started = performance.now();
  const response = await fetch(`${url}/api/images`, {
    method: "POST",
    headers: { cookie },
    body,
  });
  const ms = performance.now() - started;
  const answer = response.ok ? ((await response.json()) as Uploaded) : await response.text();
  return { status: response.status, ms, answer };
}

async function postJson<T>(url: string, cookie: string, route: string, data: unknown): Promise<T> {
  const response = await fetch(`${url}${route}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify(data),
  });
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function main() {
  console.log(`Load average before: ${formatLoad(loadAverage())}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "rc-bench-images-"));
  execSync("npx tsx scripts/seed-demo.ts", {
    cwd: ROOT,
    stdio: "ignore",
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
  });
  const siteUrl = `http://127.0.0.1:${port}`;
  const server = await startServer({
    port,
    dataDir,
    env: { SITE_URL: siteUrl },
    memoryLimitMb: MEMORY_LIMIT_MB,
  });
  if (MEMORY_LIMIT_MB) console.log(`The server runs under a ${MEMORY_LIMIT_MB} MB memory limit.`);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  });
  let missed = 0;
  try {
    const member = await signIn(server.url, siteUrl, "member@example.com");
    const big = await photo(4032, 3024, 48, 1);
    console.log(`\n1. One ${(big.length / 1e6).toFixed(2)} MB photo (4032×3024 JPEG) at a time`);
    const times: number[] = [];
    const peaks: number[] = [];
    for (let run = 0; run < UPLOAD_RUNS; run++) {
      const before = statusMb(server.pid, "VmRSS");
      resetPeak(server.pid);
      const result = await upload(server.url, member, big, `photo-${run}.jpg`);
      if (result.status !== 201)
        throw new Error(`upload answered ${result.status}: ${String(result.answer)}`);
      times.push(result.ms);
      peaks.push(statusMb(server.pid, "VmHWM"));
      console.log(
        `   run ${run + 1}: ${result.ms.toFixed(0)} ms, resident ${before.toFixed(0)} MB before, peak ${peaks.at(-1)?.toFixed(0)} MB`,
      );
    }
    console.log(
      `   median ${quantile(times, 0.5).toFixed(0)} ms; peak resident ${Math.max(...peaks).toFixed(0)} MB`,
    );

    console.log(`\n2. ${AT_ONCE} of those photos at once, from ${AT_ONCE} members`);
    const senders: string[] = [];
    for (const email of demoMemberEmails().slice(0, AT_ONCE)) {
      senders.push(await signIn(server.url, siteUrl, email));
    }
    const before = statusMb(server.pid, "VmRSS");
    resetPeak(server.pid);
    const started = performance.now();
    const results = await Promise.all(
      senders.map((sender, index) => upload(server.url, sender, big, `burst-${index}.jpg`)),
    );
    const elapsed = performance.now() - started;
    const peak = statusMb(server.pid, "VmHWM");
    const stored = results.filter((result) => result.status === 201).length;
    const busy = results.filter((result) => result.status === 503).length;
    const other = results.length - stored - busy;
    console.log(
      `   ${stored} stored, ${busy} told to retry (503), ${other} other; the last answered after ${(elapsed / 1000).toFixed(1)} s`,
    );
    console.log(
      `   resident ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (target ≤ ${TARGET_PEAK_MB} MB)`,
    );
    if (peak > TARGET_PEAK_MB) missed += 1;
    const kernel = server.cgroup();
    if (kernel) {
      console.log(
        `   the cgroup: peak ${kernel.peakMb.toFixed(0)} MB of its ${kernel.limitMb} MB, ${kernel.oomKills} process(es) killed`,
      );
      if (kernel.oomKills > 0) missed += 1;
    }
    if (other > 0) {
      missed += 1;
      console.log(`   unexpected answers: ${results.map((result) => result.status).join(", ")}`);
    }

    if (LIGHTHOUSE_RUNS > 0) {
      console.log(`\n3. A discussion with ${REPLIES} replies of 2 photos each, Lighthouse mobile`);
      const discussion = await postJson<{ id: string }>(server.url, member, "/api/discussions", {
        category: "life-observations",
        title: "Photos from the walk",
        content: "Post your pictures from Saturday's walk below.",
      });
      for (let reply = 0; reply < REPLIES; reply++) {
        const tokens: string[] = [];
        for (let picture = 0; picture < 2; picture++) {
          const bytes = await photo(1600, 1200, 24, reply * 2 + picture + 2);
          const result = await upload(server.url, member, bytes, `walk-${reply}-${picture}.jpg`);
          if (result.status !== 201) throw new Error(`upload answered ${result.status}`);
          tokens.push(
            imageToken({
              alt: `Walk photo ${reply * 2 + picture + 1}`,
              ...(result.answer as Uploaded),
            }),
          );
        }
        await postJson(server.url, member, `/api/discussions/${discussion.id}/replies`, {
          content: `Stop ${reply + 1} on the walk.\n\n${tokens.join("\n\n")}`,
        });
      }
      const page = `${siteUrl}/discussion/${discussion.id}`;
      const runs: Array<{ cls: number; lcp: number }> = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
        const result = await lighthouse(page, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
        if (!result || result.lhr.runtimeError) {
          console.log(`   (a run failed: ${result?.lhr.runtimeError?.code ?? "no result"})`);
          continue;
        }
        // BENCH_LIGHTHOUSE_JSON=<dir>: keep each run's full report (a Lighthouse viewer opens it).
        const reportDir = process.env.BENCH_LIGHTHOUSE_JSON;
        if (reportDir)
          writeFileSync(path.join(reportDir, `images-${run + 1}.json`), result.report as string);
        const audits = result.lhr.audits;
        runs.push({
          cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
          lcp: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
        });
        console.log(
          `   run ${run + 1}: CLS ${runs.at(-1)?.cls.toFixed(3)}, LCP ${((runs.at(-1)?.lcp ?? 0) / 1000).toFixed(2)} s`,
        );
        if (process.env.BENCH_LIGHTHOUSE_LCP_PATH) {
          for (const line of await lcpPath(result)) console.log(`      ${line}`);
        }
      }
      const cls = quantile(
        runs.map((run) => run.cls),
        0.5,
      );
      const lcp = quantile(
        runs.map((run) => run.lcp),
        0.5,
      );
      console.log(
        `   median: CLS ${cls.toFixed(3)} (target ≤ ${TARGET_CLS}), LCP ${(lcp / 1000).toFixed(2)} s (target ≤ ${TARGET_LCP_MS / 1000} s)`,
      );
      if (!(cls <= TARGET_CLS)) missed += 1;
      if (!(lcp <= TARGET_LCP_MS)) missed += 1;
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  console.log(`\nLoad average after: ${formatLoad(loadAverage())}`);
  console.log(missed === 0 ? "Every target met." : `${missed} target(s) missed.`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
