// Exports built by the job queue (docs/decisions/029): a member's data too large to build
// inside the request, and every export an admin sends for a data request. The job builds the
// document, keeps it in `data_exports`, and mails the member a private link: it works for
// EXPORT_LINK_DAYS days, and only for that member signed in (the token alone is not enough),
// so a forwarded mail or a leaked link gives nobody else the data.
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import type { JobQueue } from "@/server/lib/jobs";
import type { Logger } from "@/server/lib/logger";
import type { Mailer } from "@/server/lib/mail";
import type { FileStorage } from "@/server/lib/storage";
import { EXPORT_LINK_DAYS } from "@/shared/constants";
import { buildMemberExport } from "./export";

export const MEMBER_EXPORT_QUEUE = "build-member-export";

/**
 * Rows (discussions, replies, notifications) above which "Download my data" is built by the
 * job queue instead of inside the request: 2,000 replies build in about 0.1 s into 1.3 MB on
 * PGlite, and the time and size grow with the rows (measured in docs/decisions/029).
 */
export const INLINE_EXPORT_MAX_ROWS = 2_000;

/** Where the mailed link lands (client paths.dataExport). */
export const EXPORT_PAGE_PATH = "/settings/data-export";

export function hashExportToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** Queues an export of member `userId`; the job mails the link to `sendTo`. */
export async function queueMemberExport(
  deps: { db: Db; jobs: JobQueue },
  request: { userId: string; sendTo: string; dataRequestId?: string | null },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into data_exports (user_id, data_request_id, expires_at)
          values (${request.userId}, ${request.dataRequestId ?? null},
            now() + make_interval(days => ${EXPORT_LINK_DAYS}))
          returning id`,
    );
    if (!row) throw new Error("data export insert returned no row");
    await deps.jobs.send(MEMBER_EXPORT_QUEUE, { exportId: row.id, sendTo: request.sendTo }, { tx });
  });
}

export type ExportJobDeps = {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  storage: FileStorage;
  logger: Logger;
  site: { siteName: string; siteUrl: string };
};

export function exportReadyMail(
  site: ExportJobDeps["site"],
  to: string,
  token: string,
): { to: string; subject: string; text: string } {
  const link = `${site.siteUrl}${EXPORT_PAGE_PATH}?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: `Your data is ready to download (${site.siteName})`,
    text: [
      "Hi,",
      "",
      `The copy of your data held by ${site.siteName} is ready. Sign in and download it here:`,
      link,
      "",
      `The link works for ${EXPORT_LINK_DAYS} days, and only when you are signed in to your own account.`,
      "If you did not ask for your data, you can ignore this email: nobody else can use the link.",
    ].join("\n"),
  };
}

export function defineMemberExportWork(deps: ExportJobDeps): void {
  deps.jobs.define<{ exportId: string; sendTo: string }>({
    name: MEMBER_EXPORT_QUEUE,
    retryLimit: 5,
    retryDelaySeconds: 30,
    batchSize: 1,
    handler: async ({ exportId, sendTo }, job) => {
      const [row] = await queryRows<{ user_id: string }>(
        deps.db,
        sql`select user_id from data_exports where id = ${exportId}::uuid and content is null`,
      );
      // Built already, or the account was erased meanwhile (its exports went with it).
      if (!row) return;
      const document = await buildMemberExport(
        { db: deps.db, storage: deps.storage, siteName: deps.site.siteName },
        row.user_id,
      );
      if (!document) return;
      const content = JSON.stringify(document, null, 2);
      const token = randomBytes(32).toString("base64url");
      await deps.db.transaction(async (tx) => {
        await tx.execute(
          sql`update data_exports set content = ${content},
                bytes = ${Buffer.byteLength(content)}, token_hash = ${hashExportToken(token)},
                ready_at = now()
              where id = ${exportId}::uuid`,
        );
        await deps.mailer.send(exportReadyMail(deps.site, sendTo, token), { tx });
        await job.completeIn(tx);
      });
      deps.logger.info({ exportId, bytes: content.length }, "member data export ready");
    },
  });
}

/** The export behind a download link, if it is the member's, ready and not expired. */
export async function findExportDownload(
  db: Db,
  userId: string,
  token: string,
): Promise<{ content: string; readyAt: string } | null> {
  const [row] = await queryRows<{ content: string; ready_at: string }>(
    db,
    sql`select content, to_json(ready_at)#>>'{}' as ready_at from data_exports
        where token_hash = ${hashExportToken(token)} and user_id = ${userId}
          and content is not null and expires_at > now()`,
  );
  return row ? { content: row.content, readyAt: row.ready_at } : null;
}
