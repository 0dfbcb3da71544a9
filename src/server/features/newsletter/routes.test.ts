import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { createMember, tokenIn, uniqueEmail } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type {
  ApiErrorBody,
  MyNewsletter,
  NewsletterConfirmResult,
  NewsletterResult,
} from "@/shared/api-types";
import { removeUnconfirmed } from "./subscribe";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let clientCounter = 0;
/** A visitor from an address of its own, so the per-client limit never interferes. */
const visitor = () =>
  createClient(t.app, `10.20.${Math.floor(++clientCounter / 250)}.${clientCounter % 250}`);

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

async function subscribe(email: string, client = visitor()) {
  const response = await client.post("/api/newsletter", { email });
  return { response, body: (await response.json()) as NewsletterResult & ApiErrorBody };
}

/** The token of the newest confirmation link mailed to `email`. */
async function confirmationToken(email: string): Promise<string> {
  for (const message of (await t.mailbox.all(email)).reverse()) {
    const token = tokenIn(message, "/newsletter/confirm");
    if (token) return token;
  }
  throw new Error(`no confirmation link for ${email}`);
}

async function confirm(token: string, client = visitor()) {
  const response = await client.post("/api/newsletter/confirm", { token });
  return { response, body: (await response.json()) as NewsletterConfirmResult & ApiErrorBody };
}

async function unsubscribeLink(email: string): Promise<URL> {
  for (const message of (await t.mailbox.all(email)).reverse()) {
    const found = message.match(/https?:\/\/\S+\/newsletter\/unsubscribe\?\S+/)?.[0];
    if (found) return new URL(found);
  }
  throw new Error(`no unsubscribe link for ${email}`);
}

/** Puts an address in each state a stranger could find it in. */
async function addressIn(state: "new" | "pending" | "active" | "inactive"): Promise<string> {
  const email = uniqueEmail(state);
  if (state === "new") return email;
  await subscribe(email);
  if (state === "pending") return email;
  await confirm(await confirmationToken(email));
  if (state === "active") return email;
  const link = await unsubscribeLink(email);
  await visitor().post(`/api/newsletter/unsubscribe${link.search}`);
  return email;
}

describe("POST /api/newsletter: anyone but the address's signed-in owner (double opt-in)", () => {
  it("gives the same answer for a new, pending, active and inactive address", async () => {
    const answers: string[] = [];
    for (const state of ["new", "pending", "active", "inactive"] as const) {
      const email = await addressIn(state);
      expect((await rowsFor(email))[0]?.status ?? "none").toBe(state === "new" ? "none" : state);
      const response = await visitor().post("/api/newsletter", { email });
      answers.push(
        `${response.status} ${response.headers.get("content-type")} ${await response.text()}`,
      );
    }
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toBe('200 application/json {"status":"check_email"}');
  });

  it("stores a new address as pending without consent and mails it a confirmation link", async () => {
    const email = uniqueEmail("news");
    const { response, body } = await subscribe(`  ${email.toUpperCase()} `);
    expect(response.status).toBe(200);
    expect(body).toEqual({ status: "check_email" });
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ email, user_id: null, consent_given: false, status: "pending" });
    const mail = await t.mailbox.latest(email);
    expect(mail).toContain("Subject: Confirm your subscription to the Rant Community newsletter");
    expect(tokenIn(mail ?? "", "/newsletter/confirm")).toBeTruthy();
  });

  it("activates the address only through the link, which then welcomes it", async () => {
    const email = uniqueEmail("confirm");
    await subscribe(email);
    await subscribe(email);
    expect((await rowsFor(email))[0]?.status).toBe("pending");
    const { response, body } = await confirm(await confirmationToken(email));
    expect(response.status).toBe(200);
    expect(body).toEqual({ status: "confirmed", email });
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ status: "active", consent_given: true });
    expect(await t.mailbox.latest(email)).toContain(
      "Subject: Welcome to the Rant Community newsletter",
    );
    // The link again: nothing changes, and it says so.
    expect((await confirm(await confirmationToken(email))).body.status).toBe("already_subscribed");
  });

  it("tells an active address's owner, not the visitor, that it is already subscribed", async () => {
    const email = await addressIn("active");
    await subscribe(email);
    expect(await t.mailbox.latest(email)).toContain("Subject: You're already subscribed");
    expect((await rowsFor(email))[0]?.status).toBe("active");
  });

  it("refuses a forged, changed or expired confirmation link", async () => {
    const email = uniqueEmail("forged");
    await subscribe(email);
    const token = await confirmationToken(email);
    const [payload, mac] = token.split(".");
    const other = Buffer.from(
      JSON.stringify([uniqueEmail("x"), Math.floor(Date.now() / 1000)]),
    ).toString("base64url");
    const old = Buffer.from(
      JSON.stringify([email, Math.floor(Date.now() / 1000) - 8 * 86400]),
    ).toString("base64url");
    for (const bad of [`${other}.${mac}`, `${payload}.x${mac}`, `${old}.${mac}`, "nonsense", ""]) {
      const { response, body } = await confirm(bad);
      expect(response.status).toBe(400);
      expect(body.error.message).toMatch(/This confirmation link is not valid or has expired/);
    }
    expect((await rowsFor(email))[0]?.status).toBe("pending");
  });

  it("removes addresses never confirmed after 7 days, and a link still in the inbox still works", async () => {
    const stale = uniqueEmail("stale");
    const fresh = uniqueEmail("fresh");
    await subscribe(stale);
    await subscribe(fresh);
    await t.db.execute(
      sql`update newsletter_subscribers set created_at = now() - interval '7 days 1 minute'
          where email = ${stale}`,
    );
    await removeUnconfirmed(t.db);
    expect(await rowsFor(stale)).toHaveLength(0);
    expect(await rowsFor(fresh)).toHaveLength(1);
    // The sweep is a scheduled job of the queue.
    const [queue] = await queryRows<{ cron: string }>(
      t.db,
      sql`select 1 as cron from pgboss.queue where name = 'newsletter-remove-unconfirmed'`,
    );
    expect(queue).toBeTruthy();
    // A link made within the week is the owner's consent even after the record is gone.
    expect((await confirm(await confirmationToken(stale))).body.status).toBe("confirmed");
    expect((await rowsFor(stale))[0]?.status).toBe("active");
  });

  it("lets only one of several simultaneous requests for a new address create it", async () => {
    const email = uniqueEmail("race");
    const results = await Promise.all(Array.from({ length: 4 }, () => subscribe(email)));
    expect(results.every(({ body }) => body.status === "check_email")).toBe(true);
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
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from newsletter_subscribers`,
        )
      )[0]?.n;
    const before = await count();
    const response = await visitor().post("/api/newsletter", payload);
    expect(response.status).toBe(400);
    const body = (await response.json()) as ApiErrorBody;
    expect(body.error).toMatchObject({
      code: "INVALID_INPUT",
      message,
      fields: { email: message },
    });
    expect(await count()).toBe(before);
  });

  it("keeps the request when the confirmation email cannot be sent", async () => {
    const original = t.deps.mailer;
    t.deps.mailer = {
      send: async () => {
        throw new Error("SMTP is down");
      },
    };
    try {
      const email = uniqueEmail("nomail");
      const { response, body } = await subscribe(email);
      expect(response.status).toBe(200);
      expect(body.status).toBe("check_email");
      expect(await rowsFor(email)).toHaveLength(1);
    } finally {
      t.deps.mailer = original;
    }
  });
});

describe("rate limits that cannot lock an address's owner out", () => {
  it("never refuses an address for what strangers typed, never floods it, and keeps its links valid", async () => {
    const email = uniqueEmail("limited");
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const { response, body } = await subscribe(email);
      expect(response.status).toBe(200);
      expect(body.status).toBe("check_email");
    }
    const mails = await t.mailbox.all(email);
    expect(mails).toHaveLength(5);
    // The first link sent still works after the strangers' attempts.
    const first = tokenIn(mails[0] ?? "", "/newsletter/confirm");
    expect((await confirm(first ?? "")).body.status).toBe("confirmed");
  });

  it("lets the signed-in owner subscribe at once, whatever strangers did", async () => {
    const member = await createMember(t);
    for (let attempt = 0; attempt < 7; attempt += 1) await subscribe(member.email);
    const { response, body } = await subscribe(member.email, member.client);
    expect(response.status).toBe(201);
    expect(body.status).toBe("subscribed");
  });

  it("limits attempts per client (20 an hour), whatever the addresses", async () => {
    const client = visitor();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await subscribe(uniqueEmail("many"), client)).response.status).toBe(200);
    }
    const email = uniqueEmail("one-too-many");
    const { response, body } = await subscribe(email, client);
    expect(response.status).toBe(429);
    expect(body.error.message).toBe("Too many subscription attempts. Please try again later.");
    expect(await rowsFor(email)).toHaveLength(0);
  });
});

describe("POST /api/newsletter: a signed-in member's own verified address", () => {
  it("subscribes at once with the SPEC's distinct answers: subscribed, already, welcome back", async () => {
    const member = await createMember(t);
    const first = await subscribe(member.email.toUpperCase(), member.client);
    expect(first.response.status).toBe(201);
    expect(first.body).toEqual({ status: "subscribed" });
    const [row] = await rowsFor(member.email);
    expect(row).toMatchObject({ user_id: member.id, consent_given: true, status: "active" });
    expect(await t.mailbox.latest(member.email)).toContain("Subject: Welcome to the");

    const again = await subscribe(member.email, member.client);
    expect(again.response.status).toBe(200);
    expect(again.body).toEqual({ status: "already_subscribed" });

    const link = await unsubscribeLink(member.email);
    await visitor().post(`/api/newsletter/unsubscribe${link.search}`);
    const back = await subscribe(member.email, member.client);
    expect(back.body).toEqual({ status: "reactivated" });
    expect((await rowsFor(member.email))[0]?.subscribed_at).toBeGreaterThan(
      row?.subscribed_at ?? Infinity,
    );
  });

  it("needs no confirmation for an address a stranger left pending", async () => {
    const member = await createMember(t);
    await subscribe(member.email);
    expect((await rowsFor(member.email))[0]?.status).toBe("pending");
    expect((await subscribe(member.email, member.client)).body.status).toBe("subscribed");
    expect((await rowsFor(member.email))[0]?.status).toBe("active");
  });

  it("treats another address typed by a member like anyone's: confirmation, no member id", async () => {
    const member = await createMember(t);
    const other = uniqueEmail("not-mine");
    const { body } = await subscribe(other, member.client);
    expect(body.status).toBe("check_email");
    expect((await rowsFor(other))[0]).toMatchObject({ status: "pending", user_id: null });
  });
});

describe("GET and PUT /api/newsletter/me (the settings switch)", () => {
  it("shows and switches the member's own subscription", async () => {
    const member = await createMember(t);
    const read = async () =>
      (await (await member.client.get("/api/newsletter/me")).json()) as MyNewsletter;
    expect(await read()).toEqual({ email: member.email, status: "none" });
    const on = await member.client.put("/api/newsletter/me", { subscribed: true });
    expect(((await on.json()) as MyNewsletter).status).toBe("active");
    const off = await member.client.put("/api/newsletter/me", { subscribed: false });
    expect(((await off.json()) as MyNewsletter).status).toBe("inactive");
    expect(await read()).toEqual({ email: member.email, status: "inactive" });
  });

  it("needs a session and a boolean", async () => {
    expect((await visitor().get("/api/newsletter/me")).status).toBe(401);
    expect((await visitor().put("/api/newsletter/me", { subscribed: true })).status).toBe(401);
    const member = await createMember(t);
    expect((await member.client.put("/api/newsletter/me", { subscribed: "yes" })).status).toBe(400);
  });
});

describe("POST /api/newsletter/unsubscribe (no session: the link is the credential)", () => {
  it("unsubscribes with the mailed link, as RFC 8058's one-click POST sends it, and subscribing again works", async () => {
    const email = await addressIn("active");
    const link = await unsubscribeLink(email);
    // What a mail provider sends: no cookie, no Origin, a form body.
    const response = await t.app.request(
      `http://localhost:3000/api/newsletter/unsubscribe${link.search}`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      },
    );
    expect(response.status).toBe(200);
    expect((await rowsFor(email))[0]?.status).toBe("inactive");

    expect((await subscribe(email)).body.status).toBe("check_email");
    expect((await rowsFor(email))[0]?.status).toBe("inactive");
    expect((await confirm(await confirmationToken(email))).body.status).toBe("confirmed");
    expect((await rowsFor(email))[0]?.status).toBe("active");
  });

  it("refuses a token made for another address", async () => {
    const victim = await addressIn("active");
    const attacker = await addressIn("active");
    const link = await unsubscribeLink(attacker);
    const response = await visitor().post(
      `/api/newsletter/unsubscribe?email=${encodeURIComponent(victim)}&token=${link.searchParams.get("token")}`,
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).error.message).toBe(
      "This unsubscribe link is not valid.",
    );
    expect((await rowsFor(victim))[0]?.status).toBe("active");
  });
});
