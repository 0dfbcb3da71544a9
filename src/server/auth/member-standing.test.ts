// A member's standing (auth/roles.ts, memberStanding): the role and the active suspension every
// signed-in request needs, and the site settings (decision 091), asked in one statement after the
// session's. When that statement fails the role falls back to `user` (docs/product.md §6), the
// suspension is asked again on its own (a failed lookup never lets a suspended member write), and
// the settings are left for the request to read.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { readSiteSettings, writeSiteSetting } from "@/server/domain/site/site-settings";
import { createLogger } from "@/server/lib/logger";
import { createMember } from "@/server/test/factories";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import { memberStanding } from "./roles";

let t: TestApp;
let recording: string[] | null = null;
const logger = createLogger("silent");

beforeAll(async () => {
  t = await createTestApp({ logQuery: (text) => recording?.push(text) });
});
afterAll(async () => {
  await t.close();
});

async function standingOf(db: Db, userId: string) {
  const sent: string[] = [];
  recording = sent;
  try {
    return { standing: await memberStanding(db, userId, logger), sent };
  } finally {
    recording = null;
  }
}

const suspend = (userId: string, ends: string) =>
  t.db.execute(
    sql`insert into suspensions (user_id, reason, ends_at)
        values (${userId}, 'Standing test', ${ends === "never" ? null : sql`now() + ${ends}::interval`})`,
  );

describe("a member's standing", () => {
  it("reads the role and the active suspension in one statement", async () => {
    const member = await createMember(t, { role: "moderator", secondFactor: false });
    await suspend(member.id, "3 days");
    const { standing, sent } = await standingOf(t.db, member.id);
    expect(standing.role).toBe("moderator");
    expect(standing.suspension).toMatchObject({ reason: "Standing test" });
    expect(standing.suspension?.endsAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(sent).toHaveLength(1);
  });

  it("reads the site settings in the same statement, as they are now", async () => {
    const member = await createMember(t);
    const before = await readSiteSettings(t.db);
    await writeSiteSetting(t.db, "reactionKinds", ["agree", "hugs"]);
    await writeSiteSetting(t.db, "secondFactorRoles", ["admin"]);
    try {
      const { standing, sent } = await standingOf(t.db, member.id);
      expect(sent).toHaveLength(1);
      expect(standing.siteSettings).toMatchObject({
        reactionKinds: ["agree", "hugs"],
        secondFactorRoles: ["admin"],
      });
      await writeSiteSetting(t.db, "reactionKinds", ["funny"]);
      expect((await standingOf(t.db, member.id)).standing.siteSettings?.reactionKinds).toEqual([
        "funny",
      ]);
    } finally {
      await writeSiteSetting(t.db, "reactionKinds", before.reactionKinds);
      await writeSiteSetting(t.db, "secondFactorRoles", before.secondFactorRoles);
    }
  });

  it("names the longest suspension and none once it is lifted or over", async () => {
    const member = await createMember(t);
    await suspend(member.id, "1 day");
    await suspend(member.id, "never");
    expect((await standingOf(t.db, member.id)).standing).toMatchObject({
      role: "user",
      suspension: { endsAt: null },
    });
    await t.db.execute(sql`update suspensions set lifted_at = now() where user_id = ${member.id}`);
    await suspend(member.id, "-1 minute");
    expect((await standingOf(t.db, member.id)).standing).toMatchObject({
      role: "user",
      suspension: null,
    });
  });

  it("falls back to the user role when the statement fails, and still finds the suspension", async () => {
    const member = await createMember(t, { role: "admin", secondFactor: false });
    await suspend(member.id, "never");
    let failed = 0;
    // The standing is a prepared statement (db/prepared.ts), made through the database's
    // session: this one's statements fail. The suspension's own read goes through execute().
    const failingSession = new Proxy(t.db._.session, {
      get(target, property, receiver) {
        if (property !== "prepareQuery") return Reflect.get(target, property, receiver);
        return () => ({
          execute: () => {
            failed += 1;
            return Promise.reject(new Error("connection lost"));
          },
        });
      },
    });
    const failing = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property === "_") return { ...target._, session: failingSession };
        return Reflect.get(target, property, receiver);
      },
    });
    const { standing } = await standingOf(failing, member.id);
    expect(failed).toBe(1);
    expect(standing).toMatchObject({ role: "user", suspension: { reason: "Standing test" } });
    expect(standing.siteSettings).toBeNull();
    expect(standing.profile).toBeNull();
  });
});
