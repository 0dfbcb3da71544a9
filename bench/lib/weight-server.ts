// The site with its built client, in this process, on a fresh in-memory database, for the page
// weight runs (npm run bench:size and bench/budget.test.ts): a member and an admin signed in
// (the profile editor and the CMS are only shown to them), one discussion to open.
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import { hashPassword } from "better-auth/crypto";
import { and, eq, sql } from "drizzle-orm";
import { setRole } from "../../src/server/auth/roles";
import { openDatabase, queryRows } from "../../src/server/db/client";
import { account, user } from "../../src/server/db/schema";
import { writeSiteSetting } from "../../src/server/domain/site/site-settings";
import { loadStaticFiles, type StaticFile } from "../../src/server/lib/static-files";
import { createBenchApp } from "./bench-app";
import { ROOT } from "./server-process";

/** The built client; BENCH_CLIENT_DIR measures another build (e.g. a chunking experiment). */
export const CLIENT_DIR = process.env.BENCH_CLIENT_DIR ?? path.join(ROOT, "dist/client");

export type Cookie = { name: string; value: string };

export type WeightServer = {
  url: string;
  files: Map<string, StaticFile>;
  memberCookies: Cookie[];
  adminCookies: Cookie[];
  discussionId: string;
  memberId: string;
  close(): Promise<void>;
};

export async function startWeightServer(): Promise<WeightServer> {
  const files = await loadStaticFiles(CLIENT_DIR);
  const database = await openDatabase({ engine: "pglite" });
  await database.migrate();
  // The admin signs in with a password: with the rule that staff use a second factor (decision
  // 060) every page would be the set-up page, and the CMS's weight would go unmeasured.
  await writeSiteSetting(database.db, "secondFactorRoles", []);
  const { app, env, close } = createBenchApp(database, { staticFiles: files });

  async function signedIn(email: string, role: "user" | "admin"): Promise<[string, Cookie[]]> {
    const post = (route: string, body: unknown) =>
      app.request(`/api/auth/${route}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: env.siteUrl },
        body: JSON.stringify(body),
      });
    const password = "page-weight-password";
    const signUp = await post("sign-up/email", { name: "Page Weight", email, password });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
    const [created] = await database.db
      .update(user)
      .set({ emailVerified: true })
      .where(eq(user.email, email))
      .returning({ id: user.id });
    if (!created) throw new Error("the new account is missing");
    // Sign-up takes no password (decision 061): the one the confirmation page would set.
    await database.db
      .update(account)
      .set({ password: await hashPassword(password) })
      .where(and(eq(account.userId, created.id), eq(account.providerId, "credential")));
    if (role !== "user") {
      await setRole(database.db, {
        targetUserId: created.id,
        newRole: role,
        changedBy: null,
        reason: null,
      });
    }
    const signIn = await post("sign-in/email", { email, password });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
    const cookies = signIn.headers.getSetCookie().map((line) => {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1) };
    });
    return [created.id, cookies];
  }

  const [memberId, memberCookies] = await signedIn("member@page-weight.test", "user");
  const [, adminCookies] = await signedIn("admin@page-weight.test", "admin");
  const [discussion] = await queryRows<{ id: string }>(
    database.db,
    sql`insert into discussions (title, content, author_id, category_id)
        values ('How heavy is this page?', 'Counting bytes, as one does.', ${memberId},
          (select id from categories order by position limit 1))
        returning id`,
  );
  if (!discussion) throw new Error("could not create a discussion");

  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    files,
    memberCookies,
    adminCookies,
    discussionId: discussion.id,
    memberId,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await close();
      await database.close();
    },
  };
}
