// The queue's real SMTP path: nodemailer to an SMTP server in this process (SMTP_URL set).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { uniqueEmail } from "@/server/test/factories";
import { type SmtpSink, startSmtpSink } from "@/server/test/smtp-sink";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import { MAIL_QUEUE, openMail, sealMail } from "./mail-queue";

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});
beforeEach(() => {
  sink.received.length = 0;
  sink.failNext(0);
});

async function signUp(email: string) {
  const answer = await createClient(t.app).post("/api/auth/sign-up/email", {
    name: "Queued Quinn",
    email,
    password: "a queued password",
  });
  expect(answer.status).toBe(200);
}

async function jobStates(): Promise<Array<{ state: string; retry_count: number }>> {
  return queryRows(
    t.db,
    sql`select state::text as state, retry_count from pgboss.job where name = ${MAIL_QUEUE} order by created_on`,
  );
}

describe("mail through the queue", () => {
  it("answers the request before anything is sent, then delivers through SMTP", async () => {
    const email = uniqueEmail("queued");
    await signUp(email);
    // The request only queued the message.
    expect(sink.received).toHaveLength(0);
    expect(await t.runJobs()).toBeGreaterThan(0);
    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0];
    expect(mail?.recipients).toEqual([email]);
    expect(mail?.headers.get("subject")).toBe("Confirm your email for Rant Community");
    expect(mail?.headers.get("from")).toBe("Rant Community <no-reply@localhost>");
    expect(mail?.headers.get("message-id")).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    expect(mail?.text).toContain("http://localhost:3000/auth/confirm?token=");
  });

  it("retries a send the SMTP server refused, with backoff, and delivers it once", async () => {
    const email = uniqueEmail("refused");
    sink.failNext(1);
    await signUp(email);
    await t.runJobs();
    expect(sink.received).toHaveLength(0);
    const [failed] = (await jobStates()).slice(-1);
    // Back in the queue for later (retry_count counts the attempts so far).
    expect(failed?.state).toBe("retry");
    // Not due yet: the backoff holds it back from a worker's next poll.
    expect(await t.runJobs()).toBe(0);
    expect(sink.received).toHaveLength(0);
    await t.runJobs({ ignoreStartAfter: true });
    expect(sink.received.map((mail) => mail.recipients)).toEqual([[email]]);
    const [retried] = (await jobStates()).slice(-1);
    expect(retried).toEqual({ state: "completed", retry_count: 1 });
    // Nothing left to send twice.
    await t.runJobs({ ignoreStartAfter: true });
    expect(sink.received).toHaveLength(1);
  });

  it("keeps the queued message sealed: no address or link readable in the database", async () => {
    const email = uniqueEmail("sealed");
    await signUp(email);
    const rows = await queryRows<{ data: string }>(
      t.db,
      sql`select data::text as data from pgboss.job where name = ${MAIL_QUEUE} and state = 'created'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.data).not.toContain(email);
      expect(row.data).not.toContain("token");
    }
    await t.runJobs();
  });

  it("refuses a sealed message that was changed", () => {
    const sealed = sealMail("a-secret-a-secret-a-secret-a-secret", {
      to: "a@example.com",
      subject: "s",
      text: "t",
    });
    expect(openMail("a-secret-a-secret-a-secret-a-secret", sealed).to).toBe("a@example.com");
    const bytes = Buffer.from(sealed.sealed, "base64url");
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() =>
      openMail("a-secret-a-secret-a-secret-a-secret", { sealed: bytes.toString("base64url") }),
    ).toThrow();
    expect(() => openMail("another-secret-another-secret-another", sealed)).toThrow();
  });
});
