// PGlite's memory floor (issue 48), measured apart from the app: each case runs in a fresh Node
// process of its own, which reads its own VmRSS and VmHWM from /proc/self/status after each
// stage, so a peak is the OS's figure for that process alone, never a sample.
//
//   node bench/pglite-floor.ts [--runs 3] [--only name,name] [--big 20000]
//
// bench:memory runs one case of it (`--child` with a `floor` job) on each embedded site it
// measured, for the app's own share: the server's memory less this floor.
//
// Plain Node 24 (type stripping), no tsx: the process holds PGlite, Drizzle's migrator and
// pg-boss (the app's migrate(): Drizzle's migrations under drizzle/, then pg-boss's schema, as
// db/client.ts does) and nothing else of the app, so what it measures is the database's share.
// Cases run interleaved (run 1 of every case, then run 2, ...), and the table gives medians.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const self = fileURLToPath(import.meta.url);

type Options = {
  sharedBuffers?: string;
  workMem?: string;
  walBuffers?: string;
  maxConnections?: number;
  initialMemoryMb?: number;
};

type Job =
  | { kind: "first"; dir: string; options: Options; dumpTo?: string }
  | { kind: "reopen"; dir: string; options: Options }
  | { kind: "load"; dir: string; tarball: string; options: Options }
  | { kind: "big-make"; dir: string; rows: number }
  | { kind: "big"; dir: string; options: Options }
  | { kind: "floor"; dir: string; options: Options }
  | { kind: "node-empty"; dir: string }
  | { kind: "server-graph"; dir: string };

type Stage = { rss: number; hwm: number; wasm: number; ms?: number };
type Report = {
  stages: Record<string, Stage>;
  settings?: Record<string, string>;
  error?: string;
};

// ---------------------------------------------------------------- child: one case, one process

function status(): { rss: number; hwm: number } {
  const text = readFileSync("/proc/self/status", "utf8");
  const kb = (key: string) => Number(text.match(new RegExp(`^${key}:\\s+(\\d+) kB`, "m"))?.[1]);
  return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
}

async function child(job: Job): Promise<Report> {
  if (job.kind === "node-empty" || job.kind === "server-graph") return nodeBaseline(job.kind);
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const stages: Record<string, Stage> = {};
  let pg: InstanceType<typeof PGlite> | undefined;
  const wasmMb = () => {
    const mod = (pg as unknown as { mod?: { HEAPU8?: Uint8Array } } | undefined)?.mod;
    return (mod?.HEAPU8?.buffer.byteLength ?? 0) / 2 ** 20;
  };
  // Each stage after a full GC: a closed PGlite's WebAssembly.Memory (initdb's helper
  // instance) is garbage until then. The peak (VmHWM) is the OS's and sees everything.
  const mark = (name: string, ms?: number) => {
    globalThis.gc?.();
    stages[name] = { ...status(), wasm: wasmMb(), ms };
  };
  mark("node+imports");

  const options = "options" in job ? job.options : {};
  const startParams = [...PGlite.defaultStartParams];
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined) startParams.push("-c", `${key}=${value}`);
  };
  set("shared_buffers", options.sharedBuffers);
  set("work_mem", options.workMem);
  set("wal_buffers", options.walBuffers);
  set("max_connections", options.maxConnections);

  const loadDataDir = job.kind === "load" ? new Blob([readFileSync(job.tarball)]) : undefined;
  const t0 = performance.now();
  pg = new PGlite({
    dataDir: job.dir,
    loadDataDir,
    extensions: { pg_trgm },
    startParams,
    ...(options.initialMemoryMb ? { initialMemory: options.initialMemoryMb * 2 ** 20 } : {}),
  });
  await pg.waitReady;
  const openMs = performance.now() - t0;
  // Before the GC too: what a server that never collects would hold.
  stages["open (no gc)"] = { ...status(), wasm: wasmMb(), ms: openMs };
  mark("open", openMs);

  const settings: Record<string, string> = {};
  for (const key of ["shared_buffers", "work_mem", "wal_buffers", "max_connections"]) {
    const r = await pg.query<Record<string, string>>(`show ${key}`);
    settings[key] = String(Object.values(r.rows[0] ?? {})[0]);
  }

  if (job.kind === "big-make") {
    await migrate(pg);
    await bigData(pg, job.rows);
    await pg.query("checkpoint");
    mark("made");
    await pg.close();
    return { stages, settings };
  }

  if (job.kind === "floor") {
    // bench:memory's floor, as issue 48 defines it: PGlite reopening the site's own data
    // directory, nothing else (the "open" stage). Nothing is written: the 100,000-discussion
    // site is kept between runs.
    await pg.close();
    return { stages, settings };
  }

  if (job.kind === "big") {
    let t = performance.now();
    await bigLoop(pg);
    mark("big loop (cold)", performance.now() - t);
    t = performance.now();
    await bigLoop(pg);
    mark("big loop (warm)", performance.now() - t);
    for (const lap of ["cold", "warm"]) {
      t = performance.now();
      await bigLoop(pg, "pk");
      mark(`big pk loop (${lap})`, performance.now() - t);
    }
    // One statement that builds a large value (tens of MB of palloc): the WebAssembly memory
    // grows for it and never gives the pages back.
    t = performance.now();
    await pg.query("select length(string_agg(content, '')) from discussions");
    mark("big string_agg", performance.now() - t);
    await pg.close();
    return { stages, settings };
  }

  let t = performance.now();
  await migrate(pg);
  mark("migrate", performance.now() - t);
  t = performance.now();
  await pg.query("checkpoint");
  mark("checkpoint", performance.now() - t);
  if (job.kind === "first" && job.dumpTo) {
    // As db/client.ts's dumpDataDir() makes it (gzip), of the freshly migrated database.
    const blob = await pg.dumpDataDir("gzip");
    writeFileSync(job.dumpTo, Buffer.from(await blob.arrayBuffer()));
    mark("dump");
  }
  t = performance.now();
  await queryMix(pg);
  mark("mix", performance.now() - t);
  t = performance.now();
  await queryMix(pg);
  mark("mix x2", performance.now() - t);
  await pg.close();
  return { stages, settings };
}

/**
 * Node alone, and Node with the built server's module graph evaluated (dist/server/main.js,
 * `npm start`'s entry) but no database: a bad PORT makes main() stop at loadEnv, and
 * process.exit is stubbed so that the process stays to be measured.
 */
async function nodeBaseline(kind: "node-empty" | "server-graph"): Promise<Report> {
  const stages: Record<string, Stage> = {};
  const mark = (name: string) => {
    globalThis.gc?.();
    stages[name] = { ...status(), wasm: 0 };
  };
  mark("node");
  if (kind === "server-graph") {
    process.env.PORT = "not-a-port";
    process.env.NODE_ENV = "production";
    const exit = process.exit;
    process.exit = (() => undefined) as typeof process.exit;
    const error = console.error;
    console.error = () => {};
    const t = performance.now();
    await import(path.join(root, "dist/server/main.js"));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ms = performance.now() - t;
    mark("dist/server/main.js imported");
    stages["dist/server/main.js imported"]!.ms = ms;
    process.exit = exit;
    console.error = error;
  }
  return { stages };
}

type Pg = {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown[]>;
};

/** The app's migrate() for PGlite (db/client.ts): Drizzle's migrations, then pg-boss's schema. */
async function migrate(client: unknown) {
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate: migratePglite } = await import("drizzle-orm/pglite/migrator");
  const { default: PgBoss } = await import("pg-boss");
  // biome-ignore lint/suspicious/noExplicitAny: the PGlite client as Drizzle takes it
  const db = drizzle({ client: client as any });
  await migratePglite(db, { migrationsFolder: path.join(root, "drizzle") });
  // lib/job-schema.ts's executorOf over the raw client.
  const raw = client as Pg;
  const boss = new PgBoss({
    db: {
      async executeSql(text: string, values?: unknown[]) {
        if (values && values.length > 0) return raw.query(text, values);
        return ((await raw.exec(text)).at(-1) as { rows: unknown[] }) ?? { rows: [] };
      },
    },
    schema: "pgboss",
    supervise: false,
    schedule: false,
  });
  boss.on("error", () => {});
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: false });
}

const words = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike".split(
  " ",
);
const text = (n: number, seed: number) =>
  Array.from({ length: n }, (_, i) => words[(seed * 7 + i * 13) % words.length]).join(" ");

/**
 * A few hundred of the app's kinds of statement on its tables: members signing up (verified,
 * so the triggers make profiles and roles), discussions and replies posted (counts, search
 * vectors and unread triggers), forum pages, discussion pages, search, member lookups.
 */
async function queryMix(pg: Pg) {
  const tag = Math.random().toString(36).slice(2, 8);
  const categories = (await pg.query<{ id: string }>("select id from categories")).rows;
  const users: string[] = [];
  for (let i = 0; i < 30; i++) {
    const id = `u-${tag}-${i}`;
    await pg.query(
      `insert into "user" (id, name, email, email_verified) values ($1, $2, $3, true)`,
      [id, `Member ${tag} ${i}`, `${id}@example.test`],
    );
    users.push(id);
  }
  const discussions: string[] = [];
  for (let i = 0; i < 100; i++) {
    const r = await pg.query<{ id: string }>(
      `insert into discussions (title, content, author_id, category_id) values ($1, $2, $3, $4) returning id`,
      [text(8, i), text(120, i), users[i % users.length], categories[i % categories.length]?.id],
    );
    discussions.push(r.rows[0]!.id);
  }
  for (let i = 0; i < 200; i++) {
    await pg.query(
      `insert into discussion_replies (discussion_id, author_id, content) values ($1, $2, $3)`,
      [discussions[(i * 7) % discussions.length], users[(i * 3) % users.length], text(60, i)],
    );
  }
  for (let i = 0; i < 150; i++) {
    await pg.query(
      `select d.id, d.title, d.replies_count, d.last_activity_at, p.full_name
         from discussions d left join profiles p on p.id = d.author_id
        where d.category_id = $1 and d.status = 'active'
        order by d.is_pinned desc, d.last_activity_at desc, d.id desc limit 20`,
      [categories[i % categories.length]?.id],
    );
    const id = discussions[(i * 11) % discussions.length];
    await pg.query(
      `select d.*, p.full_name from discussions d left join profiles p on p.id = d.author_id where d.id = $1`,
      [id],
    );
    await pg.query(
      `select r.id, r.content, r.created_at, p.full_name from discussion_replies r
         left join profiles p on p.id = r.author_id
        where r.discussion_id = $1 order by r.created_at, r.id limit 50`,
      [id],
    );
  }
  for (let i = 0; i < 50; i++) {
    await pg.query(
      `select id, title from discussions where search_vector @@ websearch_to_tsquery('english', $1) limit 20`,
      [words[i % words.length]],
    );
    await pg.query(`select id from profiles where full_name ilike $1 limit 10`, [`%${tag} ${i}%`]);
  }
}

/** A site with `rows` discussions of about 1.2 kB each and ten replies per ten discussions. */
async function bigData(pg: Pg, rows: number) {
  await pg.exec(`
    insert into "user" (id, name, email, email_verified)
      select 'big-' || g, 'Big member ' || g, 'big-' || g || '@example.test', true
        from generate_series(1, 200) g;
    insert into discussions (title, content, author_id, category_id)
      select 'Discussion ' || g || ' ' || md5(g::text),
             repeat(md5(g::text) || ' ' || md5((g + 1)::text) || ' ', 18),
             'big-' || (g % 200 + 1),
             (select id from categories order by position offset (g % 4) limit 1)
        from generate_series(1, ${rows}) g;
    insert into discussion_replies (discussion_id, author_id, content)
      select d.id, 'big-' || (g % 200 + 1), repeat(md5(g::text) || ' ', 10)
        from (select id from discussions where seq % 10 = 0) d, generate_series(1, 10) g;
    analyze;
  `);
}

/**
 * Reads on a larger site. `full`: 1,000 lookups by seq, which has no index of its own, so each
 * is a full scan of the table (the worst case for small buffers: a 117 MB table against 16 MB),
 * 100 forum pages of a category (discussions_category_activity_idx) and one counting scan.
 * `pk` (the pages the app serves): 1,000 discussions by primary key and the same forum pages.
 */
async function bigLoop(pg: Pg, kind: "full" | "pk" = "full") {
  const { rows } = await pg.query<{ n: number }>("select max(seq)::int as n from discussions");
  const n = rows[0]?.n ?? 1;
  const categories = (await pg.query<{ id: string }>("select id from categories")).rows;
  let seed = 1;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const ids =
    kind === "pk"
      ? (await pg.query<{ id: string }>("select id from discussions")).rows.map((r) => r.id)
      : [];
  for (let i = 0; i < 1000; i++) {
    if (kind === "pk") {
      await pg.query(
        `select d.*, p.full_name from discussions d left join profiles p on p.id = d.author_id where d.id = $1`,
        [ids[Math.floor(rand() * ids.length)]],
      );
      continue;
    }
    await pg.query(
      `select d.*, p.full_name from discussions d left join profiles p on p.id = d.author_id where d.seq = $1`,
      [1 + Math.floor(rand() * n)],
    );
  }
  for (let i = 0; i < 100; i++) {
    await pg.query(
      `select d.id, d.title, d.replies_count from discussions d
        where d.category_id = $1 and d.status = 'active'
        order by d.is_pinned desc, d.last_activity_at desc, d.id desc limit 20 offset $2`,
      [categories[i % categories.length]?.id, Math.floor(rand() * 200)],
    );
  }
  if (kind === "full")
    await pg.query("select count(*) from discussions where content like '%ffff%'");
}

// ---------------------------------------------------------------- driver

type Case = { name: string; job: (dir: string) => Job; nodeFlags?: string[] };

function runChild(job: Job, nodeFlags: string[] = []): Report {
  const result = spawnSync(
    "nice",
    [
      "-n",
      "10",
      process.execPath,
      "--expose-gc",
      ...nodeFlags,
      self,
      "--child",
      JSON.stringify(job),
    ],
    { cwd: root, encoding: "utf8", maxBuffer: 64 * 2 ** 20 },
  );
  const line = result.stdout.split("\n").find((l) => l.startsWith("REPORT "));
  if (!line) {
    // A case that cannot start (initialMemory below the module's declared 128 MB) is a finding.
    const error = result.stderr.match(/\[?(\w*Error[^\n]*)/)?.[1] ?? `exit ${result.status}`;
    return { stages: {}, error };
  }
  return JSON.parse(line.slice(7)) as Report;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function driver(argv: string[]) {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const runs = Number(arg("--runs") ?? 3);
  const bigRows = Number(arg("--big") ?? 20_000);
  const only = arg("--only")?.split(",");
  const work = mkdtempSync(path.join(tmpdir(), "pglite-floor-"));
  const fresh = () => mkdtempSync(path.join(work, "d-"));

  // Templates: a migrated data directory, its dump (dumpDataDir, gzip), a larger site.
  const template = path.join(work, "template");
  const tarball = path.join(work, "template.tgz");
  mkdirSync(template);
  runChild({ kind: "first", dir: template, options: {}, dumpTo: tarball });
  const { execFileSync: run } = await import("node:child_process");
  console.error(
    `template: ${run("du", ["-sh", template]).toString().trim()}; dump ${(readFileSync(tarball).length / 2 ** 20).toFixed(1)} MB gzipped`,
  );
  const copyOf = (from: string) => {
    const dir = fresh();
    cpSync(from, dir, { recursive: true });
    return dir;
  };

  const liftoff = ["--liftoff-only"];
  const settingsCases: [string, Options, string[]?][] = [
    ["defaults (shared_buffers 128MB)", {}],
    ["shared_buffers 32MB", { sharedBuffers: "32MB" }],
    ["shared_buffers 16MB", { sharedBuffers: "16MB" }],
    ["shared_buffers 8MB", { sharedBuffers: "8MB" }],
    ["sb 16MB, wal_buffers 512kB", { sharedBuffers: "16MB", walBuffers: "512kB" }],
    ["sb 16MB, work_mem 1MB", { sharedBuffers: "16MB", workMem: "1MB" }],
    ["sb 16MB, max_connections 5", { sharedBuffers: "16MB", maxConnections: 5 }],
    ["sb 16MB, initialMemory 32MB", { sharedBuffers: "16MB", initialMemoryMb: 32 }],
    ["defaults, node --liftoff-only", {}, liftoff],
    ["sb 16MB, node --liftoff-only", { sharedBuffers: "16MB" }, liftoff],
  ];
  const cases: Case[] = [
    { name: "node alone", job: (dir) => ({ kind: "node-empty", dir }) },
    { name: "node + dist/server module graph", job: (dir) => ({ kind: "server-graph", dir }) },
    { name: "first start (initdb), defaults", job: (dir) => ({ kind: "first", dir, options: {} }) },
    {
      name: "first start (initdb), shared_buffers 16MB",
      job: (dir) => ({ kind: "first", dir, options: { sharedBuffers: "16MB" } }),
    },
    {
      name: "first start (initdb), sb 16MB, node --liftoff-only",
      job: (dir) => ({ kind: "first", dir, options: { sharedBuffers: "16MB" } }),
      nodeFlags: liftoff,
    },
    {
      name: "first start from loadDataDir, defaults",
      job: (dir) => ({ kind: "load", dir, tarball, options: {} }),
    },
    {
      name: "first start from loadDataDir, shared_buffers 16MB",
      job: (dir) => ({ kind: "load", dir, tarball, options: { sharedBuffers: "16MB" } }),
    },
    {
      name: "first start from loadDataDir, sb 16MB, node --liftoff-only",
      job: (dir) => ({ kind: "load", dir, tarball, options: { sharedBuffers: "16MB" } }),
      nodeFlags: liftoff,
    },
    ...settingsCases.map(([name, options, nodeFlags]) => ({
      name: `reopen, ${name}`,
      job: (): Job => ({ kind: "reopen", dir: copyOf(template), options }),
      nodeFlags,
    })),
  ];

  let bigTemplate: string | undefined;
  // The big site takes minutes to make: only when a chosen case uses it.
  if (bigRows > 0 && (!only || only.some((name) => name.includes("big")))) {
    bigTemplate = path.join(work, "big");
    mkdirSync(bigTemplate);
    const made = runChild({ kind: "big-make", dir: bigTemplate, rows: bigRows });
    console.error(`big site made: ${JSON.stringify(made.stages.made)}`);
    for (const [name, options, nodeFlags] of [
      ["shared_buffers 128MB", {}],
      ["shared_buffers 16MB", { sharedBuffers: "16MB" }],
      ["shared_buffers 8MB", { sharedBuffers: "8MB" }],
      ["sb 16MB, node --liftoff-only", { sharedBuffers: "16MB" }, liftoff],
      ["sb 128MB, node --liftoff-only", {}, liftoff],
    ] as [string, Options, string[]?][]) {
      cases.push({
        name: `big site (${bigRows} discussions), ${name}`,
        job: (): Job => ({ kind: "big", dir: copyOf(bigTemplate!), options }),
        nodeFlags,
      });
    }
  }

  const selected = cases.filter((c) => !only || only.some((o) => c.name.includes(o)));
  const results = new Map<string, Report[]>();
  const loads: string[] = [];
  for (let run = 0; run < runs; run++) {
    for (const c of selected) {
      const job = c.job(fresh());
      const report = runChild(job, c.nodeFlags);
      rmSync(job.dir, { recursive: true, force: true });
      const list = results.get(c.name) ?? [];
      list.push(report);
      results.set(c.name, list);
      console.error(`run ${run + 1} ${c.name}: ${JSON.stringify(report.stages)}`);
    }
    loads.push(
      loadavg()
        .map((x) => x.toFixed(2))
        .join(" "),
    );
  }

  const out: string[] = [];
  out.push(`load average after each round: ${loads.join(" | ")}`);
  for (const c of selected) {
    const reports = results.get(c.name)!;
    out.push(`\n### ${c.name} (median of ${reports.length})`);
    if (reports[0]!.error) {
      out.push(`failed: ${reports[0]!.error}`);
      continue;
    }
    if (reports[0]!.settings) out.push(`settings: ${JSON.stringify(reports[0]!.settings)}`);
    out.push("| stage | VmRSS MB | VmHWM MB | WASM memory MB | ms |");
    out.push("|---|---:|---:|---:|---:|");
    for (const stage of Object.keys(reports[0]!.stages)) {
      const pick = (key: keyof Stage) =>
        median(reports.map((r) => r.stages[stage]?.[key] ?? Number.NaN));
      const ms = pick("ms");
      out.push(
        `| ${stage} | ${pick("rss").toFixed(0)} | ${pick("hwm").toFixed(0)} | ${pick("wasm").toFixed(0)} | ${Number.isNaN(ms) ? "" : ms.toFixed(0)} |`,
      );
    }
  }
  console.log(out.join("\n"));
  writeFileSync(path.join(work, "raw.json"), JSON.stringify(Object.fromEntries(results), null, 1));
  console.error(`raw figures: ${path.join(work, "raw.json")}`);
  execFileSync("rm", ["-rf", ...[template, bigTemplate].filter((x): x is string => !!x)]);
}

if (process.argv[2] === "--child") {
  const report = await child(JSON.parse(process.argv[3]!) as Job);
  console.log(`REPORT ${JSON.stringify(report)}`);
  process.exit(0);
} else {
  await driver(process.argv.slice(2));
}
