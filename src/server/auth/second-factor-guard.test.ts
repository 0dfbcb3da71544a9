// The staff rule's route table (docs/decisions/060): every route of the app, read or write, is
// sent by a moderator whose role must use a second factor and who has none, on a session made
// before; only the set-up routes (ENROLMENT_ROUTES) answer them. A new route is refused to such
// a member without being listed anywhere; a route listed must exist.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { createMember } from "@/server/test/factories";
import { cookieHeader } from "@/server/test/security/test-support";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody } from "@/shared/api-types";
import { SECOND_FACTOR_REQUIRED_CODE } from "@/shared/second-factor";
import { ENROLMENT_ROUTES } from "./second-factor-guard";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

let t: TestApp;
let app: ReturnType<typeof createApp>;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  // With a control token, so that /api/control's routes exist as on the embedded database.
  app = createApp({ ...t.deps, controlToken: "second-factor-guard-control-token-0123" });
  const moderator = await createMember(t, { role: "moderator", secondFactor: false });
  cookie = cookieHeader(moderator.client);
});
afterAll(async () => {
  await t.close();
});

const apiRoutes = () =>
  [
    ...new Set(
      app.routes
        .filter((route) => METHODS.includes(route.method) && route.path.startsWith("/api/"))
        .map((route) => `${route.method} ${route.path}`),
    ),
  ].sort();

/** A concrete path for a route pattern: any id (the guard runs before the route looks). */
function concrete(path: string): string {
  return path
    .replace(":kind", "discussion")
    .replace(/:[a-z]+/gi, "3f1d7c1e-0000-4000-8000-000000000000")
    .replace("/*", "/nothing-here");
}

describe("a member whose role must use a second factor and has none", () => {
  it("lists only routes the app has", () => {
    expect([...ENROLMENT_ROUTES].filter((key) => !apiRoutes().includes(key))).toEqual([]);
  });

  it("reaches the set-up routes and nothing else", async () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(80);
    for (const key of routes) {
      const [method = "", path = ""] = key.split(" ");
      const response = await app.request(concrete(path), {
        method,
        headers: {
          cookie,
          origin: t.env.siteUrl,
          "x-test-client-ip": "10.9.9.8",
          ...(method === "GET" ? {} : { "content-type": "application/json" }),
        },
        ...(method === "GET" ? {} : { body: "{}" }),
      });
      const body = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody>;
      if (ENROLMENT_ROUTES.has(key)) {
        expect(body.error?.code, key).not.toBe(SECOND_FACTOR_REQUIRED_CODE);
      } else {
        expect(response.status, key).toBe(403);
        expect(body.error?.code, key).toBe(SECOND_FACTOR_REQUIRED_CODE);
      }
    }
  });
});
