// The rate limits of issue 8, each at its default (RATE_LIMIT_MULTIPLIER=1): the request over
// the limit answers 429 with the limit's own message and a Retry-After, and the count lives in
// the database, so two app instances on one database share it (requests alternate between
// them), even when the requests arrive at the same moment.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { createAuth, scaledAuthRateLimits } from "@/server/auth/auth";
import { queryRows } from "@/server/db/client";
import { CONTACT_LIMIT } from "@/server/features/contact/routes";
import { DATA_REQUEST_LIMITS } from "@/server/features/data-requests/routes";
import { CREATE_RATE_LIMIT } from "@/server/features/discussions/routes";
import { DRAFT_RATE_LIMIT } from "@/server/features/drafts/routes";
import { NEWSLETTER_LIMITS } from "@/server/features/newsletter/routes";
import { IMAGE_UPLOAD_LIMIT } from "@/server/features/post-images/routes";
import { REPLY_RATE_LIMIT } from "@/server/features/replies/routes";
import { createRateLimiter } from "@/server/lib/rate-limit";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember, uniqueEmail } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp, type TestClient } from "@/server/test/test-app";
import type { ApiErrorBody } from "@/shared/api-types";
import { avatarForm, randomIp, sendForm } from "./test-support";

const AUTH_LIMITS = scaledAuthRateLimits(1);

let t: TestApp;
/** Two instances of the app on the same database, as behind a load balancer. */
let instances: [ReturnType<typeof createApp>, ReturnType<typeof createApp>];

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1" }, rateLimits: AUTH_LIMITS });
  const second = createApp({
    ...t.deps,
    auth: createAuth({
      db: t.db,
      secret: "test-secret-test-secret-test-secret!",
      siteUrl: t.env.siteUrl,
      siteName: t.env.siteName,
      adminEmails: [],
      mailer: t.deps.mailer,
      logger: t.logger,
      rateLimits: AUTH_LIMITS,
      rateLimiter: createRateLimiter(t.db, 1),
    }),
    rateLimiter: createRateLimiter(t.db, 1),
  });
  instances = [t.app, second];
});
afterAll(async () => {
  await t.close();
});

/** One client per instance for the same caller (same address, same cookies). */
function pair(ip: string, cookies?: Map<string, string>): [TestClient, TestClient] {
  const clients = instances.map((app) => {
    const client = createClient(app, ip);
    for (const [name, value] of cookies ?? []) client.cookies.set(name, value);
    return client;
  });
  return clients as [TestClient, TestClient];
}

async function expectLimited(response: Response, message: string, windowSeconds: number) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  const body = (await response.json()) as ApiErrorBody;
  expect(body).toEqual({ error: { code: "RATE_LIMITED", message } });
}

/**
 * Sends `max` requests alternating between the instances (none limited), then one more on
 * each instance (both must be refused).
 */
async function exhaust(
  max: number,
  request: (client: TestClient, n: number) => Promise<Response>,
  clients: [TestClient, TestClient],
) {
  for (let n = 0; n < max; n++) {
    const response = await request(clients[n % 2] as TestClient, n);
    // Counted whatever the answer (a wrong password's 401 too), as long as it is not a 429.
    expect(response.status, `request ${n + 1} of ${max}`).not.toBe(429);
  }
  return [await request(clients[0], max), await request(clients[1], max + 1)] as const;
}

const AUTH_MESSAGE = "Too many attempts. Please wait a minute and try again.";

describe("sign-in and sign-up (better-auth's limiter, counted in rate_limit)", () => {
  it(`allows ${AUTH_LIMITS.signIn} sign-in attempts a minute per address across instances`, async () => {
    const ip = randomIp();
    // A new email each time: failures for one account are delayed sooner (decision 051).
    const attempt = (client: TestClient) =>
      client.post("/api/auth/sign-in/email", {
        email: uniqueEmail("nobody"),
        password: "wrong password",
      });
    const limited = await exhaust(AUTH_LIMITS.signIn, attempt, pair(ip));
    for (const response of limited) await expectLimited(response, AUTH_MESSAGE, 60);
    const rows = await queryRows<{ key: string }>(
      t.db,
      sql`select key from rate_limit where key like ${`%${ip}%`}`,
    );
    expect(rows.length).toBeGreaterThan(0);
  });

  it(`allows ${AUTH_LIMITS.signUp} sign-ups a minute per address across instances`, async () => {
    const attempt = (client: TestClient) =>
      client.post("/api/auth/sign-up/email", {
        name: "Spam Bot",
        email: uniqueEmail("bot"),
        password: "password123",
      });
    const limited = await exhaust(AUTH_LIMITS.signUp, attempt, pair(randomIp()));
    for (const response of limited) await expectLimited(response, AUTH_MESSAGE, 60);
  });

  it("holds when the attempts arrive at once on both instances", async () => {
    const [a, b] = pair(randomIp());
    const attempts = Array.from({ length: 30 }, (_, n) =>
      (n % 2 ? a : b).post("/api/auth/sign-in/email", {
        email: uniqueEmail("nobody"),
        password: "wrong password",
      }),
    );
    const statuses = (await Promise.all(attempts)).map((response) => response.status);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(AUTH_LIMITS.signIn);
  });
});

describe("our own limits (counted in rate_limit_hits)", () => {
  it("newsletter: 20 sign-ups an hour per address", async () => {
    const rule = NEWSLETTER_LIMITS.perClient;
    const ip = randomIp();
    const limited = await exhaust(
      rule.max,
      (client) => client.post("/api/newsletter", { email: uniqueEmail("news") }),
      pair(ip),
    );
    for (const response of limited) await expectLimited(response, rule.message, rule.windowSeconds);
    const [row] = await queryRows<{ count: number }>(
      t.db,
      sql`select count from rate_limit_hits where key = ${`${rule.name}|${ip}`}`,
    );
    expect(row?.count).toBe(rule.max + 2);
  });

  it("newsletter: an address typed by many is never refused (the mail to it is limited instead)", async () => {
    const email = uniqueEmail("same");
    for (let n = 0; n < NEWSLETTER_LIMITS.mailPerEmail.max + 2; n++) {
      const [client] = pair(randomIp());
      expect((await client.post("/api/newsletter", { email })).status).toBeLessThan(400);
    }
  });

  it("contact: 5 messages in 10 minutes per address", async () => {
    const limited = await exhaust(
      CONTACT_LIMIT.max,
      (client) =>
        client.post("/api/contact", {
          name: "Sam",
          email: uniqueEmail("c"),
          subject: "Hi",
          message: "Hello",
        }),
      pair(randomIp()),
    );
    for (const response of limited) {
      await expectLimited(response, CONTACT_LIMIT.message, CONTACT_LIMIT.windowSeconds);
    }
  });

  it("data requests: 5 an hour per address, and 3 confirmations per email", async () => {
    const perClient = DATA_REQUEST_LIMITS.perClient;
    const request = (client: TestClient, email = uniqueEmail("d")) =>
      client.post("/api/data-requests", { requestType: "access", email, fullName: "Dana" });
    const limited = await exhaust(perClient.max, (client) => request(client), pair(randomIp()));
    for (const response of limited) {
      await expectLimited(response, perClient.message, perClient.windowSeconds);
    }

    // Per email only the confirmations are limited: a stranger cannot stop the owner's request.
    const perEmail = DATA_REQUEST_LIMITS.confirmationsPerEmail;
    const email = uniqueEmail("same");
    for (let n = 0; n < perEmail.max + 2; n++) {
      expect((await request(pair(randomIp())[n % 2] as TestClient, email)).status).toBe(201);
    }
    expect(await t.mailbox.all(email)).toHaveLength(perEmail.max);
  });

  it("discussion create: 1 every 15 seconds per member, whatever the address", async () => {
    const member = await createMember(t);
    const create = (client: TestClient) =>
      client.post("/api/discussions", {
        category: "rants-and-vents",
        title: "Title",
        content: "Content",
      });
    const [a] = pair(randomIp(), member.client.cookies);
    expect((await create(a)).status).toBe(201);
    const [, b] = pair(randomIp(), member.client.cookies);
    await expectLimited(
      await create(b),
      CREATE_RATE_LIMIT.message,
      CREATE_RATE_LIMIT.windowSeconds,
    );
    // Another member is not affected.
    const other = await createMember(t);
    expect((await create(other.client)).status).toBe(201);
  });

  it("reply: 1 every 5 seconds per member, whatever the address or the discussion", async () => {
    const member = await createMember(t);
    const [first, second] = [await insertDiscussionRow(t.db), await insertDiscussionRow(t.db)];
    const reply = (client: TestClient, discussionId: string) =>
      client.post(`/api/discussions/${discussionId}/replies`, { content: "Me too." });
    const [a] = pair(randomIp(), member.client.cookies);
    expect((await reply(a, first)).status).toBe(201);
    const [, b] = pair(randomIp(), member.client.cookies);
    await expectLimited(
      await reply(b, second),
      REPLY_RATE_LIMIT.message,
      REPLY_RATE_LIMIT.windowSeconds,
    );
    // A refused reply is not stored; another member is not affected.
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from discussion_replies where author_id = ${member.id}`,
    );
    expect(row?.n).toBe(1);
    const other = await createMember(t);
    expect((await reply(other.client, first)).status).toBe(201);
  });

  it("avatar upload: 10 in 10 minutes per member", async () => {
    const member = await createMember(t);
    const clients = pair(randomIp(), member.client.cookies);
    const upload = async (n: number) =>
      sendForm(
        instances[n % 2] as ReturnType<typeof createApp>,
        clients[n % 2] as TestClient,
        "PUT",
        "/api/profiles/me/avatar",
        await avatarForm(),
      );
    for (let n = 0; n < 10; n++) expect((await upload(n)).status, `upload ${n + 1}`).toBe(200);
    for (const n of [10, 11]) {
      await expectLimited(
        await upload(n),
        "Too many avatar uploads. Please wait a few minutes.",
        600,
      );
    }
  });

  it(`post image upload: ${IMAGE_UPLOAD_LIMIT.max} an hour per member, counted before the body is read`, async () => {
    const member = await createMember(t);
    const clients = pair(randomIp(), member.client.cookies);
    // Not a form: refused (415) after the count, so no image need be re-encoded here.
    const upload = (client: TestClient) => client.post("/api/images", { not: "a form" });
    const limited = await exhaust(IMAGE_UPLOAD_LIMIT.max, upload, clients);
    for (const response of limited) await expectLimited(response, IMAGE_UPLOAD_LIMIT.message, 3600);
  });

  it(`draft saves: ${DRAFT_RATE_LIMIT.max} a minute per member`, async () => {
    const member = await createMember(t);
    const clients = pair(randomIp(), member.client.cookies);
    const save = (client: TestClient, n: number) =>
      client.put("/api/drafts/new-discussion", { content: `Draft ${n}` });
    const limited = await exhaust(DRAFT_RATE_LIMIT.max, save, clients);
    for (const response of limited) await expectLimited(response, DRAFT_RATE_LIMIT.message, 60);
  });

  it("holds when the requests arrive at once on both instances", async () => {
    const [a, b] = pair(randomIp());
    const sends = Array.from({ length: 20 }, (_, n) =>
      (n % 2 ? a : b).post("/api/contact", {
        name: "Sam",
        email: uniqueEmail("burst"),
        subject: "Hi",
        message: "Hello",
      }),
    );
    const statuses = (await Promise.all(sends)).map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(CONTACT_LIMIT.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - CONTACT_LIMIT.max);
  });
});
