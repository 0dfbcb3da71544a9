// Retention (docs/product.md §4.14): the daily job removes contact messages and completed data
// requests older than RETENTION_MONTHS, visitors' addresses from reports closed as long ago, and
// expired data exports; nothing else.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { queueMemberExport } from "@/server/domain/member-data/exports";
import { createMember } from "@/server/test/factories";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import { RETENTION_SWEEP_QUEUE } from "./retention";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RETENTION_MONTHS: "12" } });
});
afterAll(async () => {
  await t.close();
});

async function message(subject: string, age: string) {
  await t.db.execute(
    sql`insert into contact_messages (name, email, subject, message, created_at)
        values ('Sam', 'sam@example.com', ${subject}, 'Hello',
          now() - ${age}::interval)`,
  );
}

async function request(
  fullName: string,
  status: "pending" | "in_progress" | "completed",
  age: string,
  completedAge: string | null,
) {
  await t.db.execute(
    sql`insert into data_requests (request_type, email, full_name, status, created_at, updated_at,
          completed_at)
        values ('access', 'dana@example.com', ${fullName}, ${status},
          now() - cast(${age} as interval), now() - cast(${completedAge ?? age} as interval),
          now() - cast(${completedAge} as interval))`,
  );
}

async function visitorReport(details: string, closedAge: string | null) {
  await t.db.execute(
    sql`insert into reports (reporter_email, target_kind, target_id, reason, details, created_at,
          resolved_at)
        values ('visitor@example.com', 'discussion', gen_random_uuid()::text, 'spam', ${details},
          now() - interval '30 months', now() - cast(${closedAge} as interval))`,
  );
}

const left = async () => ({
  messages: (
    await queryRows<{ subject: string }>(
      t.db,
      sql`select subject from contact_messages order by subject`,
    )
  ).map((row) => row.subject),
  requests: (
    await queryRows<{ full_name: string }>(
      t.db,
      sql`select full_name from data_requests order by full_name`,
    )
  ).map((row) => row.full_name),
});

describe("the retention job", () => {
  it("removes only what is past the period", async () => {
    await message("a-new", "1 day");
    await message("b-just-inside", "11 months 29 days");
    await message("c-past", "12 months 1 day");
    // Completed requests count from completion; open ones are never removed.
    await request("a-completed-recently", "completed", "13 months", "1 month");
    await request("b-completed-long-ago", "completed", "14 months", "12 months 1 day");
    await request("c-open-but-old", "pending", "20 months", null);
    await request("d-in-progress-old", "in_progress", "20 months", null);
    // A report stays; its visitor's address goes the period after the report was closed.
    await visitorReport("a-closed-recently", "1 month");
    await visitorReport("b-closed-long-ago", "12 months 1 day");
    await visitorReport("c-still-open", null);
    const member = await createMember(t);
    await queueMemberExport(t.deps, { userId: member.id, sendTo: member.email });
    await t.runJobs();
    await t.db.execute(
      sql`update data_exports set expires_at = now() - interval '1 minute' where user_id = ${member.id}`,
    );
    const kept = await createMember(t);
    await queueMemberExport(t.deps, { userId: kept.id, sendTo: kept.email });
    await t.runJobs();

    await t.deps.jobs.send(RETENTION_SWEEP_QUEUE, {});
    await t.runJobs();

    expect(await left()).toEqual({
      messages: ["a-new", "b-just-inside"],
      requests: ["a-completed-recently", "c-open-but-old", "d-in-progress-old"],
    });
    const exports = await queryRows<{ user_id: string }>(
      t.db,
      sql`select user_id from data_exports`,
    );
    expect(exports.map((row) => row.user_id)).toEqual([kept.id]);
    const reports = await queryRows<{ details: string; reporter_email: string | null }>(
      t.db,
      sql`select details, reporter_email from reports order by details`,
    );
    expect(reports).toEqual([
      { details: "a-closed-recently", reporter_email: "visitor@example.com" },
      { details: "b-closed-long-ago", reporter_email: null },
      { details: "c-still-open", reporter_email: "visitor@example.com" },
    ]);
  });
});
