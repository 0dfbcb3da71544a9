import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { createMember } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody, ReceivedResponse } from "@/shared/api-types";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let clientCounter = 0;
const visitor = () => createClient(t.app, `10.30.0.${++clientCounter}`);

const valid = {
  name: "Ada Lovelace",
  email: "Ada@Example.com",
  subject: "Hello",
  message: "Line one\nLine two",
};

type Row = {
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: string | null;
};

const stored = (id: string) =>
  queryRows<Row>(
    t.db,
    sql`select name, email, subject, message, user_id from contact_messages where id = ${id}`,
  );

const count = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from contact_messages`))[0]
    ?.n;

describe("POST /api/contact", () => {
  it("stores a visitor's message, cleaned, with no user", async () => {
    const response = await visitor().post("/api/contact", {
      ...valid,
      name: "  <Ada> Lovelace ",
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as ReceivedResponse;
    expect(await stored(id)).toEqual([
      {
        name: "Ada Lovelace",
        email: "ada@example.com",
        subject: "Hello",
        message: "Line one\nLine two",
        user_id: null,
      },
    ]);
  });

  it("stores the signed-in member's id", async () => {
    const member = await createMember(t);
    const response = await member.client.post("/api/contact", valid);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as ReceivedResponse;
    expect((await stored(id))[0]?.user_id).toBe(member.id);
  });

  it("rejects missing fields with the product's messages and stores nothing", async () => {
    const before = await count();
    const response = await visitor().post("/api/contact", { email: "nope", subject: " <> " });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ApiErrorBody;
    expect(body.error.code).toBe("INVALID_INPUT");
    expect(body.error.fields).toEqual({
      name: "Name is required",
      email: "Please enter a valid email address",
      subject: "Subject is required",
      message: "Message is required",
    });
    expect(await count()).toBe(before);
  });

  it("rejects an overlong subject", async () => {
    const response = await visitor().post("/api/contact", { ...valid, subject: "x".repeat(201) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).error.fields).toEqual({
      subject: "Subject is too long (max 200 characters)",
    });
  });

  it("limits each client to 5 messages in 10 minutes", async () => {
    const client = visitor();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await client.post("/api/contact", valid)).status).toBe(201);
    }
    const before = await count();
    const response = await client.post("/api/contact", valid);
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await count()).toBe(before);
    // Another client is not affected.
    expect((await visitor().post("/api/contact", valid)).status).toBe(201);
  });
});
