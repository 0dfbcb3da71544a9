// The data-request tracker in the admins' inbox (docs/product.md §2.21.6, docs/decisions/029):
// the one-month clock, the confirmation link mailed to the request's address, "Export data"
// and "Erase account" only after it, the export mailed to that address only, "Mark completed"
// with a note mailed to the requester, and the Overview's open and overdue counts.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { createMember, mailedToken, tokenIn, uniqueEmail } from "@/server/test/factories";
import { createStaffClients, type StaffClients } from "@/server/test/staff-area";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type {
  ApiErrorBody,
  CmsOverview,
  DataRequestItem,
  DataRequestsPage,
  ReceivedResponse,
} from "@/shared/api-types";

let t: TestApp;
let clients: StaffClients;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "100" } });
  clients = await createStaffClients(t);
});
afterAll(async () => {
  await t.close();
});

async function file(email: string, requestType = "access"): Promise<string> {
  const response = await createClient(t.app, `10.77.0.${Math.floor(Math.random() * 250)}`).post(
    "/api/data-requests",
    { requestType, email, fullName: "Requester Person" },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as ReceivedResponse).id;
}

async function listed(id: string): Promise<DataRequestItem> {
  for (let cursor: string | null = null; ; ) {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}&limit=50` : "?limit=50";
    const page = (await (
      await clients.admin.get(`/api/inbox/data-requests${query}`)
    ).json()) as DataRequestsPage;
    const found = page.requests.find((request) => request.id === id);
    if (found) return found;
    if (!page.nextCursor) throw new Error(`request ${id} not listed`);
    cursor = page.nextCursor;
  }
}

async function confirm(email: string) {
  const token = await mailedToken(t, email, "/data-request/confirm");
  return createClient(t.app).post("/api/data-requests/confirm", { token });
}

const ageBy = (id: string, days: number) =>
  t.db.execute(
    sql`update data_requests set created_at = now() - make_interval(days => ${days})
        where id = ${id}::uuid`,
  );

describe("the one-month clock", () => {
  it("gives each request its deadline, the days left, and Overdue once they run out", async () => {
    const fresh = await file(uniqueEmail("clock"));
    const old = await file(uniqueEmail("clock"));
    const late = await file(uniqueEmail("clock"));
    await ageBy(old, 25);
    await ageBy(late, 31);

    const a = await listed(fresh);
    expect(Date.parse(a.deadline) - Date.parse(a.createdAt)).toBe(30 * 24 * 3600 * 1000);
    expect([a.daysLeft, a.overdue]).toEqual([30, false]);
    expect([(await listed(old)).daysLeft, (await listed(old)).overdue]).toEqual([5, false]);
    const overdue = await listed(late);
    expect([overdue.daysLeft, overdue.overdue]).toEqual([-1, true]);

    // Completed in time or late: never overdue again.
    await clients.admin.patch(`/api/inbox/data-requests/${late}`, { status: "in_progress" });
    await clients.admin.patch(`/api/inbox/data-requests/${late}`, {
      status: "completed",
      note: "Sent.",
    });
    expect((await listed(late)).overdue).toBe(false);
  });

  it("counts open and overdue requests on the Overview, for admins only", async () => {
    const overview = async (client = clients.admin) =>
      (await (await client.get("/api/cms/overview")).json()) as CmsOverview;
    const before = (await overview()).dataRequests;
    const id = await file(uniqueEmail("count"));
    await file(uniqueEmail("count"));
    await ageBy(id, 40);
    expect((await overview()).dataRequests).toEqual({
      open: (before?.open ?? 0) + 2,
      overdue: (before?.overdue ?? 0) + 1,
    });
    expect((await overview(clients.author)).dataRequests).toBeUndefined();
    expect((await overview(clients.moderator)).dataRequests).toBeUndefined();
  });
});

describe("confirmation by the requester", () => {
  it("mails a link to the address; opening it confirms that request only", async () => {
    const email = uniqueEmail("confirm");
    const id = await file(email);
    expect((await listed(id)).confirmedAt).toBeNull();
    expect((await confirm(email)).status).toBe(200);
    expect((await listed(id)).confirmedAt).not.toBeNull();
    // A changed or made-up token confirms nothing.
    const token = await mailedToken(t, email, "/data-request/confirm");
    for (const forged of [`${token}x`, "abc.def", ""]) {
      const response = await createClient(t.app).post("/api/data-requests/confirm", {
        token: forged,
      });
      expect(response.status).toBe(400);
    }
  });

  it("keeps Export data and Erase account closed until the requester confirms", async () => {
    const member = await createMember(t);
    const id = await file(member.email, "erasure");
    const item = await listed(id);
    expect([item.matchedAccount, item.confirmedAt]).toEqual([true, null]);
    const exported = await clients.admin.post(`/api/inbox/data-requests/${id}/export`);
    expect(exported.status).toBe(409);
    expect(((await exported.json()) as ApiErrorBody).error.code).toBe("NOT_CONFIRMED");
    const erased = await clients.admin.post(`/api/inbox/data-requests/${id}/erase`, {
      reason: "Asked for it",
    });
    expect(erased.status).toBe(409);
    expect((await member.client.get("/api/session")).ok).toBe(true);
    const [exports] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from data_exports where user_id = ${member.id}`,
    );
    expect(exports?.n).toBe(0);
  });

  it("says when no account has the address", async () => {
    const email = uniqueEmail("stranger");
    const id = await file(email);
    await confirm(email);
    expect((await listed(id)).matchedAccount).toBe(false);
    const response = await clients.admin.post(`/api/inbox/data-requests/${id}/export`);
    expect(response.status).toBe(409);
    expect(((await response.json()) as ApiErrorBody).error.code).toBe("NO_ACCOUNT");
  });

  it("sends the link again on request", async () => {
    const email = uniqueEmail("again");
    const id = await file(email);
    const before = (await t.mailbox.all(email)).length;
    expect((await clients.admin.post(`/api/inbox/data-requests/${id}/confirmation`)).status).toBe(
      200,
    );
    const mails = await t.mailbox.all(email);
    expect(mails.length).toBe(before + 1);
    expect(tokenIn(mails.at(-1) ?? "", "/data-request/confirm")).toBeTruthy();
  });
});

describe("acting on a confirmed request", () => {
  it("Export data mails the member's export link to the request's address only", async () => {
    const member = await createMember(t, { name: "Exported Member" });
    await member.client.post("/api/discussions", {
      category: "rants-and-vents",
      title: "Mine",
      content: "My text",
    });
    const id = await file(member.email);
    await confirm(member.email);
    const response = await clients.admin.post(`/api/inbox/data-requests/${id}/export`);
    expect(response.status).toBe(202);
    expect(((await response.json()) as DataRequestItem).status).toBe("in_progress");
    const mail = (await t.mailbox.latest(member.email)) ?? "";
    const token = tokenIn(mail, "/settings/data-export");
    expect(token).toBeTruthy();
    const url = `/api/account/export/download?token=${encodeURIComponent(token ?? "")}`;
    // The admin who asked for it cannot download it: only the member can.
    expect((await clients.admin.get(url)).status).toBe(404);
    const download = await member.client.get(url);
    expect(download.status).toBe(200);
    const document = (await download.json()) as { discussions: Array<{ title: string }> };
    expect(document.discussions.map((discussion) => discussion.title)).toEqual(["Mine"]);
  });

  it("Erase account erases the matched account with the reason on record", async () => {
    const member = await createMember(t, { name: "Erased By Request" });
    const id = await file(member.email, "erasure");
    await confirm(member.email);
    const missingReason = await clients.admin.post(`/api/inbox/data-requests/${id}/erase`, {});
    expect(missingReason.status).toBe(400);
    const response = await clients.admin.post(`/api/inbox/data-requests/${id}/erase`, {
      reason: "Article 17 request, confirmed",
      deleteContent: false,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as DataRequestItem).matchedAccount).toBe(false);
    expect(await (await member.client.get("/api/session")).json()).toMatchObject({ user: null });
    const [left] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from "user" where id = ${member.id}`,
    );
    expect(left?.n).toBe(0);
    const [audit] = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select kind, content_removed, reason from account_erasures order by erased_at desc limit 1`,
    );
    expect(audit).toEqual({
      kind: "data_request",
      content_removed: false,
      reason: "Article 17 request, confirmed",
    });
  });

  it("Mark completed needs a note and mails it to the requester", async () => {
    const email = uniqueEmail("done");
    const id = await file(email);
    await clients.admin.patch(`/api/inbox/data-requests/${id}`, { status: "in_progress" });
    const noNote = await clients.admin.patch(`/api/inbox/data-requests/${id}`, {
      status: "completed",
    });
    expect(noNote.status).toBe(400);
    expect(((await noNote.json()) as ApiErrorBody).error.fields).toEqual({
      note: "Note is required",
    });
    const done = await clients.admin.patch(`/api/inbox/data-requests/${id}`, {
      status: "completed",
      note: "We hold no data about this address.",
    });
    expect(done.status).toBe(200);
    const item = (await done.json()) as DataRequestItem;
    expect([item.status, item.completionNote]).toEqual([
      "completed",
      "We hold no data about this address.",
    ]);
    expect(item.completedAt).not.toBeNull();
    const mail = (await t.mailbox.latest(email)) ?? "";
    expect(mail).toContain("Your data request is completed");
    expect(mail).toContain("We hold no data about this address.");
    // A completed request is not acted on any more.
    expect((await clients.admin.post(`/api/inbox/data-requests/${id}/export`)).status).toBe(409);
  });
});
