// better-auth brings about thirty endpoints; the site uses a handful. Everything else under
// /api/auth answers 404 (src/server/auth/routes.ts), so that, for example, update-user cannot
// store a name that skipped docs/product.md §5's cleaning or an image URL the profile rules never saw.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { createMember } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import { BETTER_AUTH_ENDPOINTS } from "./permission-matrix";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** "METHOD /path" for each of better-auth's GET and POST endpoints. */
function betterAuthEndpoints(): string[] {
  return Object.values(t.auth.api as Record<string, unknown>).flatMap((endpoint) => {
    const { path, options } = endpoint as { path?: string; options?: { method?: unknown } };
    if (!path) return [];
    const methods = [options?.method].flat().filter((m): m is string => typeof m === "string");
    return methods.filter((m) => m === "GET" || m === "POST").map((m) => `${m} ${path}`);
  });
}

describe("better-auth's endpoints", () => {
  it("lets through only the ones the table lists; the rest answer 404, even signed in", async () => {
    const endpoints = betterAuthEndpoints();
    expect(endpoints.length).toBeGreaterThan(20);
    const member = await createMember(t);
    for (const endpoint of endpoints) {
      if (BETTER_AUTH_ENDPOINTS[endpoint]) continue;
      const [method = "GET", path = ""] = endpoint.split(" ");
      const url = `/api/auth${path.replace(/:\w+/g, "x")}`;
      const response =
        method === "GET" ? await member.client.get(url) : await member.client.post(url, {});
      expect(response.status, endpoint).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found" } });
    }
    // The member is still signed in: nothing above (revoke-sessions, delete-user) ran.
    const session = await member.client.get("/api/session");
    expect(((await session.json()) as { user: { id: string } | null }).user?.id).toBe(member.id);
  });

  it("lists only endpoints better-auth really has", () => {
    const endpoints = betterAuthEndpoints();
    for (const listed of Object.keys(BETTER_AUTH_ENDPOINTS)) expect(endpoints).toContain(listed);
  });

  it("cannot rename an account around the profile rules", async () => {
    const member = await createMember(t, { name: "Plain Name" });
    const response = await member.client.post("/api/auth/update-user", {
      name: "<script>alert(1)</script>",
      image: "javascript:alert(1)",
    });
    expect(response.status).toBe(404);
    const [row] = await queryRows<{ name: string; image: string | null }>(
      t.db,
      sql`select name, image from "user" where id = ${member.id}`,
    );
    expect(row).toEqual({ name: "Plain Name", image: null });
  });

  it("still serves the ones the site uses", async () => {
    const anonymous = createClient(t.app);
    expect((await anonymous.get("/api/auth/get-session")).status).toBe(200);
    expect((await anonymous.get("/api/auth/ok")).status).toBe(200);
    expect((await anonymous.post("/api/auth/sign-out", {})).status).toBe(200);
  });
});
