// npm run bench:memory: the server's resident memory (RSS) idle and under load, on PostgreSQL
// (DATABASE_URL, the benchmark data) and on the embedded PGlite (a data directory generated
// with the same 10,000 members and 100,000 discussions, cached between runs in
// BENCH_PGLITE_DIR, default $TMPDIR/rc-bench-pglite-100k). The load: 50 connections for
// BENCH_DURATION seconds (15) over the forum list, a search, a discussion, the members directory
// and a profile.
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench npm run bench:memory
import { execSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ROOT, type ServerProcess, startServer } from "./lib/server-process";

const port = Number(process.env.BENCH_PORT ?? 3440);
const duration = Number(process.env.BENCH_DURATION ?? 15);
const pgliteDir = process.env.BENCH_PGLITE_DIR ?? path.join(tmpdir(), "rc-bench-pglite-100k");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function mixedPaths(server: ServerProcess) {
  const list = (await (await fetch(`${server.url}/api/discussions?limit=1`)).json()) as {
    items: Array<{ id: string }>;
  };
  // A member the directory lists has a public profile.
  const members = (await (await fetch(`${server.url}/api/members?limit=1`)).json()) as {
    members: Array<{ id: string }>;
  };
  return [
    "/api/discussions",
    "/api/discussions?q=printer",
    `/api/discussions/${list.items[0]?.id}`,
    "/api/members?sort=discussions",
    `/api/profiles/${members.members[0]?.id}`,
  ];
}

async function measure(label: string, server: ServerProcess) {
  await sleep(3_000);
  const idle = server.rssMb();
  const paths = await mixedPaths(server);
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rssMb());
  }, 200);
  const result = await autocannon({
    url: server.url,
    connections: 50,
    duration,
    requests: paths.map((requestPath) => ({ method: "GET", path: requestPath })),
  });
  clearInterval(sampler);
  await sleep(3_000);
  const after = server.rssMb();
  const rps = result.requests.total / result.duration;
  console.log(
    `${label.padEnd(34)} idle ${idle.toFixed(0).padStart(5)} MB   under load (peak) ${peak.toFixed(0).padStart(5)} MB   ` +
      `3 s after ${after.toFixed(0).padStart(5)} MB   (${rps.toFixed(0)} req/s mixed, ${result.non2xx + result.errors} failed)`,
  );
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  console.log(`Server RSS, 50 connections for ${duration} s over five API endpoints\n`);
  if (databaseUrl) {
    const server = await startServer({
      port,
      databaseUrl,
      dataDir: mkdtempSync(path.join(tmpdir(), "rc-bench-memory-")),
    });
    try {
      await measure("PostgreSQL (DATABASE_URL)", server);
    } finally {
      await server.stop();
    }
  } else {
    console.log("(DATABASE_URL unset: PostgreSQL mode skipped)");
  }

  if (!existsSync(path.join(pgliteDir, "pg"))) {
    console.log(`Generating the 100,000-discussion data into ${pgliteDir} (once)...`);
    execSync("npx tsx bench/generate-data.ts", {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, DATABASE_URL: "", DATA_DIR: pgliteDir },
    });
  }
  const embedded = await startServer({ port: port + 1, dataDir: pgliteDir });
  try {
    await measure("PGlite (embedded, same data)", embedded);
  } finally {
    await embedded.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
