import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { createMember, uniqueEmail } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody, ReceivedResponse } from "@/shared/api-types";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PRIVACY_EMAIL: "dpo@rants.example" } });
});
afterAll(async () => {
  await t.close();
});

let clientCounter = 0;
const visitor = () => createClient(t.app, `10.40.0.${++clientCounter}`);

type Row = {
  user_id: string | null;
  request_type: string;
  email: string;
  full_name: string;
  details: string | null;
  status: string;
};

const stored = (id: string) =>
  queryRows<Row>(
    t.db,
    sql`select user_id, request_type, email, full_name, details, status from data_requests
        where id = ${id}`,
  );

const count = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from data_requests`))[0]?.n;

describe("POST /api/data-requests", () => {
  it("stores a visitor's request as pending and emails a confirmation", async () => {
    const email = uniqueEmail("gdpr");
    const response = await visitor().post("/api/data-requests", {
      requestType: "erasure",
      email,
      fullName: " Grace Hopper ",
      details: "",
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as ReceivedResponse;
    expect(await stored(id)).toEqual([
      {
        user_id: null,
        request_type: "erasure",
        email,
        full_name: "Grace Hopper",
        details: null,
        status: "pending",
      },
    ]);
    const mail = await t.mailbox.latest(email);
    expect(mail).toContain("Delete my data (Article 17 UK GDPR)");
    expect(mail).toContain(`Reference: ${id}`);
    expect(mail).toContain("within 30 days");
    expect(mail).toContain("dpo@rants.example");
  });

  it("stores the signed-in member's id and the details", async () => {
    const member = await createMember(t);
    const response = await member.client.post("/api/data-requests", {
      requestType: "access",
      email: member.email,
      fullName: member.name,
      details: "Everything, please.",
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as ReceivedResponse;
    expect(await stored(id)).toMatchObject([
      { user_id: member.id, request_type: "access", details: "Everything, please." },
    ]);
  });

  it("requires type, email and full name, with the product's messages, and stores nothing", async () => {
    const before = await count();
    const response = await visitor().post("/api/data-requests", {
      requestType: "everything",
      email: "",
      fullName: "  ",
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).error.fields).toEqual({
      requestType: "Request type is required",
      email: "Email is required",
      fullName: "Full name is required",
    });
    expect(await count()).toBe(before);
  });

  it("rejects overlong details", async () => {
    const response = await visitor().post("/api/data-requests", {
      requestType: "access",
      email: uniqueEmail(),
      fullName: "A Person",
      details: "x".repeat(2001),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).error.fields).toEqual({
      details: "Additional details is too long (max 2000 characters)",
    });
  });

  it("keeps the request when the confirmation email fails", async () => {
    const original = t.deps.mailer;
    t.deps.mailer = {
      send: async () => {
        throw new Error("SMTP is down");
      },
    };
    try {
      const response = await visitor().post("/api/data-requests", {
        requestType: "portability",
        email: uniqueEmail(),
        fullName: "A Person",
      });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as ReceivedResponse;
      expect(await stored(id)).toHaveLength(1);
    } finally {
      t.deps.mailer = original;
    }
  });

  it("limits each client to 5 requests an hour", async () => {
    const client = visitor();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await client.post("/api/data-requests", {
        requestType: "objection",
        email: uniqueEmail(),
        fullName: "A Person",
      });
      expect(response.status).toBe(201);
    }
    const response = await client.post("/api/data-requests", {
      requestType: "objection",
      email: uniqueEmail(),
      fullName: "A Person",
    });
    expect(response.status).toBe(429);
  });
});
