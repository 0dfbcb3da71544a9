// The Terms of Service as issue 47 asks (docs/decisions/082): every save a version with its
// date, accepted on the confirmation page, and members told of a material change and asked to
// accept it.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { queryRows } from "@/server/db/client";
import { builtClient } from "@/server/test/built-client";
import { createMember, mailedToken, uniqueEmail } from "@/server/test/factories";
import { termsText } from "@/server/test/terms";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { PendingConfirmation, SitePage, TermsAcceptance } from "@/shared/api-types";
import type { NotificationPage } from "@/shared/notifications";

const SHELL =
  '<!doctype html><html lang="en"><head><title>Rant Community</title></head><body>' +
  '<div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>';

type Member = Awaited<ReturnType<typeof createMember>>;

let t: TestApp;
let admin: Member;
let ana: Member;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "100" } });
  [admin, ana] = await Promise.all([
    createMember(t, { role: "admin", name: "Al Admin" }),
    createMember(t, { name: "Ana Member" }),
  ]);
});
afterAll(async () => {
  await t.close();
});

const readTerms = async () =>
  (await (await t.app.request("/api/site/pages/terms")).json()) as SitePage;

async function versionRows() {
  return queryRows<{ version: number; material: boolean; created_at: Date; created_by: string }>(
    t.db,
    sql`select version, material, created_at, created_by from site_page_versions
        where slug = 'terms' order by version`,
  );
}

let ip = 0;
const freshClient = () => {
  ip += 1;
  return createClient(t.app, `10.47.${Math.floor(ip / 250)}.${ip % 250}`);
};

describe("terms versions", () => {
  it("starts as version 1, whose text says what the Act asks terms to say", async () => {
    const page = await readTerms();
    expect(page.version).toBe(1);
    for (const heading of [
      "## How illegal content is dealt with",
      "## How to report",
      "## How to complain",
      "## Automated tools",
      "## No spam or advertising {#rule-spam}",
    ]) {
      expect(page.content).toContain(heading);
    }
    expect(page.content).toContain("/report");
    expect(page.content).toContain("/complaints");
    expect((await versionRows()).map((row) => row.version)).toEqual([1]);
  });

  it("makes each save a new version, and the page shows the current version's date", async () => {
    const before = await versionRows();
    const saved = await admin.client.put("/api/cms/site-pages/terms", {
      content: termsText("## Using this site\nVersion two."),
    });
    expect(saved.status).toBe(200);
    const page = await readTerms();
    expect(page.version).toBe(before.length + 1);
    const rows = await versionRows();
    expect(rows.length).toBe(before.length + 1);
    const newest = rows.at(-1);
    expect(newest).toMatchObject({ version: page.version, material: false, created_by: admin.id });
    expect(page.updatedAt).toBe(new Date(newest?.created_at ?? 0).toISOString());
    // The old version is kept as it was.
    const [first] = await queryRows<{ content: string }>(
      t.db,
      sql`select content from site_page_versions where slug = 'terms' and version = 1`,
    );
    expect(first?.content).toContain("## How to complain");

    // The public page, rendered by the server, shows that version and its date.
    const pages = createApp(t.deps, { staticFiles: builtClient(SHELL) });
    const html = await (await pages.request("/terms")).text();
    expect(html).toContain(`Version ${page.version}`);
    expect(html).toContain(`dateTime="${page.updatedAt}"`);
    expect(html).toContain('id="rule-spam"');
  });

  it("refuses terms that lost a rule's anchored heading", async () => {
    const refused = await admin.client.put("/api/cms/site-pages/terms", {
      content: termsText().replace("{#rule-privacy}", ""),
    });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { error: { fields: { content: string } } };
    expect(body.error.fields.content).toContain("{#rule-privacy}");
  });
});

describe("accepting the terms on the confirmation page", () => {
  async function pendingLink() {
    const email = uniqueEmail("accepting");
    await freshClient().post("/api/auth/sign-up/email", {
      name: "Pending Pat",
      email,
      password: "a pending password",
    });
    return { email, token: await mailedToken(t, email, "/auth/confirm") };
  }

  it("records the version shown, and refuses to confirm without it or with an old one", async () => {
    const { email, token } = await pendingLink();
    const client = freshClient();
    const pending = (await (
      await client.get(`/api/auth/confirm-email?token=${token}`)
    ).json()) as PendingConfirmation;
    const current = await readTerms();
    expect(pending.terms).toEqual({ version: current.version, updatedAt: current.updatedAt });

    const base = { token, name: "Pat", password: "the chosen password" };
    const without = await client.post("/api/auth/confirm-email", base);
    expect(without.status).toBe(400);
    expect(await without.json()).toMatchObject({
      error: { fields: { termsVersion: "Accept the Terms of Service to continue" } },
    });
    const stale = await client.post("/api/auth/confirm-email", {
      ...base,
      termsVersion: current.version - 1,
    });
    expect(stale.status).toBe(409);
    // Refused as a whole: the link still works and the account is not verified.
    const confirmed = await client.post("/api/auth/confirm-email", {
      ...base,
      termsVersion: pending.terms.version,
    });
    expect(confirmed.status).toBe(200);
    const [row] = await queryRows<{ accepted: number; at: Date | null }>(
      t.db,
      sql`select p.terms_version_accepted as accepted, p.terms_accepted_at as at
          from profiles p join "user" u on u.id = p.id where u.email = ${email}`,
    );
    expect(row?.accepted).toBe(current.version);
    expect(Date.now() - new Date(row?.at ?? 0).getTime()).toBeLessThan(60_000);
    const own = (await (await client.get("/api/account/terms")).json()) as TermsAcceptance;
    expect(own).toMatchObject({ current: current.version, accepted: current.version });
  });
});

describe("being told when the terms change", () => {
  async function termsNotices(member: Member) {
    await t.runJobs();
    const page = (await (await member.client.get("/api/notifications")).json()) as NotificationPage;
    return page.notifications.filter((n) => n.kind === "terms_changed");
  }

  it("tells no one of a change not marked material", async () => {
    const saved = await admin.client.put("/api/cms/site-pages/terms", {
      content: termsText("## Using this site\nA typo fixed."),
    });
    expect(saved.status).toBe(200);
    expect(await termsNotices(ana)).toHaveLength(0);
    const own = (await (await ana.client.get("/api/account/terms")).json()) as TermsAcceptance;
    expect(own.required).toBe(1);
  });

  it("tells every member of a material change, in the list and by mail, and asks them to accept it", async () => {
    const saved = await admin.client.put("/api/cms/site-pages/terms", {
      content: termsText("## Using this site\nA real change."),
      material: true,
    });
    expect(saved.status).toBe(200);
    const { version } = (await saved.json()) as SitePage;

    const [notice] = await termsNotices(ana);
    expect(notice).toBeDefined();
    const mail = await t.mailbox.latest(ana.email);
    expect(mail).toContain("The Terms of Service have changed");
    expect(mail).toMatch(/https?:\/\/[^/\s]+\/terms\s/);
    // The admin who wrote it accepted it, and is not told.
    expect(await termsNotices(admin)).toHaveLength(0);

    const before = (await (await ana.client.get("/api/account/terms")).json()) as TermsAcceptance;
    expect(before).toMatchObject({ current: version, required: version });
    expect(before.accepted === null || before.accepted < version).toBe(true);
    const accepted = await ana.client.post("/api/account/terms", { version });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ current: version, accepted: version });
    expect((await ana.client.post("/api/account/terms", { version: version - 1 })).status).toBe(
      409,
    );
    expect((await createClient(t.app).post("/api/account/terms", { version })).status).toBe(401);
  });
});
