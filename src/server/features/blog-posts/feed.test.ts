import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { FEED_ITEMS } from "@/server/lib/rss";
import { createTestApp, TEST_SITE_URL, type TestApp } from "@/server/test/test-app";
import { parseRss } from "@/server/test/xml";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
async function insertPost(values: { title: string; status?: string; ageDays?: number }) {
  counter += 1;
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into blog_posts (slug, title, excerpt, content, status, published_at)
        values (${`feed-post-${counter}`}, ${values.title}, ${`Excerpt ${counter} & more`},
          'Body', ${values.status ?? "published"},
          now() - make_interval(days => ${values.ageDays ?? 0}))
        returning id`,
  );
  return { id: row?.id ?? "", slug: `feed-post-${counter}` };
}

const feed = async () => {
  const response = await t.app.request("/blog/rss.xml");
  expect(response.status).toBe(200);
  return { response, channel: parseRss(await response.text()) };
};

describe("GET /blog/rss.xml", () => {
  it("is RSS 2.0 of the published posts, newest first, with absolute links", async () => {
    const fresh = await insertPost({ title: "Fresh from the feed" });
    await insertPost({ title: "A draft nobody sees", status: "draft" });
    const { response, channel } = await feed();
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(channel).toMatchObject({
      title: "Rant Community blog",
      link: `${TEST_SITE_URL}/blog`,
      "atom:link": { "@href": `${TEST_SITE_URL}/blog/rss.xml`, "@rel": "self" },
    });
    const items = channel.item ?? [];
    expect(items.map((item) => item.title)).toEqual([
      "Fresh from the feed",
      "Why Does Everyone Reply-All?",
      "The Quiet Joy of Cancelled Plans",
      "Breakfast Is Overrated",
      "The Day I Finally Quit",
      "Self-Checkout Machines Hate Me Personally",
      "Nobody Reads the Terms and Conditions",
    ]);
    expect(items[0]).toMatchObject({
      link: `${TEST_SITE_URL}/blog/${fresh.slug}`,
      guid: { "#text": `${TEST_SITE_URL}/blog/${fresh.slug}`, "@isPermaLink": "true" },
      description: expect.stringMatching(/^Excerpt \d+ & more$/),
    });
    expect(items[1]?.link).toBe(`${TEST_SITE_URL}/blog/why-does-everyone-reply-all`);
    expect(Date.parse(channel.lastBuildDate)).toBe(Date.parse(items[0]?.pubDate ?? ""));
  });

  it("carries hostile titles as text: escaped, CDATA ends split, characters XML lacks dropped", async () => {
    const title = 'Tom & Jerry ]]> <b>bold</b> "quoted" \u0001\uFFFE end';
    await insertPost({ title });
    const items = (await feed()).channel.item ?? [];
    expect(items[0]?.title).toBe('Tom & Jerry ]]> <b>bold</b> "quoted"  end');
  });

  it(`carries the newest ${FEED_ITEMS} posts only`, async () => {
    for (let n = 0; n < FEED_ITEMS; n++) await insertPost({ title: `Old ${n}`, ageDays: 100 + n });
    const items = (await feed()).channel.item ?? [];
    expect(items).toHaveLength(FEED_ITEMS);
    expect(items.at(-1)?.title).not.toBe("Old 0");
  });

  it("is cached briefly and answers 304 to a reader who has it, until a post changes", async () => {
    const { response } = await feed();
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const etag = response.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(Date.parse(response.headers.get("last-modified") ?? "")).not.toBeNaN();
    const again = await t.app.request("/blog/rss.xml", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    await t.db.execute(
      sql`update blog_posts set title = 'Renamed', updated_at = now() + interval '1 minute'
          where slug = 'why-does-everyone-reply-all'`,
    );
    const changed = await t.app.request("/blog/rss.xml", { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(Date.parse(changed.headers.get("last-modified") ?? "")).toBeGreaterThan(
      Date.parse(response.headers.get("last-modified") ?? ""),
    );
  });
});
