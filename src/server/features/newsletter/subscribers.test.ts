// The CMS Subscribers view (admins only): counts by status, search by email, CSV export.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffClients, type StaffClients } from "@/server/test/staff-area";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody, NewsletterSubscribersPage } from "@/shared/api-types";

let t: TestApp;
let staff: StaffClients;

beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaffClients(t);
  const rows: [string, string][] = [
    ["ann@example.com", "active"],
    ["bob@example.com", "active"],
    ["carol@sample.org", "pending"],
    ["=cmd|' /C calc'!A0@evil.example", "inactive"],
    ['quote"d@example.com', "active"],
  ];
  // A minute apart: rows inserted in the same millisecond (PGlite's clock) have no order.
  for (const [index, [email, status]] of rows.entries()) {
    await t.db.execute(
      sql`insert into newsletter_subscribers (email, status, created_at)
          values (${email}, ${status}, now() - make_interval(mins => ${rows.length - index}))`,
    );
  }
});
afterAll(async () => {
  await t.close();
});

async function page(query = ""): Promise<NewsletterSubscribersPage> {
  const response = await staff.admin.get(`/api/cms/newsletter/subscribers${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as NewsletterSubscribersPage;
}

describe("GET /api/cms/newsletter/subscribers", () => {
  it("counts by status and lists newest first", async () => {
    const body = await page();
    expect(body.counts).toEqual({ pending: 1, active: 3, inactive: 1, total: 5 });
    expect(body.subscribers.map((s) => s.email)).toEqual([
      'quote"d@example.com',
      "=cmd|' /C calc'!A0@evil.example",
      "carol@sample.org",
      "bob@example.com",
      "ann@example.com",
    ]);
  });

  it("searches by email (its own % and _ are literal) and filters by status", async () => {
    expect((await page("?search=SAMPLE")).subscribers.map((s) => s.email)).toEqual([
      "carol@sample.org",
    ]);
    expect((await page("?search=%25")).subscribers).toHaveLength(0);
    expect((await page("?status=active")).subscribers).toHaveLength(3);
    const bad = await staff.admin.get("/api/cms/newsletter/subscribers?status=gone");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiErrorBody).error.message).toBe(
      "Status must be pending, active or inactive",
    );
  });

  it("pages with a cursor", async () => {
    const first = await page("?limit=2");
    expect(first.subscribers).toHaveLength(2);
    const second = await page(`?limit=2&cursor=${first.nextCursor}`);
    const third = await page(`?limit=2&cursor=${second.nextCursor}`);
    expect(third.nextCursor).toBeNull();
    const all = [...first.subscribers, ...second.subscribers, ...third.subscribers];
    expect(new Set(all.map((s) => s.id)).size).toBe(5);
  });

  it("is for admins only", async () => {
    expect((await staff.anonymous.get("/api/cms/newsletter/subscribers")).status).toBe(401);
    for (const role of ["user", "author", "moderator"] as const) {
      expect((await staff[role].get("/api/cms/newsletter/subscribers")).status).toBe(403);
      expect((await staff[role].get("/api/cms/newsletter/subscribers.csv")).status).toBe(403);
    }
  });
});

describe("GET /api/cms/newsletter/subscribers.csv", () => {
  it("exports the filtered list, quoted, with formulas defused", async () => {
    const response = await staff.admin.get("/api/cms/newsletter/subscribers.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("email,status,member,created_at,subscribed_at,confirmed_at");
    expect(lines).toHaveLength(6);
    expect(lines).toContainEqual(
      expect.stringMatching(/^"'=cmd\|' \/C calc'!A0@evil\.example","inactive","no",/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^"quote""d@example\.com","active"/));
    const active = await staff.admin.get("/api/cms/newsletter/subscribers.csv?status=pending");
    expect((await active.text()).trimEnd().split("\r\n")).toHaveLength(2);
  });
});
