import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffClients, insertDataRequest, type StaffClients } from "@/server/test/staff-area";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type {
  ApiErrorBody,
  ContactMessagesPage,
  DataRequestItem,
  DataRequestsPage,
} from "@/shared/api-types";

let t: TestApp;
let clients: StaffClients;
beforeAll(async () => {
  t = await createTestApp();
  clients = await createStaffClients(t);
});
afterAll(async () => {
  await t.close();
});

describe("contact messages", () => {
  it("lists what the contact form stored, newest first, a page at a time", async () => {
    const visitor = createClient(t.app, "10.9.9.9");
    for (const subject of ["First", "Second", "Third"]) {
      const response = await visitor.post("/api/contact", {
        name: "Vera Visitor",
        email: "Vera@Example.com",
        subject,
        message: `About ${subject}`,
      });
      expect(response.status).toBe(201);
    }
    const first = (await (
      await clients.admin.get("/api/inbox/messages?limit=2")
    ).json()) as ContactMessagesPage;
    expect(first.messages.map((m) => m.subject)).toEqual(["Third", "Second"]);
    expect(first.messages[0]).toMatchObject({
      name: "Vera Visitor",
      email: "vera@example.com",
      message: "About Third",
    });
    const second = (await (
      await clients.admin.get(`/api/inbox/messages?limit=2&cursor=${first.nextCursor}`)
    ).json()) as ContactMessagesPage;
    expect(second.messages.map((m) => m.subject)).toEqual(["First"]);
    expect(second.nextCursor).toBeNull();
  });

  it("is never cached by a shared cache", async () => {
    const response = await clients.admin.get("/api/inbox/messages");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("data requests", () => {
  it("lists the stored requests newest first", async () => {
    await t.db.execute(sql`delete from data_requests`);
    // Two inserts in a row can share a timestamp (they did on Node 24): give them distinct ones,
    // the older inserted last so that insertion order cannot pass for the sort.
    const newer = await insertDataRequest(t.db, {
      status: "in_progress",
      createdAt: new Date("2026-03-02T10:00:00Z"),
    });
    const older = await insertDataRequest(t.db, { createdAt: new Date("2026-03-01T10:00:00Z") });
    const page = (await (
      await clients.admin.get("/api/inbox/data-requests")
    ).json()) as DataRequestsPage;
    expect(page.requests.map((r) => [r.id, r.status])).toEqual([
      [newer, "in_progress"],
      [older, "pending"],
    ]);
  });

  it("breaks a tie in time by id, the highest first, across pages", async () => {
    await t.db.execute(sql`delete from data_requests`);
    const createdAt = new Date("2026-03-03T10:00:00Z");
    const ids: string[] = [];
    for (let n = 0; n < 3; n++) ids.push(await insertDataRequest(t.db, { createdAt }));
    const expected = [...ids].sort().reverse();

    const first = (await (
      await clients.admin.get("/api/inbox/data-requests?limit=2")
    ).json()) as DataRequestsPage;
    const second = (await (
      await clients.admin.get(`/api/inbox/data-requests?limit=2&cursor=${first.nextCursor}`)
    ).json()) as DataRequestsPage;
    expect([...first.requests, ...second.requests].map((r) => r.id)).toEqual(expected);
    expect(second.nextCursor).toBeNull();
  });

  it("moves forward one step at a time: pending, in progress, completed", async () => {
    const id = await insertDataRequest(t.db);
    const move = (status: string) =>
      clients.admin.patch(`/api/inbox/data-requests/${id}`, { status, note: "Done." });

    // No skipping ahead, no standing still.
    expect((await move("completed")).status).toBe(409);
    expect((await move("pending")).status).toBe(409);

    const started = await move("in_progress");
    expect(started.status).toBe(200);
    expect(((await started.json()) as DataRequestItem).status).toBe("in_progress");

    // No going back.
    const back = await move("pending");
    expect(back.status).toBe(409);
    expect(((await back.json()) as ApiErrorBody).error.message).toMatch(/in progress/);
    expect((await move("in_progress")).status).toBe(409);

    const done = await move("completed");
    expect(((await done.json()) as DataRequestItem).status).toBe("completed");
    for (const status of ["pending", "in_progress", "completed"]) {
      expect((await move(status)).status).toBe(409);
    }
  });

  it("refuses unknown statuses and unknown requests", async () => {
    const id = await insertDataRequest(t.db);
    const bad = await clients.admin.patch(`/api/inbox/data-requests/${id}`, { status: "done" });
    expect(bad.status).toBe(400);
    for (const missing of ["3f1d7c1e-0000-4000-8000-000000000000", "x"]) {
      const response = await clients.admin.patch(`/api/inbox/data-requests/${missing}`, {
        status: "in_progress",
      });
      expect(response.status).toBe(404);
    }
  });

  it("two admins advancing the same request at once: one move, not two", async () => {
    const id = await insertDataRequest(t.db);
    const results = await Promise.all([
      clients.admin.patch(`/api/inbox/data-requests/${id}`, { status: "in_progress" }),
      clients.admin.patch(`/api/inbox/data-requests/${id}`, { status: "in_progress" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
