// Sessions and cross-site request forgery (docs/architecture.md "Deliberate improvements"): the session
// cookie's attributes on http and https sites, sign-out revoking the session in the database
// (the old cookie stops working), expiry, tampering, and a cross-origin write refused on every
// mutating route of the permission matrix, with nothing changed.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { queryRows } from "@/server/db/client";
import { builtClient } from "@/server/test/built-client";
import { createMember, uniqueEmail } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp, type TestClient } from "@/server/test/test-app";
import type { ApiErrorBody, SessionResponse } from "@/shared/api-types";
import { PERMISSION_MATRIX, rowKey } from "./permission-matrix";
import { cookieHeader } from "./test-support";

const SHELL =
  '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SESSION_COOKIE = /^(__Secure-)?rc\.session_token$/;

function sessionCookieLine(response: Response): string {
  const line = response.headers
    .getSetCookie()
    .find((cookie) => SESSION_COOKIE.test(cookie.split("=")[0] ?? ""));
  if (!line) throw new Error(`no session cookie in ${response.headers.getSetCookie()}`);
  return line;
}

async function signedInAs(client: TestClient): Promise<string | null> {
  const body = (await (await client.get("/api/session")).json()) as SessionResponse;
  return body.user?.id ?? null;
}

/** A client holding exactly these cookies (an attacker replaying a captured cookie). */
function withCookies(cookies: Map<string, string>): TestClient {
  const client = createClient(t.app);
  for (const [name, value] of cookies) client.cookies.set(name, value);
  return client;
}

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Lax, for the whole site, and not Secure on an http site", async () => {
    const member = await createMember(t);
    const response = await createClient(t.app).post("/api/auth/sign-in/email", {
      email: member.email,
      password: member.password,
    });
    const line = sessionCookieLine(response);
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(line).toMatch(/;\s*Path=\//i);
    expect(line).not.toMatch(/;\s*Secure/i);
    expect(line).toMatch(/;\s*Max-Age=\d+/i);
  });

  it("is Secure (and __Secure- prefixed) when SITE_URL is https", async () => {
    const secure = await createTestApp({ env: { SITE_URL: "https://rants.example" } });
    try {
      const member = await createMember(secure);
      const client = createClient(secure.app, undefined, secure.env.siteUrl);
      const response = await client.post("/api/auth/sign-in/email", {
        email: member.email,
        password: member.password,
      });
      const line = sessionCookieLine(response);
      expect(line).toMatch(/^__Secure-rc\.session_token=/);
      expect(line).toMatch(/;\s*Secure/i);
      expect(line).toMatch(/;\s*HttpOnly/i);
      expect(line).toMatch(/;\s*SameSite=Lax/i);
    } finally {
      await secure.close();
    }
  });
});

describe("sign-out", () => {
  it("revokes the session in the database: the old cookie no longer works", async () => {
    const member = await createMember(t);
    const captured = new Map(member.client.cookies);
    expect(await signedInAs(withCookies(captured))).toBe(member.id);

    expect((await member.client.post("/api/auth/sign-out", {})).status).toBe(200);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from session where user_id = ${member.id}`,
    );
    expect(row?.n).toBe(0);

    // Replaying the cookie the browser held before signing out.
    const replay = withCookies(captured);
    expect(await signedInAs(replay)).toBeNull();
    const write = await replay.post("/api/discussions", {
      category: "rants-and-vents",
      title: "After",
      content: "Sign-out",
    });
    expect(write.status).toBe(401);
    expect((await replay.get("/api/profiles/me")).status).toBe(401);
  });

  it("ends only the session it is sent with", async () => {
    const member = await createMember(t);
    const laptop = createClient(t.app);
    await laptop.post("/api/auth/sign-in/email", {
      email: member.email,
      password: member.password,
    });
    await member.client.post("/api/auth/sign-out", {});
    expect(await signedInAs(member.client)).toBeNull();
    expect(await signedInAs(laptop)).toBe(member.id);
  });
});

describe("expiry and tampering", () => {
  it("stops accepting a session once it has expired", async () => {
    const member = await createMember(t);
    expect(await signedInAs(member.client)).toBe(member.id);
    await t.db.execute(
      sql`update session set expires_at = now() - interval '1 minute' where user_id = ${member.id}`,
    );
    expect(await signedInAs(member.client)).toBeNull();
    const write = await member.client.post("/api/discussions", {
      category: "rants-and-vents",
      title: "Late",
      content: "Text",
    });
    expect(write.status).toBe(401);
    expect(((await write.json()) as ApiErrorBody).error.code).toBe("UNAUTHORIZED");
  });

  it("refuses a cookie whose token or signature was altered", async () => {
    const member = await createMember(t);
    const [name, value] =
      [...member.client.cookies].find(([key]) => SESSION_COOKIE.test(key)) ?? [];
    if (!name || !value) throw new Error("no session cookie");
    const [token = "", signature = ""] = decodeURIComponent(value).split(".");
    const forged = [
      `${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}.${signature}`,
      `${token}.${signature.slice(0, -2)}AA`,
      token,
    ];
    for (const cookie of forged) {
      expect(
        await signedInAs(withCookies(new Map([[name, encodeURIComponent(cookie)]]))),
      ).toBeNull();
    }
  });
});

describe("cross-site request forgery", () => {
  /** A path for each row, with placeholder ids: the refusal comes before any lookup. */
  const mutatingRoutes = PERMISSION_MATRIX.map((row) => ({
    key: rowKey(row),
    method: row.method,
    path: row.path
      .replace("/api/auth/*", "/api/auth/sign-out")
      // The public forms' posts go to their page (decision 061).
      .replace(/^\/\*$/, "/auth")
      .replace(":id", "00000000-0000-4000-8000-000000000000"),
  }));

  let admin: Awaited<ReturnType<typeof createMember>>;
  // With a page shell, so that the pages' form posts are routes too.
  let withPages: ReturnType<typeof createApp>;
  beforeAll(async () => {
    admin = await createMember(t, { role: "admin" });
    withPages = createApp(t.deps, { staticFiles: builtClient(SHELL) });
  });

  const attacks: Array<[string, Record<string, string>]> = [
    ["another site's Origin", { origin: "https://evil.example" }],
    ["a sibling port's Origin", { origin: "http://localhost:3001" }],
    ["Origin: null (a sandboxed frame)", { origin: "null" }],
    ["only Fetch Metadata saying cross-site", { "sec-fetch-site": "cross-site" }],
    ["only Fetch Metadata saying same-site", { "sec-fetch-site": "same-site" }],
  ];

  it.each(attacks)("refuses a write with %s on every mutating route", async (_name, headers) => {
    for (const route of mutatingRoutes) {
      const response = await withPages.request(`http://localhost:3000${route.path}`, {
        method: route.method,
        headers: {
          cookie: cookieHeader(admin.client),
          "content-type": "application/json",
          ...headers,
        },
        body: JSON.stringify({ title: "Forged", content: "Forged", email: uniqueEmail() }),
      });
      expect(response.status, route.key).toBe(403);
      expect(((await response.json()) as ApiErrorBody).error.code, route.key).toBe("CROSS_ORIGIN");
    }
    // Nothing was written, and the admin is still signed in (the forged sign-out did nothing).
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from discussions where title = 'Forged'`,
    );
    expect(row?.n).toBe(0);
    expect(await signedInAs(admin.client)).toBe(admin.id);
  });

  it("lets the same writes through from our own origin", async () => {
    const response = await admin.client.post("/api/discussions", {
      category: "rants-and-vents",
      title: "Ours",
      content: "Ok",
    });
    expect(response.status).toBe(201);
  });
});
