// npm run bench:live: how long a change takes to reach another instance's browsers. Two server
// processes (A and B) on one PostgreSQL (DATABASE_URL); a member creates discussions through A,
// one at a time; a client of B holds the live stream (GET /api/discussions/events). Latency is
// from sending the create to A until B's stream delivers its event: A's insert and NOTIFY,
// PostgreSQL's delivery to B's LISTEN connection, B's relay over SSE. The probe discussions and
// the probe member are deleted afterwards.
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench npm run bench:live
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { hashPassword } from "better-auth/crypto";
import pg from "pg";
import { quantile } from "./lib/percentiles";
import { startServer } from "./lib/server-process";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 200);
const TARGET_P99_MS = 100;
const port = Number(process.env.BENCH_PORT ?? 3430);

type Change = { type: string; id: string };

/** Calls `onEvent` with each SSE event of `response` and the moment it arrived. */
async function readEvents(
  response: Response,
  onEvent: (event: string, data: string, at: number) => void,
): Promise<void> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  while (true) {
    const { done, value } = await reader.read();
    if (done) return;
    const at = performance.now();
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      let data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data += line.slice(5).trim();
      }
      if (!block.startsWith(":")) onEvent(event, data, at);
      end = buffer.indexOf("\n\n");
    }
  }
}

async function signedInMember(baseUrl: string, databaseUrl: string) {
  const email = `live-probe-${Date.now()}@example.com`;
  const password = "live-latency-probe";
  const post = (route: string, body: unknown) =>
    fetch(`${baseUrl}/api/auth/${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify(body),
    });
  const signUp = await post("sign-up/email", { name: "Live Probe", email, password });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`update "user" set email_verified = true where email = $1`, [email]);
  // Sign-up takes no password (decision 061): the one the confirmation page would set.
  await db.query(
    `update account set password = $1
     where provider_id = 'credential' and user_id = (select id from "user" where email = $2)`,
    [await hashPassword(password), email],
  );
  await db.end();
  const signIn = await post("sign-in/email", { email, password });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { email, cookie };
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error("Set DATABASE_URL: the two instances share one PostgreSQL.");
    process.exit(1);
  }
  const work = mkdtempSync(path.join(tmpdir(), "rc-bench-live-"));
  const siteA = `http://127.0.0.1:${port}`;
  const [a, b] = await Promise.all([
    startServer({ port, databaseUrl, dataDir: path.join(work, "a"), env: { SITE_URL: siteA } }),
    startServer({ port: port + 1, databaseUrl, dataDir: path.join(work, "b") }),
  ]);
  const member = await signedInMember(a.url, databaseUrl);
  const controller = new AbortController();
  const arrivals = new Map<string, number>();
  let waiting: { id: string; resolve: () => void } | undefined;
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => {
    ready = resolve;
  });
  try {
    const stream = await fetch(`${b.url}/api/discussions/events`, { signal: controller.signal });
    void readEvents(stream, (event, data, at) => {
      if (event === "ready") ready();
      if (event !== "discussion") return;
      const change = JSON.parse(data) as Change;
      if (change.type !== "created") return;
      arrivals.set(change.id, at);
      if (waiting?.id === change.id) waiting.resolve();
    }).catch(() => {});
    await isReady;

    const latencies: number[] = [];
    for (let index = 0; index < EVENTS; index += 1) {
      const sent = performance.now();
      const response = await fetch(`${a.url}/api/discussions`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: siteA, cookie: member.cookie },
        body: JSON.stringify({
          category: "rants-and-vents",
          title: `Live latency probe ${index}`,
          content: "Measuring how fast news travels between instances.",
        }),
      });
      if (response.status !== 201) throw new Error(`create failed: ${response.status}`);
      const { id } = (await response.json()) as { id: string };
      if (!arrivals.has(id)) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no event for ${id} within 5 s`)), 5_000);
          waiting = {
            id,
            resolve: () => {
              clearTimeout(timer);
              resolve();
            },
          };
        });
      }
      latencies.push((arrivals.get(id) as number) - sent);
    }
    const p50 = quantile(latencies, 0.5);
    const p99 = quantile(latencies, 0.99);
    console.log(
      `Live latency, create through A (${a.url}) to the SSE event at a client of B (${b.url}), ${EVENTS} events:`,
    );
    console.log(
      `  p50 ${p50.toFixed(1)} ms   p99 ${p99.toFixed(1)} ms   max ${Math.max(...latencies).toFixed(1)} ms   ` +
        `(target p99 ≤ ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS ? "met" : "MISSED"})`,
    );
  } finally {
    controller.abort();
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(
      `delete from discussions where author_id = (select id from "user" where email = $1)`,
      [member.email],
    );
    await db.query(`delete from "user" where email = $1`, [member.email]);
    await db.end();
    await Promise.all([a.stop(), b.stop()]);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
