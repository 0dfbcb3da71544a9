// SIGTERM while requests are in flight and live streams are open: every request the server
// had accepted gets its full answer, the streams end, new connections are refused, and the
// process exits 0 within its 10 s budget. After a restart, every answered create is there.
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createMembers, type Outcome, request } from "./lib/http";
import type { Report } from "./lib/report";
import { tally } from "./lib/report";
import { startServer } from "./lib/server";

const CREATES = 30;
const UPLOADS = 4;
const STREAMS = 3;

/** A large image: its decoding and re-encoding keeps an upload in flight for a while. */
async function bigAvatar(): Promise<Blob> {
  const png = await sharp({
    create: { width: 3000, height: 3000, channels: 3, background: { r: 90, g: 30, b: 160 } },
  })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: "image/png" });
}

/** Opens a brand-new TCP connection (never one from a keep-alive pool). */
function newConnection(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.on("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? String(error)));
  });
}

export async function gracefulStop(
  report: Report,
  options: { port: number; databaseUrl?: string },
): Promise<void> {
  const engine = options.databaseUrl ? "postgres" : "pglite";
  const dataDir = mkdtempSync(path.join(tmpdir(), `rc-faults-sigterm-${engine}-`));
  const serverOptions = {
    port: options.port,
    dataDir,
    databaseUrl: options.databaseUrl,
    env: { RATE_LIMIT_MULTIPLIER: "1000" },
  };
  try {
    let server = await startServer(serverOptions);
    const members = await createMembers(server.url, dataDir, 5, `sigterm-${engine}`);
    const avatar = await bigAvatar();

    // Live streams, each read until the server ends it.
    const streams = await Promise.all(
      Array.from({ length: STREAMS }, async () => {
        const response = await fetch(`${server.url}/api/discussions/events`);
        const reader = response.body?.getReader();
        await reader?.read(); // the "ready" event
        // Wrapped: an async function returning a promise would wait for it.
        return {
          end: (async () => {
            try {
              while (!(await reader?.read())?.done) {
                // events, keep-alives
              }
              return "ended";
            } catch {
              return "reset";
            }
          })(),
        };
      }),
    );

    const creates = Array.from({ length: CREATES }, (_, n) =>
      request(server.url, "POST", "/api/discussions", {
        cookie: members[n % members.length]?.cookie,
        json: {
          category: "rants-and-vents",
          title: `sigterm ${engine} ${n}`,
          content: "In flight when the server stops.",
        },
      }),
    );
    const uploads = Array.from({ length: UPLOADS }, (_, n) => {
      const form = new FormData();
      form.set("avatar", avatar, "big.png");
      return request(server.url, "PUT", "/api/profiles/me/avatar", {
        cookie: members[n % members.length]?.cookie,
        body: form,
      });
    });
    // Give the requests time to reach the server, then ask it to stop.
    await new Promise((resolve) =>
      setTimeout(resolve, Number(process.env.SIGTERM_AFTER_MS ?? 150)),
    );
    const stopAsked = performance.now();
    server.signal("SIGTERM");
    // It keeps accepting until connections stop arriving for 300 ms (at most 2 s), then
    // refuses them. Probes every 400 ms, so that they do not keep it listening themselves.
    let afterStop = await newConnection(options.port);
    while (afterStop === "connected" && performance.now() - stopAsked < 8_000) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      afterStop = await newConnection(options.port);
    }
    const refusedAfterMs = Math.round(performance.now() - stopAsked);

    const createOutcomes: Outcome[] = await Promise.all(creates);
    const uploadOutcomes: Outcome[] = await Promise.all(uploads);
    const streamEnds = await Promise.race([
      Promise.all(streams.map((stream) => stream.end)),
      new Promise<string[]>((resolve) => setTimeout(() => resolve(["still open"]), 12_000)),
    ]);
    const exit = await server.exited;
    const exitMs = Math.round(performance.now() - stopAsked);

    report.fact(`${engine} creates`, tally(createOutcomes));
    report.fact(`${engine} uploads`, tally(uploadOutcomes));
    report.check(
      createOutcomes.every((outcome) => outcome.status === 201),
      `${engine}: all ${CREATES} creates in flight were answered 201`,
      tally(createOutcomes),
    );
    report.check(
      uploadOutcomes.every((outcome) => outcome.status === 200),
      `${engine}: all ${UPLOADS} avatar uploads in flight were answered 200`,
      tally(uploadOutcomes),
    );
    report.check(
      streamEnds.length === STREAMS && streamEnds.every((end) => end === "ended"),
      `${engine}: all ${STREAMS} live streams were ended by the server`,
      streamEnds,
    );
    report.check(
      afterStop === "ECONNREFUSED" && refusedAfterMs < 4_000,
      `${engine}: new connections are refused within 4 s of SIGTERM`,
      { afterStop, refusedAfterMs },
    );
    report.check(exit.code === 0 && exitMs < 10_000, `${engine}: the process exits 0 within 10 s`, {
      ...exit,
      exitMs,
    });
    report.fact(`${engine} exit after`, `${exitMs} ms`);

    server = await startServer(serverOptions);
    let found = 0;
    for (const outcome of createOutcomes) {
      if (outcome.status !== 201) continue;
      const { id } = JSON.parse(outcome.body) as { id: string };
      if ((await request(server.url, "GET", `/api/discussions/${id}`)).status === 200) found += 1;
    }
    report.check(
      found === createOutcomes.filter((outcome) => outcome.status === 201).length,
      `${engine}: every create answered during the stop is there after a restart`,
      found,
    );
    await server.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
