// npm run bench:memory: the server's memory as a small server would pay for it (issue 48). Each
// run starts the site the README's way (`npm start`: bench/lib/readme-start.ts) and reads the
// server process's resident memory (VmRSS) and its peak (VmHWM, the kernel's own high-water mark,
// never a sample) from /proc:
//   embedded, empty        a first start on a new DATA_DIR (initdb and every migration), then a
//                          restart on it: each after eight page views, and after 60 s of quiet;
//   embedded, 100,000      the same after a restart on 10,000 members, 100,000 discussions and
//                          100,000 replies (made once with bench:data and the demo accounts, kept
//                          in BENCH_PGLITE_DIR, default $TMPDIR/rc-bench-memory-pglite-100k), then
//                          the peak under 30 s of mixed load: the peak is reset (5 to
//                          /proc/PID/clear_refs) after the quiet, so it is the load's alone;
//   PGlite's floor         after each embedded start, PGlite alone reopening the same data
//                          directory in a process of its own (bench/pglite-floor.ts's `floor`),
//                          so the app's own share is the steady figure less the floor;
//   PostgreSQL, empty      a new database on DATABASE_URL's server, made and dropped;
//   PostgreSQL, 100,000    DATABASE_URL itself (bench:data's data), with the same load.
// The mixed load: 50 connections, each request drawn at random: anonymous pages (the home page,
// the forum, a discussion), the same pages signed in as a demo member, JSON reads (the list, a
// discussion, the members), replies posted and pictures uploaded (a 1200×900 JPEG; one re-encode
// runs at a time per server, so a 503 "try again" is counted apart, not as a failure).
//
//   npm run bench:memory [-- options]        (DATABASE_URL=… for the PostgreSQL runs)
//     --runs N                 repeat everything N times, variants interleaved (1); medians
//     --only a,b               embedded-empty, embedded-100k, postgres-empty, postgres-100k
//     --quiet S --load S       the quiet before the steady figure (60) and the load (30)
//     --variant 'label;node flags;KEY=value KEY=value'
//                              compare a choice: the start script with these node flags and this
//                              environment instead (repeatable; unset: `npm start` as it is)
//     --limit MB               run npm and the server in a memory cgroup of that hard limit, and
//                              report the cgroup's peak and any process the kernel killed
//     --cpus LIST              pin npm and the server to these CPUs (taskset -c: "0" is one core)
//     --skip a,b               leave these kinds of request out of the load (to see what costs:
//                              "picture uploaded", "reply posted", "members JSON", ...)
// Prints the machine's load average beside the figures. Run it from a checkout nobody edits
// meanwhile (a worktree at a fixed commit): npm start builds again when the sources change.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { DEMO_PASSWORD } from "../src/server/auth/demo-data";
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from "../src/server/db/pglite-settings";
import { memorySeenMb, missingV8Flags } from "../src/server/v8-flags";
import { formatLoad, loadAverage } from "./lib/machine-load";
import { median } from "./lib/percentiles";
import { readmeStart, type StartedSite, startScriptNodeFlags } from "./lib/readme-start";
import { peakMb, resetPeak, rssMb } from "./lib/rss";
import { ROOT } from "./lib/server-process";

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const RUNS = Number(option("runs") ?? 1);
const QUIET_S = Number(option("quiet") ?? 60);
const LOAD_S = Number(option("load") ?? 30);
const LIMIT_MB = option("limit") ? Number(option("limit")) : undefined;
const CPUS = option("cpus");
const SKIP = option("skip")?.split(",") ?? [];
const CONNECTIONS = 50;
const PORT = Number(process.env.BENCH_PORT ?? 3460);
const PGLITE_100K =
  process.env.BENCH_PGLITE_DIR ?? path.join(tmpdir(), "rc-bench-memory-pglite-100k");
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const ALL_SITES = ["embedded-empty", "embedded-100k", "postgres-empty", "postgres-100k"] as const;
type SiteName = (typeof ALL_SITES)[number];
const SITES = (option("only")?.split(",") ?? ALL_SITES) as SiteName[];
for (const site of SITES) {
  if (!ALL_SITES.includes(site)) throw new Error(`--only: unknown ${site}`);
}

type Variant = { label: string; nodeFlags?: string[]; env: Record<string, string> };
const VARIANTS: Variant[] = args.flatMap((arg, index) => {
  if (args[index - 1] !== "--variant") return [];
  const [label = "", flags = "", env = ""] = arg.split(";");
  return [
    {
      label,
      nodeFlags: flags.split(/\s+/).filter(Boolean),
      env: Object.fromEntries(
        env
          .split(/\s+/)
          .filter(Boolean)
          .map((pair) => pair.split("=", 2) as [string, string]),
      ),
    },
  ];
});
if (VARIANTS.length === 0) VARIANTS.push({ label: "npm start", env: {} });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What one start of the server measured (MB; req/s). */
type Figures = {
  afterStart: number;
  steady: number;
  /** Embedded: PGlite alone on the same data directory, opened and read (pglite-floor.ts). */
  floor?: number;
  startPeak: number;
  loadPeak?: number;
  perSecond?: number;
  failed?: number;
  busy?: number;
  cgroup?: string;
};

/** Eight page views, as a first visitor's look around: pages and the JSON they load. */
async function lookAround(url: string) {
  const discussion = await firstDiscussion(url);
  const pages = [
    "/",
    "/discussion",
    discussion ? `/discussion/${discussion}` : "/search?q=rant",
    "/members",
    "/blog",
    "/auth",
    "/api/discussions",
    "/api/session",
  ];
  for (const page of pages) {
    const response = await fetch(`${url}${page}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${page} answered ${response.status}`);
  }
}

async function firstDiscussion(url: string): Promise<string | undefined> {
  const response = await fetch(`${url}/api/discussions?limit=5`);
  const list = (await response.json()) as { items: Array<{ id: string; isLocked?: boolean }> };
  return list.items.find((item) => !item.isLocked)?.id;
}

async function signIn(url: string): Promise<string> {
  const origin = `http://localhost:${new URL(url).port}`;
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: "member@example.com", password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** 50 connections for LOAD_S seconds of mixed requests; returns requests a second and failures. */
async function mixedLoad(url: string) {
  const cookie = await signIn(url);
  const discussion = await firstDiscussion(url);
  if (!discussion) throw new Error("the load needs a discussion");
  const picture = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: 120, g: 90, b: 60 } },
  })
    .composite([{ input: Buffer.from(noiseSvg()), top: 0, left: 0 }])
    .jpeg({ quality: 85 })
    .toBuffer();
  const signedIn = { cookie };
  let sequence = 0;
  const kinds: Array<[name: string, weight: number, send: () => Promise<Response>]> = [
    ["home page", 10, () => fetch(`${url}/`)],
    ["forum page", 10, () => fetch(`${url}/discussion`)],
    ["discussion page", 10, () => fetch(`${url}/discussion/${discussion}`)],
    ["forum page (signed in)", 10, () => fetch(`${url}/discussion`, { headers: signedIn })],
    [
      "discussion page (signed in)",
      10,
      () => fetch(`${url}/discussion/${discussion}`, { headers: signedIn }),
    ],
    [
      "forum JSON (signed in)",
      10,
      () => fetch(`${url}/api/discussions?sort=activity`, { headers: signedIn }),
    ],
    ["discussion JSON", 10, () => fetch(`${url}/api/discussions/${discussion}`)],
    ["members JSON", 10, () => fetch(`${url}/api/members`)],
    [
      "reply posted",
      8,
      () =>
        fetch(`${url}/api/discussions/${discussion}/replies`, {
          method: "POST",
          headers: { ...signedIn, "content-type": "application/json" },
          body: JSON.stringify({
            content: `Memory run reply ${++sequence}: same here, the printer jammed again today.`,
          }),
        }),
    ],
    [
      "picture uploaded",
      2,
      () => {
        const body = new FormData();
        body.set("image", new Blob([new Uint8Array(picture)], { type: "image/jpeg" }), "photo.jpg");
        return fetch(`${url}/api/images`, { method: "POST", headers: signedIn, body });
      },
    ],
  ];
  for (const name of SKIP) {
    const index = kinds.findIndex(([kind]) => kind === name);
    if (index < 0) throw new Error(`--skip: no request called ${name}`);
    kinds.splice(index, 1);
  }
  const total = kinds.reduce((sum, [, weight]) => sum + weight, 0);
  const draw = () => {
    let left = Math.random() * total;
    for (const kind of kinds) {
      left -= kind[1];
      if (left < 0) return kind;
    }
    return kinds[0] as (typeof kinds)[number];
  };
  const times = new Map<string, number[]>(kinds.map(([name]) => [name, []]));
  let done = 0;
  let failed = 0;
  let busy = 0;
  const failures = new Map<string, number>();
  const until = Date.now() + LOAD_S * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const [name, , send] = draw();
        const started = performance.now();
        try {
          const response = await send();
          await response.arrayBuffer();
          times.get(name)?.push(performance.now() - started);
          if (response.status === 503) busy += 1;
          else if (!response.ok) {
            failed += 1;
            const key = `${response.status} ${new URL(response.url).pathname}`;
            failures.set(key, (failures.get(key) ?? 0) + 1);
          }
        } catch (error) {
          failed += 1;
          const key = String(error instanceof Error ? error.message : error);
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
        done += 1;
      }
    }),
  );
  console.log(
    `    median ms: ${[...times].map(([name, ms]) => `${name} ${median(ms).toFixed(0)} (${ms.length})`).join(", ")}`,
  );
  if (failures.size > 0)
    console.log(`    failures: ${[...failures].map(([k, n]) => `${k} ×${n}`).join(", ")}`);
  return { perSecond: done / LOAD_S, failed, busy };
}

/** Grain, so the picture is not a flat colour that encodes to nothing. */
function noiseSvg() {
  const dots = Array.from(
    { length: 400 },
    (_, i) =>
      `<circle cx="${(i * 97) % 1200}" cy="${(i * 53) % 900}" r="${5 + (i % 40)}" fill="rgb(${(i * 37) % 255},${(i * 91) % 255},${(i * 13) % 255})"/>`,
  ).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">${dots}</svg>`;
}

/** One start: after the look around, after the quiet, the start's peak; then the load if asked. */
async function measureStart(
  variant: Variant,
  site: { dataDir: string; databaseUrl?: string },
  load: boolean,
): Promise<Figures> {
  const server = await readmeStart({
    port: PORT,
    ...site,
    env: variant.env,
    nodeFlags: variant.nodeFlags,
    memoryLimitMb: LIMIT_MB,
    cpus: CPUS,
  });
  try {
    await lookAround(server.url);
    const afterStart = rssMb(server.pid);
    await sleep(QUIET_S * 1000);
    const figures: Figures = {
      afterStart,
      steady: rssMb(server.pid),
      startPeak: peakMb(server.pid),
    };
    if (load) {
      resetPeak(server.pid);
      Object.assign(figures, await mixedLoad(server.url));
      figures.loadPeak = peakMb(server.pid);
    }
    return withCgroup(figures, server);
  } finally {
    await server.stop();
  }
}

/**
 * PGlite's floor on `dataDir` (issue 48's "app's own share" is the steady figure less this): a
 * process of Node, PGlite and its extension alone, with the server's node flags (Liftoff) and
 * buffers, reopening the directory the server just left. Its resident memory after a full GC,
 * from its own /proc. What the server's own queries then grow PGlite's WebAssembly memory by
 * (it never shrinks) counts in the app's share.
 */
function pgliteFloorMb(variant: Variant, dataDir: string): number {
  const sharedBuffers = `${variant.env.PGLITE_SHARED_BUFFERS_MB ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB}MB`;
  const job = { kind: "floor", dir: path.join(dataDir, "pg"), options: { sharedBuffers } };
  // The server re-runs itself with the V8 flags it lacks (src/server/rerun-with-v8-flags.ts).
  const given = variant.nodeFlags ?? startScriptNodeFlags();
  const flags = [
    ...given,
    ...missingV8Flags({
      execArgv: given,
      nodeOptions: variant.env.NODE_OPTIONS,
      embedded: true,
      memoryMb: LIMIT_MB ?? memorySeenMb(),
    }),
  ];
  const output = execFileSync(
    process.execPath,
    ["--expose-gc", ...flags, "bench/pglite-floor.ts", "--child", JSON.stringify(job)],
    { cwd: ROOT, encoding: "utf8" },
  );
  const report = output.split("\n").find((line) => line.startsWith("REPORT "));
  const open = report && JSON.parse(report.slice(7)).stages?.open;
  if (!open) throw new Error(`the floor's process did not open PGlite: ${output.slice(-500)}`);
  return open.rss as number;
}

/** A start on the embedded database, then its floor on the same directory. */
async function measureEmbedded(variant: Variant, dataDir: string, load: boolean) {
  const figures = await measureStart(variant, { dataDir }, load);
  figures.floor = pgliteFloorMb(variant, dataDir);
  return figures;
}

function withCgroup(figures: Figures, server: StartedSite): Figures {
  const cgroup = server.cgroup();
  if (!server.running()) throw new Error("the server died during the run");
  if (cgroup)
    figures.cgroup = `cgroup peak ${cgroup.peakMb.toFixed(0)} of ${cgroup.limitMb} MB, ${cgroup.oomKills} killed`;
  return figures;
}

/** The 100,000-discussion embedded site, made once (about 5 minutes here) and reused. */
function ensureEmbeddedData() {
  if (existsSync(path.join(PGLITE_100K, "pg"))) return;
  console.log(`Making the 100,000-discussion embedded site in ${PGLITE_100K} (once)...`);
  const env = { ...process.env, DATABASE_URL: "", DATA_DIR: PGLITE_100K, LOG_LEVEL: "warn" };
  execFileSync("npx", ["tsx", "bench/generate-data.ts", "10000", "100000", "100000"], {
    cwd: ROOT,
    stdio: "inherit",
    env,
  });
  execFileSync("npm", ["run", "seed:demo"], { cwd: ROOT, stdio: "inherit", env });
}

async function withEmptyPostgresDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const admin = new URL(DATABASE_URL as string);
  admin.pathname = "/postgres";
  const name = `rc_bench_memory_${process.pid}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`create database ${name}`);
  try {
    const url = new URL(DATABASE_URL as string);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await client.query(`drop database ${name} with (force)`);
    await client.end();
  }
}

type Row = { variant: string; site: string; figures: Figures };

async function runOnce(variant: Variant, rows: Row[]) {
  const record = (site: string, figures: Figures) => {
    rows.push({ variant: variant.label, site, figures });
    console.log(`  ${variant.label} · ${site}: ${describe(figures)}`);
  };
  if (SITES.includes("embedded-empty")) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "rc-bench-memory-"));
    try {
      record("embedded, empty, first start", await measureEmbedded(variant, dataDir, false));
      record("embedded, empty, restart", await measureEmbedded(variant, dataDir, false));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (SITES.includes("embedded-100k")) {
    record("embedded, 100,000 discussions", await measureEmbedded(variant, PGLITE_100K, true));
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "rc-bench-memory-"));
  try {
    if (SITES.includes("postgres-empty")) {
      record(
        "PostgreSQL, empty",
        await withEmptyPostgresDatabase((databaseUrl) =>
          measureStart(variant, { dataDir, databaseUrl }, false),
        ),
      );
    }
    if (SITES.includes("postgres-100k")) {
      record(
        "PostgreSQL, 100,000 discussions",
        await measureStart(variant, { dataDir, databaseUrl: DATABASE_URL }, true),
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const mb = (value: number | undefined) => (value === undefined ? "" : value.toFixed(0));

function describe(figures: Figures) {
  return [
    `after start ${mb(figures.afterStart)} MB`,
    `steady ${mb(figures.steady)} MB`,
    `start peak ${mb(figures.startPeak)} MB`,
    figures.floor === undefined
      ? ""
      : `PGlite's floor ${mb(figures.floor)} MB, the app's share ${mb(figures.steady - figures.floor)} MB`,
    figures.loadPeak === undefined
      ? ""
      : `load peak ${mb(figures.loadPeak)} MB (${figures.perSecond?.toFixed(0)} req/s, ${figures.failed} failed, ${figures.busy} busy)`,
    figures.cgroup ?? "",
  ]
    .filter(Boolean)
    .join(", ");
}

async function main() {
  console.log(
    `Load average before: ${formatLoad(loadAverage())}; start script's node flags: ${startScriptNodeFlags().join(" ") || "none"}`,
  );
  if (!DATABASE_URL && SITES.some((site) => site.startsWith("postgres"))) {
    console.log("(DATABASE_URL unset: the PostgreSQL runs are skipped)");
    SITES.splice(0, SITES.length, ...SITES.filter((site) => !site.startsWith("postgres")));
  }
  if (SITES.includes("embedded-100k")) ensureEmbeddedData();
  // Build once, outside the measured starts (npm start builds only when the sources changed).
  execFileSync(process.execPath, ["scripts/build-if-needed.ts"], { cwd: ROOT, stdio: "inherit" });
  const rows: Row[] = [];
  for (let run = 1; run <= RUNS; run++) {
    console.log(`\nRun ${run} of ${RUNS} (load ${formatLoad(loadAverage())})`);
    for (const variant of VARIANTS) await runOnce(variant, rows);
  }
  console.log(
    `\nMedians of ${RUNS} run(s), MB (steady after ${QUIET_S} s of quiet; load: ${CONNECTIONS} connections for ${LOAD_S} s); load average ${formatLoad(loadAverage())}`,
  );
  console.log(
    "| variant | site | after start | steady | PGlite's floor | app's share | start peak | load peak | req/s | failed |",
  );
  console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  const keys = [...new Set(rows.map((row) => `${row.variant}\u0000${row.site}`))];
  for (const key of keys) {
    const [variant, site] = key.split("\u0000");
    const runs = rows
      .filter((row) => row.variant === variant && row.site === site)
      .map((row) => row.figures);
    const middle = (pick: (figures: Figures) => number | undefined) => {
      const values = runs.map(pick).filter((value): value is number => value !== undefined);
      return values.length ? median(values) : undefined;
    };
    console.log(
      `| ${variant} | ${site} | ${mb(middle((f) => f.afterStart))} | ${mb(middle((f) => f.steady))} | ${mb(middle((f) => f.floor))} | ${mb(middle((f) => (f.floor === undefined ? undefined : f.steady - f.floor)))} | ${mb(middle((f) => f.startPeak))} | ${mb(middle((f) => f.loadPeak))} | ${mb(middle((f) => f.perSecond))} | ${mb(middle((f) => f.failed))} |`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
