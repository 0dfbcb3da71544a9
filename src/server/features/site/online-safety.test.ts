// The public /online-safety page (issue 47, docs/decisions/080): the accountable role and
// address without the person, and the monthly counts with every count under 5 withheld.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { builtClient } from "@/server/test/built-client";
import { createStaffClients, type StaffClients } from "@/server/test/staff-area";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import { FEWER_THAN_5, type OnlineSafetyPublic } from "@/shared/online-safety-page";

const SHELL =
  '<!doctype html><html lang="en"><head><title>Rant Community</title></head><body>' +
  '<div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>';

let t: TestApp;
let clients: StaffClients;
let pages: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createTestApp();
  clients = await createStaffClients(t);
  pages = createApp(t.deps, { staticFiles: builtClient(SHELL) });
});
afterAll(async () => {
  await t.close();
});

const figures = async () => {
  const response = await t.app.request("/api/site/online-safety");
  expect(response.status).toBe(200);
  return {
    text: await response.clone().text(),
    body: (await response.json()) as OnlineSafetyPublic,
  };
};

/** The page's text as a reader without scripts gets it. */
async function pageText(): Promise<string> {
  const response = await pages.request("/online-safety");
  expect(response.status).toBe(200);
  const html = await response.text();
  const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1];
  return (root ?? "")
    .replace(/<[^>]*>/g, " ")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replace(/\s+/g, " ");
}

/** A moment `back` whole months before this UTC month, on its 3rd day. */
const monthsAgo = (back: number) => sql`date_trunc('month', now()) - ${`${back} months`}::interval
  + interval '2 days 3 hours'`;
const monthKey = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))
    .toISOString()
    .slice(0, 7);
};

/** "October 2026", as the page names a month. */
const monthWords = (key: string) =>
  new Date(`${key}-01T00:00:00Z`).toLocaleDateString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

async function insertReports(back: number, reason: string, count: number, closedAfter?: string) {
  await t.db.execute(
    sql`insert into reports (reporter_id, target_kind, target_id, reason, created_at, resolved_at)
        select ${clients.ids.user}, 'discussion', gen_random_uuid()::text, ${reason},
          ${monthsAgo(back)},
          ${closedAfter ? sql`${monthsAgo(back)} + ${closedAfter}::interval` : sql`null`}
        from generate_series(1, ${count})`,
  );
}

async function insertActions(back: number, action: string, count: number) {
  await t.db.execute(
    sql`insert into moderation_actions (actor_id, action, target_kind, target_id, reason, created_at)
        select ${clients.ids.moderator}, ${action}, 'discussion', gen_random_uuid()::text,
          'A reason', ${monthsAgo(back)}
        from generate_series(1, ${count})`,
  );
}

describe("the accountable role", () => {
  it("says none is named while no responsibility is recorded, inventing nothing", async () => {
    expect((await figures()).body.accountable).toBeNull();
    expect(await pageText()).toContain(
      "This site has not named an accountable role for online safety yet.",
    );
  });

  it("shows the recorded role and address, never the person's name", async () => {
    const saved = await clients.admin.put("/api/cms/online-safety/responsibility", {
      personId: clients.ids.admin,
      role: "Online Safety Lead",
      contactEmail: "safety@example.org",
    });
    expect(saved.status).toBe(200);
    const { body, text } = await figures();
    expect(body.accountable).toEqual({
      role: "Online Safety Lead",
      contactEmail: "safety@example.org",
    });
    // createStaffClients names the admin "Al Admin".
    expect(text).not.toContain("Al Admin");
    expect(text).not.toContain(clients.ids.admin);
    const page = await pageText();
    expect(page).toContain("Online Safety Lead");
    expect(page).toContain("safety@example.org");
    expect(page).not.toContain("Al Admin");
    expect(page).not.toContain("has not named");
  });
});

describe("the monthly figures", () => {
  it("are the six completed months, newest first, without the current month", async () => {
    await insertReports(0, "spam", 9);
    const { months } = (await figures()).body;
    expect(months.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6].map(monthKey));
  });

  it("show every count under 5 as 'fewer than 5', zero included, and no median of so few", async () => {
    await insertReports(1, "spam", 3, "1 hour");
    await insertReports(1, "illegal", 1, "2 hours");
    await insertActions(1, "hide", 4);
    await insertActions(1, "appeal-reversed", 2);
    const { body, text } = await figures();
    const month = body.months[0];
    expect(month?.month).toBe(monthKey(1));
    expect(month?.reportsByReason).toEqual({
      spam: FEWER_THAN_5,
      harassment: FEWER_THAN_5,
      illegal: FEWER_THAN_5,
      other: FEWER_THAN_5,
    });
    expect(Object.values(month?.actionsByKind ?? {})).toEqual(Array(5).fill(FEWER_THAN_5));
    expect(month?.appealsUpheld).toBe(FEWER_THAN_5);
    expect(month?.appealsNotUpheld).toBe(FEWER_THAN_5);
    // Four reports closed that month: their median is nearly their own times.
    expect(month?.medianSecondsToAction).toBeNull();
    // No total anywhere: a total beside its parts would give a withheld part back.
    expect(text).not.toMatch(/total/i);
  });

  it("show the numbers of a month with many, and the median time to action", async () => {
    await insertReports(2, "illegal", 7, "2 hours");
    await insertReports(2, "harassment", 5, "6 hours");
    await insertReports(2, "spam", 2);
    await insertActions(2, "hide", 6);
    await insertActions(2, "suspend", 5);
    await insertActions(2, "appeal-reversed", 5);
    await insertActions(2, "appeal-kept", 8);
    // An action the page does not count (a reversal's unhide) changes nothing.
    await insertActions(2, "unhide", 9);
    // A month with a count of 5 but no report closed: its table says why there is no median.
    await insertActions(3, "hide", 5);
    const month = (await figures()).body.months[1];
    expect(month?.month).toBe(monthKey(2));
    expect(month?.reportsByReason).toEqual({
      spam: FEWER_THAN_5,
      harassment: 5,
      illegal: 7,
      other: FEWER_THAN_5,
    });
    expect(month?.actionsByKind).toEqual({
      hide: 6,
      delete: FEWER_THAN_5,
      edit: FEWER_THAN_5,
      suspend: 5,
      dismiss: FEWER_THAN_5,
    });
    expect(month?.appealsUpheld).toBe(5);
    expect(month?.appealsNotUpheld).toBe(8);
    // Twelve closed: seven after 2 hours, five after 6; the median is 2 hours.
    expect(month?.medianSecondsToAction).toBe(7200);

    const page = await pageText();
    expect(page).toContain("Reports received, by reason");
    expect(page).toContain("Illegal content 7");
    expect(page).toContain("Median time from report to action 2 hours");
    expect(page).toContain("Upheld (the decision was reversed) 5");
    expect(page).toContain("Spam fewer than 5");
    expect(page).toContain("not shown (fewer than 5 reports closed)");
  });
});

describe("the page", () => {
  it("is server-rendered with its headings, captioned tables and the links to report and complain", async () => {
    const response = await pages.request("/online-safety");
    const html = await response.text();
    expect(html).toContain("<title>Online safety · Rant Community</title>");
    expect(html).toMatch(/<h1[^>]*>Online safety<\/h1>/);
    for (const heading of [
      "Reporting content",
      "Complaints",
      "Who is accountable",
      "Monthly figures",
    ]) {
      expect(html).toMatch(new RegExp(`<h2[^>]*>${heading}</h2>`));
    }
    // Months 2 and 3 have counts of 5 and more; the other four only counts under 5, named in
    // one sentence instead of four tables of "fewer than 5".
    expect(html.match(/<caption/g)).toHaveLength(2);
    expect(await pageText()).toContain(
      `In ${[1, 4, 5, 6]
        .map((n) => monthWords(monthKey(n)))
        .join(", ")
        .replace(/, ([^,]*)$/, " and $1")} every count was fewer than 5.`,
    );
    expect(html).toContain('href="/moderation"');
    expect(html).toContain('href="/contact"');
    expect(html).toContain('href="/notifications"');
    expect(html).toContain('href="/complaints"');
    expect(await pageText()).toContain("Anyone can report a discussion or a reply");
  });
});
