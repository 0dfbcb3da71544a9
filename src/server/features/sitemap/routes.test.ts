import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { insertPost } from "@/server/test/staff-area";
import { createTestApp, TEST_SITE_URL, type TestApp } from "@/server/test/test-app";
import { parseXml } from "@/server/test/xml";
import { SITEMAP_BATCH, SITEMAP_PAGE_SIZE } from "./queries";
import { STATIC_PAGES } from "./routes";

let t: TestApp;
let publicMember: string;
let privateMember: string;
let activeDiscussion: string;
let removedDiscussion: string;
beforeAll(async () => {
  t = await createTestApp();
  publicMember = (await createMember(t)).id;
  privateMember = (await createMember(t)).id;
  await t.db.execute(sql`update profiles set is_public = false where id = ${privateMember}`);
  activeDiscussion = await insertDiscussionRow(t.db, { title: "Listed" });
  removedDiscussion = await insertDiscussionRow(t.db, { title: "Removed", status: "deleted" });
  await insertPost(t.db, { status: "draft", title: "Unlisted draft" });
});
afterAll(async () => {
  await t.close();
});

type UrlEntry = { loc: string; lastmod: string };

async function getXml(path: string) {
  const response = await t.app.request(path);
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  return { response, document: parseXml(await response.text()) };
}

/** A sitemap page's URLs, checked against the protocol: absolute, on this site, with lastmod. */
async function urlsOf(path: string): Promise<UrlEntry[]> {
  const { document } = await getXml(path);
  const urlset = document.urlset as { "@xmlns": string; url?: UrlEntry[] };
  expect(urlset["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  const urls = urlset.url ?? [];
  expect(urls.length).toBeGreaterThan(0);
  expect(urls.length).toBeLessThanOrEqual(SITEMAP_PAGE_SIZE);
  for (const url of urls) {
    expect(url.loc.startsWith(`${TEST_SITE_URL}/`), url.loc).toBe(true);
    expect(Number.isNaN(Date.parse(url.lastmod)), url.lastmod).toBe(false);
  }
  return urls;
}

async function indexFiles(): Promise<string[]> {
  const { document } = await getXml("/sitemap.xml");
  const index = document.sitemapindex as { "@xmlns": string; sitemap?: Array<{ loc: string }> };
  expect(index["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  return (index.sitemap ?? []).map((entry) => entry.loc);
}

describe("robots.txt", () => {
  it("names the sitemap with SITE_URL and keeps crawlers out of the API and the CMS", async () => {
    const response = await t.app.request("/robots.txt");
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain(`Sitemap: ${TEST_SITE_URL}/sitemap.xml`);
    expect(body).toContain("Disallow: /api/");
    expect(body).toContain("Disallow: /cms");
    expect(body).toContain("Disallow: /search");
  });
});

describe("/sitemap.xml and its pages", () => {
  it("indexes one page per kind that has public records, as absolute URLs", async () => {
    expect(await indexFiles()).toEqual([
      `${TEST_SITE_URL}/sitemap/pages-1.xml`,
      `${TEST_SITE_URL}/sitemap/blog-1.xml`,
      `${TEST_SITE_URL}/sitemap/discussions-1.xml`,
      `${TEST_SITE_URL}/sitemap/profiles-1.xml`,
    ]);
  });

  it("lists the static pages, then the categories' pages (issue 41)", async () => {
    const urls = await urlsOf("/sitemap/pages-1.xml");
    expect(urls.map((url) => url.loc)).toEqual([
      ...STATIC_PAGES.map((path) =>
        path === "/" ? `${TEST_SITE_URL}/` : `${TEST_SITE_URL}${path}`,
      ),
      ...["rants-and-vents", "life-observations", "unpopular-opinions", "personal-stories"].map(
        (slug) => `${TEST_SITE_URL}/discussion/c/${slug}`,
      ),
    ]);
  });

  it("lists published posts by slug with their last change, drafts left out", async () => {
    const urls = await urlsOf("/sitemap/blog-1.xml");
    expect(urls).toHaveLength(6);
    expect(urls.map((url) => url.loc)).toContain(`${TEST_SITE_URL}/blog/breakfast-is-overrated`);
    const [row] = await queryRows<{ updated_at: Date }>(
      t.db,
      sql`select updated_at from blog_posts where slug = 'breakfast-is-overrated'`,
    );
    const breakfast = urls.find((url) => url.loc.endsWith("/breakfast-is-overrated"));
    expect(Date.parse(breakfast?.lastmod ?? "")).toBe(new Date(row?.updated_at ?? 0).getTime());
  });

  it("lists active discussions and public profiles only", async () => {
    const discussions = (await urlsOf("/sitemap/discussions-1.xml")).map((url) => url.loc);
    expect(discussions).toContain(`${TEST_SITE_URL}/discussion/${activeDiscussion}`);
    expect(discussions).not.toContain(`${TEST_SITE_URL}/discussion/${removedDiscussion}`);
    const profiles = (await urlsOf("/sitemap/profiles-1.xml")).map((url) => url.loc);
    expect(profiles).toContain(`${TEST_SITE_URL}/profile/${publicMember}`);
    expect(profiles).not.toContain(`${TEST_SITE_URL}/profile/${privateMember}`);
  });

  it("is cached for an hour and answers 304 to a crawler that has the page", async () => {
    const { response } = await getXml("/sitemap/discussions-1.xml");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    const etag = response.headers.get("etag") ?? "";
    const again = await t.app.request("/sitemap/discussions-1.xml", {
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);
  });

  it("splits records into pages of 50,000 by their number, and lists only pages with URLs", async () => {
    // Numbers chosen by hand stand for a large table: 50,000 is page 1's last, 50,001 page 2's
    // first; page 3 has none; 150,001 is on page 4.
    const at = async (seq: number, title: string) => {
      const id = await insertDiscussionRow(t.db, { title });
      await t.db.execute(sql`update discussions set seq = ${seq} where id = ${id}::uuid`);
      return id;
    };
    const lastOfFirst = await at(SITEMAP_PAGE_SIZE, "Last of page 1");
    const firstOfSecond = await at(SITEMAP_PAGE_SIZE + 1, "First of page 2");
    const onFourth = await at(3 * SITEMAP_PAGE_SIZE + 1, "On page 4");
    const files = await indexFiles();
    expect(files.filter((file) => file.includes("/discussions-"))).toEqual([
      `${TEST_SITE_URL}/sitemap/discussions-1.xml`,
      `${TEST_SITE_URL}/sitemap/discussions-2.xml`,
      `${TEST_SITE_URL}/sitemap/discussions-4.xml`,
    ]);
    const locs = async (n: number) =>
      (await urlsOf(`/sitemap/discussions-${n}.xml`)).map((url) => url.loc.split("/").at(-1));
    expect(await locs(1)).toContain(lastOfFirst);
    expect(await locs(2)).toEqual([firstOfSecond]);
    expect(await locs(4)).toEqual([onFourth]);
    expect((await t.app.request("/sitemap/discussions-3.xml")).status).toBe(404);
    expect((await t.app.request("/sitemap/discussions-5.xml")).status).toBe(404);
  });

  it(`writes a page of more than ${SITEMAP_BATCH} URLs in batches, each URL once`, async () => {
    await t.db.execute(
      sql`insert into discussions (title, content, category_id)
          select 'Bulk ' || n, 'Bulk content', (select id from categories order by position limit 1) from generate_series(1, ${SITEMAP_BATCH + 10}) as n`,
    );
    const locs = (await urlsOf("/sitemap/discussions-1.xml")).map((url) => url.loc);
    const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from discussions
          where status = 'active' and seq <= ${SITEMAP_PAGE_SIZE}`,
    );
    expect(locs).toHaveLength(count);
    expect(count).toBeGreaterThan(SITEMAP_BATCH);
    expect(new Set(locs).size).toBe(locs.length);
  }, 60_000);

  it.each([
    "pages-2.xml",
    "discussions-0.xml",
    "discussions-01.xml",
    "discussions--1.xml",
    "discussions-1.json",
    "discussions-1.xml.gz",
    "users-1.xml",
    "blog-99999999999999999999.xml",
    "discussions-1e3.xml",
    "%00",
    "..%2Fsitemap.xml",
  ])("answers /sitemap/%s with 404", async (file) => {
    const response = await t.app.request(`/sitemap/${file}`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      "Sitemap not found",
    );
  });
});
