// A sitemap page reads its own rows on its kind's partial index, whatever the table's size:
// no sequential scan, no sort, no row before the page's range (docs/decisions/024).
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import { SITEMAP_BATCH, sitemapBatchQuery, sitemapPagesQuery } from "./queries";

const DISCUSSIONS = 20_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(
    sql`insert into discussions (title, content, category_id, status)
        select 'Discussion ' || n, 'Content', (select id from categories order by position limit 1), case when n % 10 = 0 then 'deleted' else 'active' end
        from generate_series(1, ${DISCUSSIONS}) as n`,
  );
  await t.db.execute(sql`analyze discussions`);
}, 120_000);
afterAll(async () => {
  await t.close();
});

type PlanNode = {
  "Node Type": string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  Plans?: PlanNode[];
};

const planNodes = (node: PlanNode | undefined): PlanNode[] =>
  node ? [node, ...(node.Plans ?? []).flatMap(planNodes)] : [];

async function explain(query: SQL): Promise<PlanNode[]> {
  const [explained] = await queryRows<{ "QUERY PLAN": unknown }>(
    t.db,
    sql`explain (analyze, format json) ${query}`,
  );
  const raw = explained?.["QUERY PLAN"];
  const [plan] = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  return planNodes(plan?.Plan);
}

describe(`a sitemap page at ${DISCUSSIONS.toLocaleString("en")} discussions`, () => {
  it.each([
    ["its first batch", 0],
    ["a later batch", 12_000],
  ])("reads %s on the partial index, a batch of entries at most", async (_, after) => {
    const nodes = await explain(sitemapBatchQuery("discussions", 1, after));
    const types = nodes.map((node) => node["Node Type"]);
    expect(types).not.toContainEqual(expect.stringMatching(/Seq Scan|Sort/));
    const scans = nodes.filter((node) => node["Index Name"] === "discussions_sitemap_idx");
    expect(scans).toHaveLength(1);
    for (const scan of scans) {
      expect(scan["Actual Rows"] * scan["Actual Loops"]).toBeLessThanOrEqual(SITEMAP_BATCH);
      expect(scan["Actual Rows"]).toBeGreaterThan(0);
    }
  });

  it("finds the index's pages with one probe per page, never the table", async () => {
    const nodes = await explain(sitemapPagesQuery("discussions"));
    expect(nodes.map((node) => node["Node Type"])).not.toContainEqual(
      expect.stringMatching(/Seq Scan/),
    );
    const reads = nodes.filter((node) => node["Index Name"] === "discussions_sitemap_idx");
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(read["Actual Rows"]).toBeLessThanOrEqual(1);
  });
});
