// /api/account: a member's own data (UK GDPR Articles 15, 17 and 20; docs/product.md §2.14,
// docs/decisions/029): "Download my data" and "Delete my account" in /settings.
import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { isCurrentPassword } from "@/server/auth/current-password";
import { signedIn } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import { eraseAccount } from "@/server/domain/member-data/erasure";
import {
  buildMemberExport,
  countLargeRows,
  exportFileName,
} from "@/server/domain/member-data/export";
import {
  findExportDownload,
  INLINE_EXPORT_MAX_ROWS,
  queueMemberExport,
} from "@/server/domain/member-data/exports";
import { HttpError } from "@/server/lib/http-error";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import { AUTH_COOKIE_PREFIX } from "@/server/lib/session-cookie";
import { jsonBody, queryParams } from "@/server/lib/validate";
import type { ExportQueued } from "@/shared/api-types";
import { deleteAccountSchema, exportTokenSchema } from "@/shared/schemas";

export const MEMBER_DATA_LIMITS = {
  /** Building an export reads every table: a few a day is all anyone needs. */
  export: {
    name: "account-export",
    max: 5,
    windowSeconds: 3600,
    message: "You have asked for your data several times this hour. Please try again later.",
  },
  /** Password guesses through the delete form. */
  delete: {
    name: "account-delete",
    max: 5,
    windowSeconds: 900,
    message: "Too many attempts. Please wait a while and try again.",
  },
} satisfies Record<string, RateLimitRule>;

export const DOWNLOAD_LINK_INVALID = "This download link is invalid or has expired";
const WRONG_PASSWORD = "Password is incorrect";

function attachment(content: string, exportedAt: string): Response {
  return new Response(content, {
    status: 200,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${exportFileName(exportedAt)}"`,
      "cache-control": "private, no-store",
    },
  });
}

export const memberDataRoutes = new Hono<AppEnv>()
  // Small enough: the file in the answer. Larger: built by the job queue, link mailed (202).
  .post("/export", signedIn(), async (c) => {
    const { viewer, deps } = c.var;
    await deps.rateLimiter.hit(MEMBER_DATA_LIMITS.export, viewer.id);
    if ((await countLargeRows(deps.db, viewer.id)) > INLINE_EXPORT_MAX_ROWS) {
      await queueMemberExport(deps, { userId: viewer.id, sendTo: viewer.email });
      return c.json({ status: "queued", email: viewer.email } satisfies ExportQueued, 202);
    }
    const document = await buildMemberExport(
      { db: deps.db, storage: deps.storage, siteName: deps.env.siteName },
      viewer.id,
    );
    if (!document) throw new HttpError(401, "You must be signed in");
    return attachment(JSON.stringify(document, null, 2), document.exportedAt);
  })
  // The mailed link's download: the member's own export only, while it lasts.
  .get("/export/download", signedIn(), queryParams(exportTokenSchema), async (c) => {
    const { viewer, deps } = c.var;
    const found = await findExportDownload(deps.db, viewer.id, c.req.valid("query").token);
    if (!found) throw new HttpError(404, DOWNLOAD_LINK_INVALID, { code: "INVALID_TOKEN" });
    return attachment(found.content, found.readyAt);
  })
  .post("/delete", signedIn(), jsonBody(deleteAccountSchema), async (c) => {
    const { viewer, deps } = c.var;
    const input = c.req.valid("json");
    await deps.rateLimiter.hit(MEMBER_DATA_LIMITS.delete, viewer.id);
    if (!(await isCurrentPassword(deps, viewer.id, input.password))) {
      throw new HttpError(400, WRONG_PASSWORD, { fields: { password: WRONG_PASSWORD } });
    }
    await eraseAccount(deps, viewer.id, {
      kind: "member",
      removeContent: input.deleteContent,
    });
    // Every session is gone with the account; the browser forgets this one's cookie too.
    setCookie(c, `${AUTH_COOKIE_PREFIX}.session_token`, "", {
      path: "/",
      maxAge: 0,
      httpOnly: true,
      sameSite: "Lax",
    });
    return c.json({ ok: true });
  });
