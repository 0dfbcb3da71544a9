import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type { SiteInfo } from "@/shared/api-types";

const opened: TestApp[] = [];
afterAll(async () => {
  await Promise.all(opened.map((app) => app.close()));
});

async function siteInfo(env?: Record<string, string>): Promise<SiteInfo> {
  const t = await createTestApp({ env });
  opened.push(t);
  return (await t.app.request("/api/site")).json() as Promise<SiteInfo>;
}

describe("GET /api/site", () => {
  it("gives the site name and the configured privacy address", async () => {
    expect(await siteInfo({ SITE_NAME: "Vents", PRIVACY_EMAIL: "dpo@vents.example" })).toEqual({
      name: "Vents",
      privacyEmail: "dpo@vents.example",
      retentionMonths: 24,
    });
  });

  it("states the configured retention period (RETENTION_MONTHS), 24 months by default", async () => {
    expect((await siteInfo({ RETENTION_MONTHS: "36" })).retentionMonths).toBe(36);
  });

  it("defaults the privacy address to privacy@ the site's host", async () => {
    expect((await siteInfo({ SITE_URL: "https://rants.example" })).privacyEmail).toBe(
      "privacy@rants.example",
    );
  });
});
