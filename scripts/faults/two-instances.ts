// Two app instances on one PostgreSQL behind a reverse proxy (issue 19), as README's "several
// instances" runs them: a member signs in through one and acts through the other, an avatar
// uploaded through one is served by the other (uploads on S3, s3rver here), a reply posted on
// one reaches a live stream held by the other, the rate limits count both together, and each
// background job (a confirmation mail) runs once.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { createMembers } from "./lib/http";
import { startProxy } from "./lib/proxy";
import type { Report } from "./lib/report";
import { startServer } from "./lib/server";

const BUCKET = "rant-uploads";
const SIGN_IN_LIMIT = 10;
const SIGN_UPS = 20;

export async function twoInstances(
  report: Report,
  options: { port: number; databaseUrl: string },
): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "rc-faults-instances-"));
  const s3Directory = mkdtempSync(path.join(tmpdir(), "rc-faults-s3-"));
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: s3Directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port: s3Port } = await s3.run();
  const proxyUrl = `http://127.0.0.1:${options.port + 2}`;
  // One site: its address is the proxy's, one secret, one database, one bucket. DATA_DIR is
  // shared too, for the dev mailbox that this run reads.
  const env = {
    SITE_URL: proxyUrl,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    TRUST_PROXY: "loopback",
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  };
  const servers = await Promise.all(
    [0, 1].map((n) =>
      startServer({ port: options.port + n, dataDir, databaseUrl: options.databaseUrl, env }),
    ),
  );
  const proxy = await startProxy(
    options.port + 2,
    servers.map((server) => server.url),
  );
  /** A request through the proxy to instance `n`. */
  const through = (n: number, url: string, init: RequestInit = {}) =>
    fetch(new URL(url, proxyUrl), {
      ...init,
      headers: { origin: proxyUrl, "x-instance": String(n), ...init.headers },
      signal: init.signal ?? AbortSignal.timeout(30_000),
    });
  try {
    // Sign-up and confirmation alternate between the instances (round robin).
    const [member] = await createMembers(proxyUrl, dataDir, 1, "instances");
    if (!member) throw new Error("no member");
    const cookie = { cookie: member.cookie, "content-type": "application/json" };

    const sessions = await Promise.all(
      [0, 1].map(async (n) => {
        const body = (await (await through(n, "/api/session", { headers: cookie })).json()) as {
          user: { email: string } | null;
        };
        return body.user?.email;
      }),
    );
    report.check(
      sessions.every((email) => email === member.email),
      "a session made through one instance is honoured by both",
      sessions,
    );

    const created = await through(1, "/api/discussions", {
      method: "POST",
      headers: cookie,
      body: JSON.stringify({
        category: "rants-and-vents",
        title: "Across instances",
        content: "Posted through the second",
      }),
    });
    const discussion = (await created.json()) as { id: string };
    const seen = await through(0, `/api/discussions/${discussion.id}`);
    report.check(
      created.status === 201 && seen.status === 200,
      "a discussion created through the second instance is read through the first",
      { created: created.status, seen: seen.status },
    );

    // Uploads on S3: the avatar is the same file on both.
    const png = await sharp({
      create: { width: 400, height: 400, channels: 3, background: { r: 30, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("avatar", new Blob([new Uint8Array(png)], { type: "image/png" }), "me.png");
    const uploaded = await through(0, "/api/profiles/me/avatar", {
      method: "PUT",
      headers: { cookie: member.cookie },
      body: form,
    });
    const { avatarUrl } = (await uploaded.json()) as { avatarUrl: string };
    const [first, second] = await Promise.all(
      [0, 1].map(async (n) => {
        const response = await through(n, avatarUrl);
        return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
      }),
    );
    report.check(
      uploaded.status === 200 &&
        first?.status === 200 &&
        second?.status === 200 &&
        first.bytes.equals(second.bytes),
      "an avatar uploaded through the first instance is served by the second (S3)",
      { uploaded: uploaded.status, first: first?.status, second: second?.status },
    );

    // Live: a stream held by the second instance hears a reply posted through the first.
    const abort = new AbortController();
    const stream = await through(1, "/api/discussions/events", { signal: abort.signal });
    const reader = stream.body?.getReader();
    const decoder = new TextDecoder();
    let received = "";
    const readUntil = async (wanted: string, ms: number) => {
      const deadline = Date.now() + ms;
      while (reader && !received.includes(wanted) && Date.now() < deadline) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
        ]);
        if (!chunk || chunk.done) break;
        received += decoder.decode(chunk.value, { stream: true });
      }
      return received.includes(wanted);
    };
    await readUntil("event: ready", 10_000);
    const replied = await through(0, `/api/discussions/${discussion.id}/replies`, {
      method: "POST",
      headers: cookie,
      body: JSON.stringify({ content: "Heard on the other instance" }),
    });
    const reply = (await replied.json()) as { id: string };
    report.check(
      replied.status === 201 && (await readUntil(reply.id, 10_000)),
      "a reply posted through the first instance reaches a live stream on the second",
      { replied: replied.status },
    );
    abort.abort();

    // Rate limits: failed sign-ins from one address, alternating instances, are counted
    // together (10 a minute), not 10 on each.
    let refusedAt = 0;
    for (let attempt = 1; attempt <= 2 * SIGN_IN_LIMIT + 1 && !refusedAt; attempt++) {
      const response = await through(attempt % 2, "/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", "x-test-client": "203.0.113.50" },
        body: JSON.stringify({ email: member.email, password: "not the password" }),
      });
      if (response.status === 429) refusedAt = attempt;
    }
    report.check(
      refusedAt === SIGN_IN_LIMIT + 1,
      `the sign-in limit counts both instances together (refused at attempt ${SIGN_IN_LIMIT + 1})`,
      { refusedAt },
    );

    // Jobs: both instances poll the queue; each confirmation mail is sent exactly once.
    const prefix = `once-${randomBytes(3).toString("hex")}`;
    for (let n = 0; n < SIGN_UPS; n++) {
      await through(n % 2, "/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", "x-test-client": `198.51.100.${n}` },
        body: JSON.stringify({
          name: "Once",
          email: `${prefix}-${n}@example.com`,
          password: "once password 123",
        }),
      });
    }
    const mails = () =>
      readdirSync(path.join(dataDir, "mail")).filter(
        (name) => name.includes(prefix) && name.endsWith(".txt"),
      );
    const deadline = Date.now() + 30_000;
    while (mails().length < SIGN_UPS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // A few more polls of both workers: a second send would show up now.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const perAddress = new Map<string, number>();
    for (const name of mails()) {
      const address = /(once-[^/]*@example\.com)\.txt$/.exec(name)?.[1] ?? name;
      perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    }
    report.check(
      perAddress.size === SIGN_UPS && [...perAddress.values()].every((count) => count === 1),
      `each of ${SIGN_UPS} confirmation mails is sent once by the two workers`,
      { addresses: perAddress.size, mails: mails().length },
    );
    // The checks above mean something only if `x-instance` really picks the process.
    await servers[1]?.stop();
    const [alive, stopped] = await Promise.all([
      through(0, "/api/health"),
      through(1, "/api/health"),
    ]);
    report.check(
      alive.status === 200 && stopped.status === 502,
      "the proxy sent each request to the instance named (the second, stopped, answers 502)",
      { first: alive.status, second: stopped.status },
    );
  } finally {
    await proxy.close();
    await Promise.all(servers.map((server) => server.stop()));
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(s3Directory, { recursive: true, force: true });
  }
}
