import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { createMember } from "@/server/test/factories";
import { createStaffClients, type StaffClients } from "@/server/test/staff-area";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody } from "@/shared/api-types";
import type { NotificationPage } from "@/shared/notifications";
import { notificationText } from "@/shared/notifications";
import {
  ILLEGAL_HARM_KINDS,
  ILLEGAL_HARM_LABELS,
  type OnlineSafetyRecords,
  type RecordHistory,
  type RecordVersion,
  type RiskEntryContent,
} from "@/shared/online-safety";
import { CHILDREN_HARM_KINDS } from "@/shared/online-safety-children";
import { type ReminderDeps, remindDueReviews } from "./reminders";

let t: TestApp;
let clients: StaffClients;
let reminderDeps: ReminderDeps;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  clients = await createStaffClients(t);
  reminderDeps = {
    db: t.db,
    mailer: t.deps.mailer,
    site: { siteName: t.env.siteName, siteUrl: t.env.siteUrl },
  };
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from online_safety_record_versions`);
  await t.db.execute(sql`delete from online_safety_reminders`);
  await t.db.execute(sql`delete from notifications`);
});

const BASE = "/api/cms/online-safety";
const entry = (overrides: Partial<RiskEntryContent> = {}) => ({
  riskLevel: "low",
  evidence: "Two hate reports in a year, both hidden within a day.",
  measures: ["reporting", "queue"],
  otherMeasures: "",
  ...overrides,
});

async function records(): Promise<OnlineSafetyRecords> {
  const response = await clients.admin.get(BASE);
  expect(response.status).toBe(200);
  return (await response.json()) as OnlineSafetyRecords;
}

describe("the Online Safety Act records (issue 46)", () => {
  it("keeps every saved version of an entry, numbered, with who and when", async () => {
    const first = await clients.admin.put(`${BASE}/risk/hate`, entry());
    expect(first.status).toBe(200);
    const second = await clients.admin.put(`${BASE}/risk/hate`, entry({ riskLevel: "medium" }));
    expect(second.status).toBe(200);
    const saved = (await second.json()) as RecordVersion<RiskEntryContent>;
    expect(saved).toMatchObject({ version: 2, savedByName: "Al Admin" });
    expect(Date.parse(saved.savedAt)).not.toBeNaN();

    const history = (await (
      await clients.moderator.get(`${BASE}/versions/risk:hate`)
    ).json()) as RecordHistory;
    expect(
      history.versions.map((v) => [v.version, (v.content as RiskEntryContent).riskLevel]),
    ).toEqual([
      [2, "medium"],
      [1, "low"],
    ]);
    expect((await records()).entries.hate).toMatchObject({
      version: 2,
      content: { riskLevel: "medium" },
    });
    // Another kind counts on its own.
    const fraud = await clients.admin.put(`${BASE}/risk/fraud`, entry());
    expect(((await fraud.json()) as RecordVersion<unknown>).version).toBe(1);
  });

  it("versions the assessment, the children's access assessment and the accountable person", async () => {
    for (const [path, body] of [
      ["assessment", { summary: "A small forum.", reviewDueOn: "2027-03-01" }],
      ["children-risk-assessment", { summary: "Teenagers read it.", reviewDueOn: "2027-07-01" }],
      [
        "children-access",
        {
          highlyEffectiveAgeAssurance: false,
          stageOne: "No age checks.",
          stageTwo: "Few children; not a children's kind of site.",
          outcome: "not-likely",
          reviewDueOn: "2027-11-29",
        },
      ],
      [
        "responsibility",
        {
          personId: clients.ids.admin,
          role: "Online safety lead",
          contactEmail: "safety@example.org",
        },
      ],
    ] as const) {
      expect((await clients.admin.put(`${BASE}/${path}`, body)).status).toBe(200);
      expect((await clients.admin.put(`${BASE}/${path}`, body)).status).toBe(200);
      const history = (await (
        await clients.admin.get(`${BASE}/versions/${path}`)
      ).json()) as RecordHistory;
      expect(history.versions.map((v) => v.version)).toEqual([2, 1]);
    }
    const all = await records();
    expect(all.responsibility?.content).toMatchObject({
      personName: "Al Admin",
      role: "Online safety lead",
    });
    expect(all.childrenAccess?.content.outcome).toBe("not-likely");
    expect(all.childrenAssessment).toMatchObject({
      version: 2,
      content: { reviewDueOn: "2027-07-01" },
    });
  });

  it("offers the site's own figures and measures", async () => {
    const all = await records();
    expect(all.kinds).toHaveLength(ILLEGAL_HARM_KINDS.length);
    expect(all.kinds.at(-1)).toEqual({ kind: "other", label: "Other illegal content" });
    expect(all.evidence.members.admins).toBeGreaterThanOrEqual(1);
    expect(all.evidence.members.total).toBe(4);
    expect(all.evidence.members.moderators).toBe(1);
    const keys = all.measures.map((m) => m.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        "reporting",
        "queue",
        "held-first-posts",
        "blocking",
        "rate-limits",
        "staff-two-factor",
      ]),
    );
    expect(all.measures.find((m) => m.key === "held-first-posts")?.state).toBe("off");
    expect(all.canEdit).toBe(true);
  });

  it("lets moderators read and only admins save; nobody else sees the records", async () => {
    const moderatorView = (await (await clients.moderator.get(BASE)).json()) as OnlineSafetyRecords;
    expect(moderatorView.canEdit).toBe(false);
    expect(moderatorView.admins).toEqual([]);
    expect((await clients.moderator.get(`${BASE}/document`)).status).toBe(200);
    expect((await clients.moderator.put(`${BASE}/risk/hate`, entry())).status).toBe(403);
    for (const caller of ["user", "author"] as const) {
      for (const path of ["", "/document", "/versions/assessment"]) {
        expect((await clients[caller].get(`${BASE}${path}`)).status, `${caller} ${path}`).toBe(403);
      }
      expect((await clients[caller].put(`${BASE}/risk/hate`, entry())).status).toBe(403);
    }
    expect((await clients.anonymous.get(BASE)).status).toBe(401);
    expect((await clients.anonymous.get(`${BASE}/document`)).status).toBe(401);
    const [row] = await queryRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from online_safety_record_versions`,
    );
    expect(row?.count).toBe(0);
  });

  it("refuses bad input with a 400 that names the field, and unknown records with a 404", async () => {
    const cases: [string, unknown, string][] = [
      ["/risk/hate", entry({ riskLevel: "extreme" as never }), "riskLevel"],
      ["/risk/hate", entry({ measures: ["telepathy"] }), "measures"],
      ["/risk/hate", entry({ evidence: "x".repeat(5001) }), "evidence"],
      ["/assessment", { summary: "", reviewDueOn: "2027-02-30" }, "reviewDueOn"],
      ["/assessment", { summary: "" }, "reviewDueOn"],
      [
        "/children-access",
        { outcome: "maybe", reviewDueOn: "2027-01-01", highlyEffectiveAgeAssurance: false },
        "outcome",
      ],
      [
        "/responsibility",
        { personId: clients.ids.moderator, role: "Lead", contactEmail: "a@example.org" },
        "personId",
      ],
      [
        "/responsibility",
        { personId: clients.ids.admin, role: "Lead", contactEmail: "nope" },
        "contactEmail",
      ],
    ];
    for (const [path, body, field] of cases) {
      const response = await clients.admin.put(`${BASE}${path}`, body);
      expect(response.status, `${path} ${field}`).toBe(400);
      expect(
        ((await response.json()) as ApiErrorBody).error.fields?.[field],
        `${path} ${field}`,
      ).toBeTruthy();
    }
    // Half a surrogate pair (which jsonb refuses as an escape) is stored as U+FFFD, as text is.
    const lone = await clients.admin.put(`${BASE}/risk/hate`, entry({ evidence: "a\ud800b" }));
    expect(lone.status).toBe(200);
    expect(((await lone.json()) as RecordVersion<RiskEntryContent>).content.evidence).toBe(
      "a\ufffdb",
    );
    expect((await clients.admin.put(`${BASE}/risk/piracy`, entry())).status).toBe(404);
    expect((await clients.admin.get(`${BASE}/versions/risk:piracy`)).status).toBe(404);
  });

  it("reminds every admin once when a review date comes", async () => {
    await clients.admin.put(`${BASE}/assessment`, { summary: "", reviewDueOn: "2027-03-01" });
    expect(await remindDueReviews(reminderDeps, new Date("2027-02-28T12:00:00Z"))).toBe(0);
    expect(await remindDueReviews(reminderDeps, new Date("2027-03-01T08:00:00Z"))).toBe(1);
    expect(await remindDueReviews(reminderDeps, new Date("2027-03-02T08:00:00Z"))).toBe(0);
    const page = (await (await clients.admin.get("/api/notifications")).json()) as NotificationPage;
    expect(page.notifications).toHaveLength(1);
    const [item] = page.notifications;
    if (!item) throw new Error("no notification");
    expect(notificationText(item)).toBe(
      "The online safety illegal content risk assessment is due for review.",
    );
    const moderatorPage = (await (
      await clients.moderator.get("/api/notifications")
    ).json()) as NotificationPage;
    expect(moderatorPage.notifications).toEqual([]);
    // The children's risk assessment's date reminds alike, under its own name.
    await clients.admin.put(`${BASE}/children-risk-assessment`, {
      summary: "",
      reviewDueOn: "2027-04-01",
    });
    expect(await remindDueReviews(reminderDeps, new Date("2027-04-01T08:00:00Z"))).toBe(1);
    const later = (await (
      await clients.admin.get("/api/notifications")
    ).json()) as NotificationPage;
    expect(later.notifications.map(notificationText)).toContain(
      "The online safety children's risk assessment is due for review.",
    );
    // A new date is a new reminder.
    await clients.admin.put(`${BASE}/assessment`, { summary: "", reviewDueOn: "2028-03-01" });
    expect(await remindDueReviews(reminderDeps, new Date("2028-03-01T08:00:00Z"))).toBe(1);
  });

  it("exports one print-ready document holding every entry, and every version on request", async () => {
    for (const kind of ILLEGAL_HARM_KINDS) {
      await clients.admin.put(
        `${BASE}/risk/${kind}`,
        entry({ evidence: `Evidence for ${kind} & "co"` }),
      );
    }
    await clients.admin.put(`${BASE}/risk/hate`, entry({ evidence: "Newer hate evidence" }));
    const response = await clients.admin.get(`${BASE}/document`);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const html = await response.text();
    for (const kind of ILLEGAL_HARM_KINDS) {
      expect(html, kind).toContain(`id="risk-${kind}"`);
      expect(html).toContain(ILLEGAL_HARM_LABELS[kind].replaceAll("'", "&#39;"));
    }
    expect(html).toContain("Evidence for fraud &amp; &quot;co&quot;");
    expect(html).not.toContain("<b>");
    expect(html).toContain("Newer hate evidence");
    expect(html).not.toContain("Evidence for hate");
    const all = await (await clients.admin.get(`${BASE}/document?history=all&download=1`)).text();
    expect(all).toContain("Newer hate evidence");
    expect(all).toContain("Evidence for hate");
  });

  it("mails each admin once when a review falls due, and nobody else", async () => {
    await createMember(t, { role: "admin", name: "Second Admin" });
    const people = await queryRows<{ email: string; role: string }>(
      t.db,
      sql`select u.email, coalesce(ur.role, 'user') as role
          from "user" u left join user_roles ur on ur.user_id = u.id`,
    );
    await clients.admin.put(`${BASE}/children-access`, {
      highlyEffectiveAgeAssurance: false,
      outcome: "not-likely",
      reviewDueOn: "2027-06-01",
    });
    expect(await remindDueReviews(reminderDeps, new Date("2027-05-31T08:00:00Z"))).toBe(0);
    expect(await remindDueReviews(reminderDeps, new Date("2027-06-01T08:00:00Z"))).toBe(1);
    expect(await remindDueReviews(reminderDeps, new Date("2027-06-02T08:00:00Z"))).toBe(0);
    const reminders = async (email: string) =>
      (await t.mailbox.all(email)).filter((mail) =>
        /^Subject: .*children's access assessment is due for review$/m.test(mail),
      );
    const admins = people.filter((person) => person.role === "admin");
    expect(admins).toHaveLength(2);
    for (const admin of admins) {
      const mails = await reminders(admin.email);
      expect(mails, admin.email).toHaveLength(1);
      expect(mails[0]).toContain("was due for review on 2027-06-01");
      expect(mails[0]).toContain(`${t.env.siteUrl}/cms?tab=online-safety`);
    }
    for (const other of people.filter((person) => person.role !== "admin")) {
      expect(await reminders(other.email), other.email).toEqual([]);
    }
  });

  it("keeps the children's risk assessment's entries as versions, under their own kinds", async () => {
    const before = await records();
    expect(before.childrenKinds.map((k) => k.kind)).toEqual(CHILDREN_HARM_KINDS);
    expect(
      before.childrenKinds.filter((k) => k.group === "primary-priority").map((k) => k.kind),
    ).toEqual(["pornography", "suicide", "self-harm", "eating-disorders"]);
    expect(before.childrenKinds.at(-1)).toMatchObject({
      kind: "non-designated",
      group: "non-designated",
    });
    expect(before.childrenEntries).toEqual({});

    expect((await clients.admin.put(`${BASE}/children-risk/bullying`, entry())).status).toBe(200);
    const second = await clients.admin.put(
      `${BASE}/children-risk/bullying`,
      entry({ riskLevel: "high" }),
    );
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ version: 2, savedByName: "Al Admin" });
    const history = (await (
      await clients.moderator.get(`${BASE}/versions/children-risk:bullying`)
    ).json()) as RecordHistory;
    expect(history.versions.map((v) => v.version)).toEqual([2, 1]);
    const after = await records();
    expect(after.childrenEntries.bullying).toMatchObject({
      version: 2,
      content: { riskLevel: "high" },
    });
    expect(after.entries).toEqual({});

    // A kind of the other assessment is no record here, and bad input names its field.
    expect((await clients.admin.put(`${BASE}/children-risk/hate`, entry())).status).toBe(404);
    expect((await clients.admin.put(`${BASE}/risk/bullying`, entry())).status).toBe(404);
    expect((await clients.admin.get(`${BASE}/versions/children-risk:fraud`)).status).toBe(404);
    for (const [body, field] of [
      [entry({ riskLevel: "severe" as never }), "riskLevel"],
      [entry({ measures: ["parental-controls"] }), "measures"],
      [entry({ otherMeasures: "x".repeat(5001) }), "otherMeasures"],
    ] as const) {
      const response = await clients.admin.put(`${BASE}/children-risk/pornography`, body);
      expect(response.status, field).toBe(400);
      expect(((await response.json()) as ApiErrorBody).error.fields?.[field], field).toBeTruthy();
    }
    expect((await clients.moderator.put(`${BASE}/children-risk/bullying`, entry())).status).toBe(
      403,
    );
    expect((await clients.user.put(`${BASE}/children-risk/bullying`, entry())).status).toBe(403);
    expect((await clients.anonymous.put(`${BASE}/children-risk/bullying`, entry())).status).toBe(
      401,
    );
    expect((await clients.user.get(`${BASE}/versions/children-risk:bullying`)).status).toBe(403);
  });

  it("prints the children's risk assessment when children are likely to use the site, and says why not otherwise", async () => {
    const documentText = async (query = "") =>
      (await clients.admin.get(`${BASE}/document${query}`)).text();
    expect(await documentText()).toContain("Not required yet: no children");

    const access = (outcome: string) =>
      clients.admin.put(`${BASE}/children-access`, {
        highlyEffectiveAgeAssurance: false,
        outcome,
        reviewDueOn: "2027-11-29",
      });
    await access("not-likely");
    await clients.admin.put(
      `${BASE}/children-risk/bullying`,
      entry({ evidence: "Earlier bullying evidence" }),
    );
    const notLikely = await documentText();
    expect(notLikely).toContain("concludes that children are not likely to use the site");
    expect(notLikely).not.toContain('id="children-risk-bullying"');
    expect(await documentText("?history=all")).toContain("Earlier bullying evidence");

    await access("likely");
    await clients.admin.put(`${BASE}/children-risk-assessment`, {
      summary: "Children's summary text",
      reviewDueOn: "2027-07-01",
    });
    await clients.admin.put(
      `${BASE}/children-risk/bullying`,
      entry({ evidence: "Newer bullying evidence" }),
    );
    const likely = await documentText();
    for (const kind of CHILDREN_HARM_KINDS) {
      expect(likely, kind).toContain(`id="children-risk-${kind}"`);
    }
    expect(likely).toContain("Primary priority content");
    expect(likely).toContain("Newer bullying evidence");
    expect(likely).toContain("Children&#39;s summary text");
    expect(likely).not.toContain("Earlier bullying evidence");
    expect(likely).not.toContain("Not required");
    const all = await documentText("?history=all");
    expect(all).toContain("Newer bullying evidence");
    expect(all).toContain("Earlier bullying evidence");
  });
});
