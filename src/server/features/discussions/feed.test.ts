import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEED_ITEMS } from "@/server/lib/rss";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createTestApp, TEST_SITE_URL, type TestApp } from "@/server/test/test-app";
import { parseRss } from "@/server/test/xml";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const feed = async () => {
  const response = await t.app.request("/discussion/rss.xml");
  expect(response.status).toBe(200);
  return { response, channel: parseRss(await response.text()) };
};

describe("GET /discussion/rss.xml", () => {
  it("is RSS 2.0 of the active discussions, newest first, pinned ones in their place", async () => {
    const pinnedOld = await insertDiscussionRow(t.db, {
      title: "Pinned long ago",
      isPinned: true,
      ageMinutes: 60,
    });
    const removed = await insertDiscussionRow(t.db, {
      title: "Removed",
      status: "deleted",
      ageMinutes: 1,
    });
    const newest = await insertDiscussionRow(t.db, {
      title: "Newest one",
      content: `Starts here. ${"x".repeat(400)}`,
    });
    const { response, channel } = await feed();
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(channel).toMatchObject({
      title: "Rant Community discussions",
      link: `${TEST_SITE_URL}/discussion`,
      "atom:link": { "@href": `${TEST_SITE_URL}/discussion/rss.xml`, "@rel": "self" },
    });
    const items = channel.item ?? [];
    expect(items.map((item) => item.title)).toEqual(["Newest one", "Pinned long ago"]);
    expect(items[0]).toMatchObject({
      link: `${TEST_SITE_URL}/discussion/${newest}`,
      guid: { "#text": `${TEST_SITE_URL}/discussion/${newest}`, "@isPermaLink": "true" },
    });
    expect(items[0]?.description).toMatch(/^Starts here\. x+$/);
    expect(items[0]?.description).toHaveLength(300);
    expect(items[1]?.link).toBe(`${TEST_SITE_URL}/discussion/${pinnedOld}`);
    expect(items.some((item) => item.link.endsWith(removed))).toBe(false);
  });

  it("carries a member's hostile title and text as text", async () => {
    await insertDiscussionRow(t.db, {
      title: "Fish & chips ]]> <i>x</i> 'single' \u0007",
      content: "<script>alert(1)</script> & ]]>",
    });
    const [item] = (await feed()).channel.item ?? [];
    expect(item?.title).toBe("Fish & chips ]]> <i>x</i> 'single' ");
    expect(item?.description).toBe("<script>alert(1)</script> & ]]>");
  });

  it(`carries the newest ${FEED_ITEMS} only, and answers 304 to a reader who has it`, async () => {
    for (let n = 0; n < FEED_ITEMS + 5; n++) {
      await insertDiscussionRow(t.db, { title: `Filler ${n}`, ageMinutes: 10 + n });
    }
    const { response, channel } = await feed();
    expect(channel.item).toHaveLength(FEED_ITEMS);
    const etag = response.headers.get("etag") ?? "";
    const again = await t.app.request("/discussion/rss.xml", {
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);
    await t.db.execute(sql`update discussions set status = 'deleted' where title = 'Newest one'`);
    const changed = await t.app.request("/discussion/rss.xml", {
      headers: { "if-none-match": etag },
    });
    expect(changed.status).toBe(200);
  });
});
