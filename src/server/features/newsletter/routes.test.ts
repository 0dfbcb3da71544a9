import { readdir } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { createMember, uniqueEmail } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody, NewsletterResult } from "@/shared/api-types";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let clientCounter = 0;
/** A visitor from an address of its own, so the per-client limit never interferes. */
const visitor = () => createClient(t.app, `10.20.0.${++clientCounter}`);

type Row = {
  email: string;
  user_id: string | null;
  consent_given: boolean;
  status: string;
  subscribed_at: number;
};

async function rowsFor(email: string): Promise<Row[]> {
  return queryRows<Row>(
    t.db,
    sql`select email, user_id, consent_given, status,
               extract(epoch from subscribed_at)::float8 as subscribed_at from newsletter_subscribers
        where lower(email) = lower(${email})`,
  );
}

async function mailCount(to: string): Promise<number> {
  await t.runJobs();
  const names = await readdir(path.join(t.dataDir, "mail")).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith(`-${to.toLowerCase()}.txt`)).length;
}

async function subscribe(email: string, client = visitor()) {
  const response = await client.post("/api/newsletter", { email });
  return { response, body: (await response.json()) as NewsletterResult & ApiErrorBody };
}

describe("POST /api/newsletter", () => {
  it("creates an active record with consent, stores the address lower-cased and sends a welcome email", async () => {
    const email = uniqueEmail("news");
    const { response, body } = await subscribe(`  ${email.toUpperCase()} `);
    expect(response.status).toBe(201);
    expect(body).toEqual({ status: "subscribed" });
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ email, user_id: null, consent_given: true, status: "active" });
    const mail = await t.mailbox.latest(email);
    expect(mail).toContain("Subject: Welcome to the Rant Community newsletter");
    expect(mail).toMatch(/\/newsletter\/unsubscribe\?email=.+&token=\S+/);
  });

  it("answers already_subscribed for an active address in any letter case, without a second row or email", async () => {
    const email = uniqueEmail("again");
    await subscribe(email);
    const { response, body } = await subscribe(email.replace("again", "AGAIN"));
    expect(response.status).toBe(200);
    expect(body).toEqual({ status: "already_subscribed" });
    expect(await rowsFor(email)).toHaveLength(1);
    expect(await mailCount(email)).toBe(1);
  });

  it("reactivates an inactive address with a new subscribed_at (the unsubscribe link makes it inactive)", async () => {
    const email = uniqueEmail("back");
    await subscribe(email);
    const link = new URL((await t.mailbox.latestLink(email)) ?? "");
    const unsubscribed = await visitor().post("/api/newsletter/unsubscribe", {
      email: link.searchParams.get("email"),
      token: link.searchParams.get("token"),
    });
    expect(unsubscribed.status).toBe(200);
    const [inactive] = await rowsFor(email);
    expect(inactive?.status).toBe("inactive");

    const { response, body } = await subscribe(email);
    expect(response.status).toBe(200);
    expect(body).toEqual({ status: "reactivated" });
    const [active] = await rowsFor(email);
    expect(active?.status).toBe("active");
    expect(active?.subscribed_at).toBeGreaterThan(inactive?.subscribed_at ?? Infinity);
    expect(await mailCount(email)).toBe(1);
  });

  it("stores the signed-in member's id", async () => {
    const member = await createMember(t);
    const email = uniqueEmail("member-news");
    const { response } = await subscribe(email, member.client);
    expect(response.status).toBe(201);
    const [row] = await rowsFor(email);
    expect(row?.user_id).toBe(member.id);
  });

  it("lets only one of several simultaneous requests for a new address create it", async () => {
    const email = uniqueEmail("race");
    const results = await Promise.all(
      Array.from({ length: 4 }, () => subscribe(email).then(({ body }) => body.status)),
    );
    expect(results.filter((status) => status === "subscribed")).toHaveLength(1);
    expect(results.filter((status) => status === "already_subscribed")).toHaveLength(3);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it.each([
    [{}, "Email is required"],
    [{ email: "   " }, "Email is required"],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ email: "someone@nowhere" }, "Please enter a valid email address"],
    [{ email: `${"x".repeat(250)}@example.com` }, "Email is too long"],
    [{ email: 42 }, "Email is required"],
  ])("rejects %j with 400 '%s' and stores nothing", async (payload, message) => {
    const before = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from newsletter_subscribers`,
    );
    const response = await visitor().post("/api/newsletter", payload);
    expect(response.status).toBe(400);
    const body = (await response.json()) as ApiErrorBody;
    expect(body.error).toMatchObject({
      code: "INVALID_INPUT",
      message,
      fields: { email: message },
    });
    const after = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from newsletter_subscribers`,
    );
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it("keeps the subscription when the welcome email cannot be sent", async () => {
    const original = t.deps.mailer;
    t.deps.mailer = {
      send: async () => {
        throw new Error("SMTP is down");
      },
    };
    try {
      const email = uniqueEmail("nomail");
      const { response, body } = await subscribe(email);
      expect(response.status).toBe(201);
      expect(body.status).toBe("subscribed");
      expect(await rowsFor(email)).toHaveLength(1);
    } finally {
      t.deps.mailer = original;
    }
  });

  it("never refuses an address for what strangers typed, and never floods it", async () => {
    const email = uniqueEmail("limited");
    for (let attempt = 0; attempt < 7; attempt += 1) {
      expect((await subscribe(email)).response.status).toBeLessThan(300);
    }
    expect(await t.mailbox.all(email)).toHaveLength(1);
  });

  it("limits attempts per client (20 an hour), whatever the addresses", async () => {
    const client = visitor();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await subscribe(uniqueEmail("many"), client)).response.status).toBe(201);
    }
    const email = uniqueEmail("one-too-many");
    expect((await subscribe(email, client)).response.status).toBe(429);
    expect(await rowsFor(email)).toHaveLength(0);
  });
});

describe("POST /api/newsletter/unsubscribe", () => {
  it("refuses a token made for another address", async () => {
    const victim = uniqueEmail("victim");
    const attacker = uniqueEmail("attacker");
    await subscribe(victim);
    await subscribe(attacker);
    const link = new URL((await t.mailbox.latestLink(attacker)) ?? "");
    const response = await visitor().post("/api/newsletter/unsubscribe", {
      email: victim,
      token: link.searchParams.get("token"),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).error.message).toBe(
      "This unsubscribe link is not valid.",
    );
    const [row] = await rowsFor(victim);
    expect(row?.status).toBe("active");
  });
});
