import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
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
import { remindDueReviews } from "./reminders";

let t: TestApp;
let clients: StaffClients;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  clients = await createStaffClients(t);
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
    expect(await remindDueReviews(t.db, new Date("2027-02-28T12:00:00Z"))).toBe(0);
    expect(await remindDueReviews(t.db, new Date("2027-03-01T08:00:00Z"))).toBe(1);
    expect(await remindDueReviews(t.db, new Date("2027-03-02T08:00:00Z"))).toBe(0);
    const page = (await (await clients.admin.get("/api/notifications")).json()) as NotificationPage;
    expect(page.notifications).toHaveLength(1);
    const [item] = page.notifications;
    if (!item) throw new Error("no notification");
    expect(notificationText(item)).toBe("The online safety risk assessment is due for review.");
    const moderatorPage = (await (
      await clients.moderator.get("/api/notifications")
    ).json()) as NotificationPage;
    expect(moderatorPage.notifications).toEqual([]);
    // A new date is a new reminder.
    await clients.admin.put(`${BASE}/assessment`, { summary: "", reviewDueOn: "2028-03-01" });
    expect(await remindDueReviews(t.db, new Date("2028-03-01T08:00:00Z"))).toBe(1);
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
});
