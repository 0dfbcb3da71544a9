// PostgreSQL stops under a running server and comes back: while it is away, every kind of
// request that needs it (reads, writes, session lookups through better-auth, sign-in, the live
// stream, record pages) answers 503 with Retry-After quickly (not 500, not a hang), pages that
// do not need it still load, and /api/health says the database is down; once PostgreSQL is
// back, everything works again without restarting the app. Then a restart under steady
// traffic: only 2xx and 503, and all 2xx again afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createMembers, type Member, type Outcome, request } from "./lib/http";
import type { Cluster } from "./lib/postgres";
import type { Report } from "./lib/report";
import { tally } from "./lib/report";
import { type Server, startServer } from "./lib/server";

/** No request may take longer than this while the database is away. */
const MAX_OUTAGE_ANSWER_MS = 8_000;
/** Nor this while it is frozen: the pool's connect (5 s) and query (15 s) timeouts, plus slack. */
const MAX_FROZEN_ANSWER_MS = 20_000;

type Probe = {
  name: string;
  send: () => Promise<Outcome>;
  /** What it answers with PostgreSQL up. */
  up: number;
  /** What it answers with PostgreSQL down. */
  down: number;
  /** What it answers with PostgreSQL frozen, when not `down`. */
  frozen?: number;
  /** A page: the app shell, not a JSON error. */
  shell?: boolean;
};

function probes(server: Server, member: Member, discussionId: string): Probe[] {
  const get = (url: string, cookie?: string) => () => request(server.url, "GET", url, { cookie });
  let n = 0;
  return [
    { name: "GET /api/health", send: get("/api/health"), up: 200, down: 503 },
    { name: "GET /api/discussions", send: get("/api/discussions"), up: 200, down: 503 },
    {
      name: "GET /api/discussions/{id}",
      send: get(`/api/discussions/${discussionId}`),
      up: 200,
      down: 503,
    },
    {
      name: "POST /api/discussions (signed in)",
      send: () =>
        request(server.url, "POST", "/api/discussions", {
          cookie: member.cookie,
          json: {
            category: "rants-and-vents",
            title: `During the outage ${++n}`,
            content: "Text",
          },
        }),
      up: 201,
      down: 503,
    },
    {
      name: "GET /api/session (better-auth session lookup)",
      send: get("/api/session", member.cookie),
      up: 200,
      down: 503,
    },
    {
      name: "GET /api/profiles/me",
      send: get("/api/profiles/me", member.cookie),
      up: 200,
      down: 503,
    },
    { name: "GET /api/members", send: get("/api/members"), up: 200, down: 503 },
    {
      name: "POST /api/auth/sign-in/email",
      send: () =>
        request(server.url, "POST", "/api/auth/sign-in/email", {
          json: { email: member.email, password: member.password },
        }),
      up: 200,
      down: 503,
    },
    {
      name: "POST /api/newsletter",
      send: () =>
        request(server.url, "POST", "/api/newsletter", {
          json: { email: `outage-${Date.now()}-${++n}@example.com` },
        }),
      up: 201,
      down: 503,
    },
    {
      name: "GET /api/discussions/events (live stream)",
      send: () => openStreamStatus(server.url),
      up: 200,
      down: 503,
      // The instance's LISTEN connection is still open: the stream opens and stays quiet.
      frozen: 200,
    },
    { name: "GET / (page, no record)", send: get("/"), up: 200, down: 200 },
    {
      name: "GET /discussion/{id} (page with metadata)",
      send: get(`/discussion/${discussionId}`),
      up: 200,
      // The app shell with fixed metadata: the page loads and shows its own error.
      down: 503,
      shell: true,
    },
  ];
}

/** The live stream's status, without waiting for it to end. */
async function openStreamStatus(baseUrl: string): Promise<Outcome> {
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  try {
    const response = await fetch(`${baseUrl}/api/discussions/events`, {
      signal: controller.signal,
    });
    const status = response.status;
    const body = status === 200 ? "" : await response.text();
    controller.abort();
    return { status, ms: performance.now() - started, body, headers: response.headers };
  } catch (error) {
    return { status: null, error: String(error), ms: performance.now() - started, body: "" };
  } finally {
    clearTimeout(timer);
  }
}

async function runProbes(list: Probe[], expect: "up" | "down", report: Report, label: string) {
  for (const probe of list) {
    const outcome = await probe.send();
    const expected = probe[expect];
    const detail = `${outcome.status ?? outcome.error} in ${Math.round(outcome.ms)} ms ${outcome.body.slice(0, 160)}`;
    let ok = outcome.status === expected;
    if (expect === "down") {
      ok &&= outcome.ms < MAX_OUTAGE_ANSWER_MS;
      if (expected === 503) {
        ok &&= Number(outcome.headers?.get("retry-after")) > 0;
        ok &&= probe.shell
          ? outcome.body.includes('<div id="root">')
          : /"error":\{"code":"UNAVAILABLE"|"status":"unavailable"/.test(outcome.body);
      }
    }
    report.check(ok, `${label}: ${probe.name} answers ${expected}`, detail);
  }
}

async function waitForHealth(server: Server, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const health = await request(server.url, "GET", "/api/health", { timeoutMs: 3_000 });
    if (health.status === 200) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return -1;
}

export async function postgresRestart(
  report: Report,
  options: { port: number; cluster: Cluster; databaseUrl: string },
): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "rc-faults-restart-"));
  const server = await startServer({
    port: options.port,
    dataDir,
    databaseUrl: options.databaseUrl,
    env: { RATE_LIMIT_MULTIPLIER: "1000" },
  });
  try {
    const [member] = await createMembers(server.url, dataDir, 1, "outage");
    if (!member) throw new Error("no member");
    const created = await request(server.url, "POST", "/api/discussions", {
      cookie: member.cookie,
      json: {
        category: "rants-and-vents",
        title: "Before the outage",
        content: "Text",
      },
    });
    const discussionId = (JSON.parse(created.body) as { id: string }).id;
    const list = probes(server, member, discussionId);
    await runProbes(list, "up", report, "before");

    // A live stream open when PostgreSQL goes away must end (its LISTEN connection is gone).
    const stream = await fetch(`${server.url}/api/discussions/events`);
    const streamReader = stream.body?.getReader();
    await streamReader?.read();

    options.cluster.stop("fast");
    const streamEnded = await Promise.race([
      (async () => {
        while (!(await streamReader?.read())?.done) {
          // drain until the server ends it
        }
        return true;
      })(),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
    ]);
    report.check(streamEnded, "an open live stream ends when PostgreSQL stops");
    await runProbes(list, "down", report, "PostgreSQL down");
    const health = await request(server.url, "GET", "/api/health");
    report.check(
      /"state":"down"/.test(health.body),
      "/api/health reports the database as down",
      health.body,
    );

    options.cluster.start();
    const recoveredMs = await waitForHealth(server, 30_000);
    report.check(recoveredMs >= 0, "the app sees PostgreSQL again without a restart", {
      recoveredMs,
    });
    report.fact("recovered after", `${recoveredMs} ms`);
    await runProbes(list, "up", report, "after");

    // A restart under steady traffic: only 2xx or 503 while it happens.
    const outcomes: Array<Outcome & { name: string }> = [];
    let running = true;
    const traffic = Array.from({ length: 8 }, async (_, worker) => {
      while (running) {
        const probe = list[(worker + outcomes.length) % (list.length - 3)] as Probe;
        outcomes.push({ ...(await probe.send()), name: probe.name });
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    options.cluster.stop("immediate");
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    options.cluster.start();
    await waitForHealth(server, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    running = false;
    await Promise.all(traffic);
    const unexpected = outcomes.filter(
      (outcome) =>
        outcome.status === null ||
        !(
          (outcome.status >= 200 && outcome.status < 300) ||
          outcome.status === 503 ||
          outcome.status === 302
        ),
    );
    report.fact("under traffic", tally(outcomes));
    report.check(
      unexpected.length === 0,
      `a crash-restart (immediate) under traffic: ${outcomes.length} requests, only 2xx or 503`,
      unexpected
        .slice(0, 5)
        .map(
          (outcome) =>
            `${outcome.name}: ${outcome.status ?? outcome.error} ${outcome.body.slice(0, 120)}`,
        ),
    );
    await runProbes(list, "up", report, "after the crash-restart");

    // Frozen: PostgreSQL keeps its sockets open but answers nothing (a hung host, a dropped
    // network). Every request must still get an answer, 503, within the pool's timeouts.
    options.cluster.freeze();
    let frozenOutcomes: Array<Outcome & { name: string; expected: number }> = [];
    try {
      frozenOutcomes = await Promise.all(
        list.map(async (probe) => ({
          ...(await probe.send()),
          name: probe.name,
          expected: probe.frozen ?? probe.down,
        })),
      );
    } finally {
      options.cluster.thaw();
    }
    for (const outcome of frozenOutcomes) {
      report.check(
        outcome.status === outcome.expected && outcome.ms < MAX_FROZEN_ANSWER_MS,
        `PostgreSQL frozen: ${outcome.name} answers ${outcome.expected} within ${MAX_FROZEN_ANSWER_MS / 1000} s`,
        `${outcome.status ?? outcome.error} in ${Math.round(outcome.ms)} ms ${outcome.body.slice(0, 120)}`,
      );
    }
    report.fact(
      "frozen: slowest answer",
      `${Math.round(Math.max(...frozenOutcomes.map((outcome) => outcome.ms)))} ms`,
    );
    const thawedMs = await waitForHealth(server, 30_000);
    report.check(thawedMs >= 0, "the app recovers once PostgreSQL answers again", { thawedMs });
    await runProbes(list, "up", report, "after the freeze");
    // app.ts logs "request failed" for every 500 it sends (better-auth logs its own errors
    // at error level too, which is fine: those requests were answered 503).
    const failures = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"msg":"request failed"'));
    report.check(
      failures.length === 0,
      "no request was answered 500",
      failures.slice(0, 3).join("\n"),
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
