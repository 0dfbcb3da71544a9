// Where a digest batch's time goes (bench:digest, issue 43), measured in the bench's process on
// the same copy after the send: the content statements of a batch of 100 (each replayed alone,
// timed, and its plan's top line under EXPLAIN ANALYZE), the mail rendered, and the dev
// mailbox's file write. The worker does the same work plus the claim and the settle.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, queryRows } from "../../src/server/db/client";
import { digestContents } from "../../src/server/features/digest/content";
import { digestMail } from "../../src/server/features/digest/digest-mail";
import { createLogger } from "../../src/server/lib/logger";
import { createMailTransport } from "../../src/server/lib/mail";

type Statement = { text: string; params: unknown[] };
const BATCHES = 5;
const BATCH = 100;

const ms = (started: number) => performance.now() - started;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Which content statement a captured text is. */
function nameOf(text: string): string {
  if (text.includes("count(r.id)::int as replies")) return "busiest (once per run)";
  if (text.includes("n.kind = 'mention'")) return "mentions";
  if (text.includes("row_number() over (partition by mb.user_id")) return "missed";
  if (text.includes("d.author_id = mb.user_id")) return "replies to own";
  return "other";
}

export async function profileDigestBatch(databaseUrl: string, period: string): Promise<void> {
  let captured: Statement[] = [];
  const database = await openDatabase({
    engine: "postgres",
    url: databaseUrl,
    poolSize: 1,
    logQuery: (text, params) => captured.push({ text, params }),
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const mailDir = mkdtempSync(path.join(os.tmpdir(), "rc-bench-digest-profile-"));
  try {
    const members = await queryRows<{ user_id: string; email: string; since: string }>(
      database.db,
      sql`select dd.user_id, u.email, dd.since from digest_deliveries dd
          join "user" u on u.id = dd.user_id where dd.period = ${period}
          order by dd.id limit ${BATCHES * BATCH}`,
    );
    const times = new Map<string, number[]>();
    const add = (name: string, value: number) =>
      times.set(name, [...(times.get(name) ?? []), value]);
    const transport = createMailTransport({
      smtpUrl: undefined,
      from: "bench@example.com",
      dataDir: mailDir,
      logger: createLogger("silent"),
      printLinks: false,
    });
    const site = { siteName: "Rant", siteUrl: "http://localhost:3000" };
    const plans = new Map<string, string>();
    for (let b = 0; b < BATCHES; b++) {
      const batch = members.slice(b * BATCH, (b + 1) * BATCH);
      const readers = batch.map((m) => ({ userId: m.user_id, since: new Date(m.since) }));
      captured = [];
      let started = performance.now();
      const contents = await digestContents(database.db, readers);
      add("content, all statements (digestContents)", ms(started));
      // Each statement again, alone: its own time, and once its plan.
      for (const statement of captured) {
        const name = nameOf(statement.text);
        started = performance.now();
        await client.query(statement.text, statement.params);
        add(`  ${name}`, ms(started));
        if (b === 0) {
          const { rows } = await client.query(
            `explain (analyze, buffers) ${statement.text}`,
            statement.params,
          );
          const lines = rows.map((row: Record<string, string>) => Object.values(row)[0] ?? "");
          const time = lines.find((line) => line.startsWith("Execution Time")) ?? "";
          const hits = lines.find((line) => line.includes("Buffers:")) ?? "";
          plans.set(name, `${lines[0]?.trim()}; ${hits.trim()}; ${time}`);
        }
      }
      started = performance.now();
      const mails = batch.map((m) =>
        digestMail(
          site,
          "digest-bench-secret-digest-bench-secret!",
          { userId: m.user_id, email: m.email, choice: "weekly" },
          contents.get(m.user_id) ?? { replies: [], mentions: [], missed: [] },
        ),
      );
      add("mail rendered (digestMail)", ms(started));
      started = performance.now();
      for (const [i, mail] of mails.entries())
        await transport.deliver(mail, `<profile-${b}-${i}@bench>`);
      add("dev mailbox writes", ms(started));
    }
    console.log(`\nprofile: ${BATCHES} batches of ${BATCH} members, median ms per batch`);
    for (const [name, values] of times) {
      console.log(
        `  ${name}: ${median(values).toFixed(0)} ms (of ${values.map((v) => v.toFixed(0)).join(", ")})`,
      );
    }
    for (const [name, plan] of plans) console.log(`  plan, ${name}: ${plan}`);
  } finally {
    await client.end();
    await database.close();
    rmSync(mailDir, { recursive: true, force: true });
  }
}
