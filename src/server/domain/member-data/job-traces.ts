// An erased member's traces in the job queue (docs/decisions/047): pg-boss keeps a job's data
// while it waits, a day once it is done, then a week in its archive. Inside the erasure's
// transaction: a waiting job that names another member's actor as this member forgets who
// acted (the fan-out then says nobody, as for the system); every other job, waiting or done,
// whose data, key or output holds the member's id or address is deleted, and so is every mail
// to the address (mail is sealed: lib/mail-queue.ts, so it is opened to read its recipient).
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { JOB_SCHEMA } from "@/server/lib/job-schema";
import { MAIL_QUEUE, openMail } from "@/server/lib/mail-queue";

const JOBS = sql.raw(`"${JOB_SCHEMA}"."job"`);
const ARCHIVE = sql.raw(`"${JOB_SCHEMA}"."archive"`);
const WAITING = sql`state in ('created', 'retry', 'active')`;

/** Jobs whose data, singleton key or output names the member. Ids are unique text; an address
 * is matched as a whole JSON string, so `a@b.com` never matches `ba@b.com`. */
function naming(member: { id: string; email: string }): SQL {
  const quotedEmail = JSON.stringify(member.email);
  return sql`(position(${member.id} in data::text) > 0
    or position(${quotedEmail} in lower(data::text)) > 0
    or position(${member.id} in coalesce(singleton_key, '')) > 0
    or position(${member.id} in coalesce(output::text, '')) > 0
    or position(${quotedEmail} in lower(coalesce(output::text, ''))) > 0)`;
}

export async function forgetJobsNaming(
  tx: Db,
  secret: string,
  member: { id: string; email: string },
): Promise<void> {
  await tx.execute(
    sql`update ${JOBS} set data = jsonb_set(data, '{actorId}', 'null')
        where ${WAITING} and data->>'actorId' = ${member.id}`,
  );
  for (const table of [JOBS, ARCHIVE]) {
    await tx.execute(sql`delete from ${table} where name <> ${MAIL_QUEUE} and ${naming(member)}`);
    const mails = await queryRows<{ id: string; data: { sealed: string } }>(
      tx,
      sql`select id, data from ${table} where name = ${MAIL_QUEUE}`,
    );
    const theirs = mails.filter((mail) => recipientOf(secret, mail.data) === member.email);
    if (theirs.length > 0) {
      await tx.execute(
        sql`delete from ${table} where name = ${MAIL_QUEUE}
            and id in (${sql.join(
              theirs.map((mail) => sql`${mail.id}::uuid`),
              sql`, `,
            )})`,
      );
    }
  }
}

/** A sealed mail's recipient, lower case; null when it cannot be opened (another secret). */
function recipientOf(secret: string, data: { sealed: string }): string | null {
  try {
    return openMail(secret, data).to.trim().toLowerCase();
  } catch {
    return null;
  }
}
