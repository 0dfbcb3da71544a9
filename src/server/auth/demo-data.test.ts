// `npm run seed:demo` through the running server (POST /api/control/seed-demo): it adds what is
// missing, keeps what exists, and its report says which (a second run used to claim "Demo data
// is ready" while adding nothing).
import { count, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { queryRows } from "@/server/db/client";
import { discussions } from "@/server/db/schema";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { SessionResponse } from "@/shared/api-types";
import {
  DEMO_DISCUSSIONS,
  DEMO_PASSWORD,
  type DemoDataReport,
  describeDemoData,
} from "./demo-data";

const TOKEN = "seed-demo-control-token-0123456789";

let t: TestApp;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createTestApp();
  app = createApp({ ...t.deps, controlToken: TOKEN });
});
afterAll(async () => {
  await t.close();
});

const seed = (
  target = app,
  headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` },
) => target.request("/api/control/seed-demo", { method: "POST", headers });

async function demoAccounts(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from "user" where email like '%@example.com'`,
  );
  return row?.n ?? 0;
}

describe("before any seeding", () => {
  it("exists only with the control token: 404 on a server without one, 403 for a wrong one", async () => {
    expect((await seed(t.app)).status).toBe(404);
    expect((await seed(app, { authorization: "Bearer guess" })).status).toBe(403);
    expect((await seed(app, {})).status).toBe(403);
    // A member's session is no key either.
    const member = createClient(app);
    expect((await member.post("/api/control/seed-demo")).status).toBe(403);
    expect(await demoAccounts()).toBe(0);
  });

  it("answers hostile tokens and bodies without the token with a 403, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.jsonValue({ maxDepth: 2 }), async (token, body) => {
        const response = await app.request("/api/control/seed-demo", {
          method: "POST",
          headers: {
            // Header values cannot hold every character: what fetch refuses is no request.
            authorization: `Bearer ${token.replace(/[^\x20-\x7e]/g, "")}`,
            "content-type": "application/json",
          },
          body: JSON.stringify(body),
        });
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({ error: { message: expect.any(String) } });
      }),
      { numRuns: 40 },
    );
    expect(await demoAccounts()).toBe(0);
  });
});

describe("seeding through the running server", () => {
  let first: DemoDataReport;

  it("adds the staff, the members and, into an empty forum, the discussions", async () => {
    // Whatever body comes along is not read.
    const response = await app.request("/api/control/seed-demo", {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: '{"__proto__": {"admin": true}, "members": 1000000}',
    });
    expect(response.status).toBe(200);
    first = (await response.json()) as DemoDataReport;
    expect(first).toEqual({
      staff: [
        { email: "admin@example.com", role: "admin", added: true },
        { email: "moderator@example.com", role: "moderator", added: true },
        { email: "author@example.com", role: "author", added: true },
        { email: "member@example.com", role: "user", added: true },
      ],
      members: { added: 24, kept: 0 },
      discussions: { added: DEMO_DISCUSSIONS, existing: 0 },
    });
    const [forum] = await t.db.select({ n: count() }).from(discussions);
    expect(forum?.n).toBe(DEMO_DISCUSSIONS);
    expect(await demoAccounts()).toBe(28);
  }, 60_000);

  it("makes accounts that sign in with the demo password and hold their roles", async () => {
    const admin = createClient(app);
    const signIn = await admin.post("/api/auth/sign-in/email", {
      email: "admin@example.com",
      password: DEMO_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const session = (await (await admin.get("/api/session")).json()) as SessionResponse;
    expect(session.role).toBe("admin");
  });

  it("a second run keeps everything, adds nothing and says so", async () => {
    const response = await seed();
    expect(response.status).toBe(200);
    const again = (await response.json()) as DemoDataReport;
    expect(again).toEqual({
      staff: first.staff.map((staff) => ({ ...staff, added: false })),
      members: { added: 0, kept: 24 },
      discussions: { added: 0, existing: DEMO_DISCUSSIONS },
    });
    const [forum] = await t.db.select({ n: count() }).from(discussions);
    expect(forum?.n).toBe(DEMO_DISCUSSIONS);
    expect(await demoAccounts()).toBe(28);

    const told = describeDemoData(again);
    expect(told).toContain("Staff: added 0 accounts; kept 4 accounts that already existed.");
    expect(told).toContain("Members: added 0 accounts; kept 24 accounts that already existed.");
    expect(told).toContain(
      `Discussions: skipped; the forum already has ${DEMO_DISCUSSIONS}, and demo discussions go only into an empty forum.`,
    );
    expect(told).not.toContain("Demo data is ready");
  });

  it("tells what the first run added", () => {
    const told = describeDemoData(first);
    expect(told).toContain("Staff: added 4 accounts.");
    expect(told).toContain("Members: added 24 accounts.");
    expect(told).toContain(`Discussions: added ${DEMO_DISCUSSIONS}.`);
    expect(told).toMatch(/admin {5}admin@example\.com\n/);
  });
});
