import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { stream } from "hono/streaming";
import { z } from "zod";
import type { AppEnv } from "@/server/context";
import { refreshAllTopScores } from "@/server/domain/reactions/top-scores";
import { keptAuthSecret } from "@/server/lib/auth-secret";
import { writeBackup } from "@/server/lib/backup";
import { HttpError } from "@/server/lib/http-error";
import { jsonBody } from "@/server/lib/validate";
import { seedDemoData } from "./demo-data";
import { resetSecondFactorByEmail } from "./second-factor-reset";
import { setRoleByEmail } from "./set-role-by-email";

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `npm run role` (POST /api/control/role and /api/control/second-factor-reset), `npm run seed:demo` (POST /api/control/seed-demo) and
 * `npm run backup` (POST /api/control/backup) through the running server (lib/control-file.ts,
 * docs/decisions/005).
 */
export const controlRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    const expected = c.var.deps.controlToken;
    const given = c.req.header("authorization")?.replace(/^Bearer /, "") ?? "";
    if (!expected) throw new HttpError(404, "Not found");
    if (!sameToken(given, expected)) throw new HttpError(403, "Wrong control token");
    await next();
  })
  .post("/role", jsonBody(z.object({ email: z.string(), role: z.string() })), async (c) => {
    const { email, role } = c.req.valid("json");
    const result = await setRoleByEmail(c.var.deps.db, email, role);
    if (!result.ok) throw new HttpError(400, result.message);
    return c.json(result);
  })
  // `npm run role -- --reset-second-factor <email>` (decision 060): the last admin's way back.
  .post("/second-factor-reset", jsonBody(z.object({ email: z.string() })), async (c) => {
    const result = await resetSecondFactorByEmail(c.var.deps.db, c.req.valid("json").email);
    if (!result.ok) throw new HttpError(400, result.message);
    return c.json(result);
  })
  // Takes no input: whatever body comes is not read.
  .post("/seed-demo", async (c) => {
    const { deps } = c.var;
    const report = await seedDemoData({
      db: deps.db,
      secret: deps.secret,
      siteUrl: deps.env.siteUrl,
      siteName: deps.env.siteName,
      logger: deps.logger,
    });
    return c.json(report);
  })
  // The Top sort's scores now rather than at the job's next run (docs/decisions/075): for an
  // operator after a bulk load, and the browser tests. Takes no input; every period.
  .post("/top-scores", async (c) => {
    await refreshAllTopScores(c.var.deps.backgroundDb);
    return c.json({ ok: true });
  })
  // The backup's lines as they are read (lib/backup.ts); the command gzips them into its file.
  .post("/backup", (c) => {
    const { deps } = c.var;
    c.header("content-type", "application/x-ndjson");
    c.header("cache-control", "no-store");
    return stream(c, async (output) => {
      await writeBackup(deps.db, deps.storage, (line) => output.write(line).then(() => {}), {
        authSecret: keptAuthSecret(deps.env.authSecret, deps.env.dataDir) ?? undefined,
      });
    });
  });
