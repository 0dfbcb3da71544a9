// npm run bench:explain: the query plans of the forum list (newest first and by latest
// activity), a search, a filtered list, a thread's pages (one with reactions), Top, one reply and the members directory at
// benchmark size, through EXPLAIN (ANALYZE) of the exact statements the app runs (captured as in
// the load run). Fails when a plan reads discussions, profiles, users, replies or mentions with a
// sequential scan, or when a query uses none of the indexes it was written for. With
// bench/reading-data.ts's readers in the data, the list as each of them reads it too (issue 42).
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench npm run bench:explain
// BENCH_ONLY (name fragments, comma-separated): explain only the matching queries.
import pg from "pg";
import { captureSql, type Statement } from "./lib/capture-sql";
import { type Endpoint, FULL_TEXT_SEARCHES, sampleIds } from "./lib/endpoints";

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
};

/** Issue 44's searches (GET /api/search; decision 074), by bench:load's names. */
function fullTextSearch(kind: string, expectIndex: RegExp | RegExp[]) {
  const endpoint = FULL_TEXT_SEARCHES.find((search) => search.name.endsWith(`, ${kind}`));
  if (!endpoint) throw new Error(`No full-text search "${kind}"`);
  return { ...endpoint, expectIndex };
}

/**
 * Each query, and the index at least one of its statements must use (each of them, for a
 * list). `seqScanReason`: a sequential scan the planner may choose, and why it is acceptable
 * (printed, not failed).
 */
const QUERIES: Array<Endpoint & { expectIndex: RegExp | RegExp[]; seqScanReason?: string }> = [
  {
    name: "forum list",
    path: "/api/discussions",
    shape: "discussion-page",
    // The cards' last reply author: the newest shown reply, one step back, not a whole thread.
    expectIndex: [/^discussions_list_idx$/, /^discussion_replies_shown_idx$/],
  },
  // Issue 42 (docs/decisions/071): each card's read state, key lookups per card of the page.
  {
    name: "forum list, member with 10k read positions",
    path: "/api/discussions",
    shape: "discussion-page",
    reader: "positions",
    expectIndex: [/^discussions_list_idx$/, /^read_positions_user_id_discussion_id_pk$/],
  },
  {
    name: "forum list, member without read positions",
    path: "/api/discussions",
    shape: "discussion-page",
    reader: "none",
    expectIndex: [/^discussions_list_idx$/, /^read_positions_user_id_discussion_id_pk$/],
  },
  {
    name: "search, common word",
    path: "/api/discussions?q=printer",
    shape: "discussion-page",
    expectIndex: /^discussions_list_idx$/,
  },
  {
    name: "search, rare word",
    path: "/api/discussions?q=zebra",
    shape: "discussion-page",
    expectIndex: /_trgm_idx$/,
  },
  {
    name: "search in the last 24 hours",
    path: "/api/discussions?q=printer&range=24h",
    shape: "discussion-page",
    expectIndex: /^discussions_list_idx$/,
  },
  {
    name: "author filter",
    path: "/api/discussions?author=AUTHOR",
    shape: "discussion-page",
    expectIndex: /^discussions_/,
  },
  {
    name: "filtered list",
    path: "/api/discussions?range=30d&locked=true",
    shape: "discussion-page",
    expectIndex: /^discussions_locked_list_idx$/,
  },
  // Issue 41 (docs/decisions/066, 067): a category's page reads its own partial index; a tag's
  // filter reads the list index in order, then, for a rare tag, the tag's rows.
  {
    name: "category page",
    path: "/api/discussions?category=CATEGORY",
    shape: "discussion-page",
    expectIndex: /^discussions_category_list_idx$/,
  },
  {
    name: "tag filter",
    path: "/api/discussions?tag=TAG",
    shape: "discussion-page",
    // Read in list order from the tag's own index (docs/decisions/069).
    expectIndex: /^discussion_tags_list_idx$/,
  },
  {
    name: "next page",
    path: "/api/discussions?cursor=CURSOR",
    shape: "discussion-page",
    expectIndex: /^discussions_list_idx$/,
  },
  {
    name: "members, most discussions",
    path: "/api/members?sort=discussions",
    shape: "members-page",
    expectIndex: /^profiles_public_discussions_idx$/,
  },
  {
    name: "members, recently active",
    path: "/api/members",
    shape: "members-page",
    expectIndex: /^profiles_public_recent_idx$/,
  },
  {
    name: "members, by name",
    path: "/api/members?sort=name",
    shape: "members-page",
    expectIndex: /^profiles_public_name_idx$/,
  },
  {
    name: "members, search",
    path: "/api/members?search=leeds",
    shape: "members-page",
    expectIndex: /^profiles_/,
    // The page comes from the sort index; the total counts every match.
    seqScanReason:
      "the total of a common word (1 profile in 9 matches 'leeds'): PostgreSQL reads the 10,000 profiles rather than three trigram indexes",
  },
  {
    name: "members, admin role",
    path: "/api/members?role=admin",
    shape: "members-page",
    expectIndex: /^(profiles_|user_roles_)/,
  },
  {
    name: "members, user role",
    path: "/api/members?role=user",
    shape: "members-page",
    expectIndex: /^profiles_public_recent_idx$/,
  },
  {
    name: "latest activity",
    path: "/api/discussions?sort=activity",
    shape: "discussion-page",
    expectIndex: [/^discussions_activity_idx$/, /^discussion_replies_shown_idx$/],
  },
  {
    name: "latest activity, next page",
    path: "/api/discussions?sort=activity&cursor=ACTIVITY_CURSOR",
    shape: "discussion-page",
    expectIndex: /^discussions_activity_idx$/,
  },
  {
    name: "latest activity, range=30d&locked",
    path: "/api/discussions?sort=activity&range=30d&locked=true",
    shape: "discussion-page",
    expectIndex: /^discussions_/,
  },
  {
    name: "latest activity, pinned",
    path: "/api/discussions?sort=activity&pinned=true",
    shape: "discussion-page",
    expectIndex: /^discussions_activity_idx$/,
  },
  {
    name: "latest activity, search",
    path: "/api/discussions?sort=activity&q=printer",
    shape: "discussion-page",
    expectIndex: /^discussions_activity_idx$/,
  },
  {
    name: "latest activity, rare word",
    path: "/api/discussions?sort=activity&q=zebra",
    shape: "discussion-page",
    expectIndex: /_trgm_idx$/,
  },
  {
    name: "latest activity, author",
    path: "/api/discussions?sort=activity&author=AUTHOR",
    shape: "discussion-page",
    expectIndex: /^discussions_/,
  },
  {
    name: "thread, first page",
    path: "/api/discussions/LONG_THREAD/replies",
    shape: "reply-page",
    expectIndex: /^discussion_replies_thread_idx$/,
  },
  {
    name: "thread, next page",
    path: "/api/discussions/LONG_THREAD/replies?cursor=THREAD_NEXT",
    shape: "reply-page",
    expectIndex: /^discussion_replies_thread_idx$/,
  },
  {
    name: "thread, page before",
    path: "/api/discussions/LONG_THREAD/replies?cursor=THREAD_PREVIOUS",
    shape: "reply-page",
    expectIndex: /^discussion_replies_thread_idx$/,
  },
  {
    name: "thread, permalink's page",
    path: "/api/discussions/LONG_THREAD/replies?around=DEEP_REPLY",
    shape: "reply-page",
    expectIndex: /^discussion_replies_thread_idx$/,
  },
  // Issue 45 (docs/decisions/075): a page's replies' counts in one read of reaction_counts'
  // unique index; this week's Top from top_scores in score order, then the page's discussions.
  {
    name: "thread with reactions",
    path: "/api/discussions/REACTED_THREAD/replies",
    shape: "reply-page",
    expectIndex: [/^discussion_replies_thread_idx$/, /^reaction_counts_post_kind_unique$/],
  },
  {
    name: "Top, this week",
    path: "/api/discussions?sort=top&period=week",
    shape: "discussion-page",
    expectIndex: [/^top_scores_list_idx$/, /^discussions_pkey$/],
  },
  {
    name: "Top, all time",
    path: "/api/discussions?sort=top&period=all",
    shape: "discussion-page",
    expectIndex: [/^top_scores_list_idx$/, /^discussions_pkey$/],
  },
  {
    name: "thread of 10",
    path: "/api/discussions/SHORT_THREAD/replies",
    shape: "reply-page",
    expectIndex: /^discussion_replies_thread_idx$/,
  },
  {
    name: "one reply",
    path: "/api/replies/DEEP_REPLY",
    shape: "discussion",
    expectIndex: /^discussion_replies_pkey$/,
  },
  {
    name: "one discussion",
    path: "/api/discussions/DISCUSSION",
    shape: "discussion",
    expectIndex: /^discussions_pkey$/,
  },
  {
    name: "profile",
    path: "/api/profiles/PROFILE",
    shape: "profile",
    expectIndex: /^discussions_active_author_idx$/,
  },
  // Issue 44's searches (GET /api/search; decision 074), by bench:load's names.
  // A word in a handful of posts: found through both GIN indexes, nothing else read.
  fullTextSearch("rare word", [/^discussions_search_idx$/, /^discussion_replies_search_idx$/]),
  // A word in four discussions in ten and one reply in eight: reading the newest posts in order
  // (discussions_sitemap_idx, discussion_replies_search_order_idx) and testing each is cheaper
  // than collecting every match from the GIN indexes and sorting them.
  fullTextSearch("common word", [
    /^discussions_sitemap_idx$/,
    /^discussion_replies_search_order_idx$/,
  ]),
  fullTextSearch("phrase", [/^discussions_sitemap_idx$/, /^discussion_replies_search_order_idx$/]),
  // Nothing found, through both GIN indexes; then the suggestion's candidates from search_words
  // (a few hundred words in bench:data: read whole, its trigram index unused) and their use.
  {
    ...fullTextSearch("no results with suggestion", [
      /^discussions_search_idx$/,
      /^discussion_replies_search_idx$/,
    ]),
    seqScanReason:
      "the suggestion's check of a common word ('printer', a twentieth of the discussions) stops at its 20th match: reading discussions until then is cheaper than the index",
  },
];

type Explained = { Plan: PlanNode; "Planning Time": number; "Execution Time": number };

async function explain(client: pg.Client, statement: Statement): Promise<Explained | undefined> {
  const result = await client.query(
    `explain (analyze, buffers, format json) ${statement.text}`,
    statement.params,
  );
  return (result.rows[0]["QUERY PLAN"] as Explained[])[0];
}

/** The plan PostgreSQL keeps for a prepared statement once it goes generic. */
async function explainGeneric(
  client: pg.Client,
  statement: Statement,
): Promise<Explained | undefined> {
  const values = statement.params.map((value) =>
    value === null ? "null" : client.escapeLiteral(String(value)),
  );
  await client.query("set plan_cache_mode = force_generic_plan");
  await client.query(`prepare bench_generic as ${statement.text}`);
  try {
    const result = await client.query(
      `explain (analyze, buffers, format json) execute bench_generic${values.length ? `(${values.join(", ")})` : ""}`,
    );
    return (result.rows[0]["QUERY PLAN"] as Explained[])[0];
  } finally {
    await client.query("deallocate bench_generic");
    await client.query("reset plan_cache_mode");
  }
}

/** A generic plan may sort this many rows (two branches of a page), not a whole range. */
const GENERIC_SORT_MAX_ROWS = 100;

const WATCHED = new Set([
  "discussions",
  "profiles",
  "discussion_replies",
  "reply_mentions",
  "user",
  // Issue 41: a tag's filter read all of it once (bench/RESULTS.md §22).
  "discussion_tags",
  // Issue 42: a member's read positions, 10,000 of them for bench/reading-data.ts's reader.
  "read_positions",
  "discussion_follows",
  // Issue 45: 5,000,000 reactions, their counts per post and kind, and the Top scores.
  "reactions",
  "reaction_counts",
  "top_scores",
]);

function walk(node: PlanNode, visit: (node: PlanNode, depth: number) => void, depth = 0) {
  visit(node, depth);
  for (const child of node.Plans ?? []) walk(child, visit, depth + 1);
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error("Set DATABASE_URL to the benchmark database (see npm run bench:data).");
    process.exit(1);
  }
  const ids = await sampleIds(databaseUrl);
  const only = process.env.BENCH_ONLY;
  const endpoints = QUERIES.filter(
    // Data from before categories and tags were spread (bench:data) has neither to sample, nor
    // readers before bench/reading-data.ts ran.
    (query) =>
      (!query.path.includes("CATEGORY") || ids.categorySlug) &&
      (!query.path.includes("TAG") || ids.tagName) &&
      (!query.reader || ids.benchReaders) &&
      // Data from before reactions (bench:reaction-data adds them) has no reacted thread.
      (!query.path.includes("REACTED_THREAD") || ids.reactedThreadId) &&
      (!query.path.includes("sort=top") || ids.topScores) &&
      (!only || only.split(",").some((fragment) => query.name.includes(fragment))),
  ).map((query) => ({
    ...query,
    path: query.path
      .replace("DISCUSSION", ids.discussionId)
      .replace("PROFILE", ids.profileId)
      .replace("AUTHOR", encodeURIComponent(ids.profileName))
      .replace("ACTIVITY_CURSOR", ids.activitySecondPageCursor)
      .replace("CURSOR", ids.secondPageCursor)
      .replace("LONG_THREAD", ids.longThreadId)
      .replace("SHORT_THREAD", ids.shortThreadId)
      .replace("REACTED_THREAD", ids.reactedThreadId ?? "")
      .replace("THREAD_NEXT", ids.threadNextCursor)
      .replace("THREAD_PREVIOUS", ids.threadPreviousCursor)
      .replace("DEEP_REPLY", ids.deepReplyId)
      .replace("CATEGORY", ids.categorySlug ?? "")
      .replace("TAG", encodeURIComponent(ids.tagName ?? "")),
  }));
  const captured = await captureSql(databaseUrl, endpoints);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const problems: string[] = [];
  try {
    for (const [index, query] of captured.entries()) {
      const { expectIndex, seqScanReason } = endpoints[index] as (typeof endpoints)[number];
      console.log(`\n${query.name}  ${query.path}`);
      const indexesUsed = new Set<string>();
      for (const statement of query.statements) {
        const plans = [{ label: "statement", explained: await explain(client, statement) }];
        // A prepared statement runs on PostgreSQL's generic plan after five executions: that
        // plan, made without the values, must be as good (db/prepared.ts).
        if (statement.prepared) {
          plans.push({ label: "generic plan", explained: await explainGeneric(client, statement) });
        }
        for (const { label, explained } of plans) {
          if (!explained) continue;
          console.log(
            `  ${label}: planning ${explained["Planning Time"].toFixed(2)} ms, execution ${explained["Execution Time"].toFixed(2)} ms`,
          );
          walk(explained.Plan, (node, depth) => {
            const relation = node["Relation Name"];
            if (node["Index Name"]) indexesUsed.add(node["Index Name"]);
            if (
              !relation &&
              !node["Index Name"] &&
              !/Limit|Sort|Aggregate|Nested Loop/.test(node["Node Type"])
            )
              return;
            const on = relation ? ` on ${relation}` : "";
            const using = node["Index Name"] ? ` using ${node["Index Name"]}` : "";
            const rows = `rows=${node["Actual Rows"]}${(node["Actual Loops"] ?? 1) > 1 ? ` loops=${node["Actual Loops"]}` : ""}`;
            console.log(`    ${"  ".repeat(depth)}${node["Node Type"]}${on}${using}  (${rows})`);
            // A node the executor never reached (loops=0) costs nothing this time, but the plan
            // would run it for other parameters: it counts.
            if (node["Node Type"] === "Seq Scan" && relation && WATCHED.has(relation)) {
              if (seqScanReason) console.log(`      (accepted: ${seqScanReason})`);
              else problems.push(`${query.name} (${label}): sequential scan on ${relation}`);
            }
            // Sorting a page or two (the union of a date range's two branches) is nothing;
            // sorting a whole thread or list is what a generic plan must not do. A top-N sort
            // gives out only its page: what it read is its input's rows.
            const sorted = Math.max(
              node["Actual Rows"] ?? 0,
              ...(node.Plans ?? []).map((input) => input["Actual Rows"] ?? 0),
            );
            if (
              label === "generic plan" &&
              /Sort/.test(node["Node Type"]) &&
              sorted > GENERIC_SORT_MAX_ROWS
            ) {
              problems.push(
                `${query.name} (generic plan): sorts ${sorted} rows instead of reading an index in order`,
              );
            }
          });
        }
      }
      for (const expected of [expectIndex].flat()) {
        if (![...indexesUsed].some((name) => expected.test(name))) {
          problems.push(
            `${query.name}: no index matching ${expected} (used: ${[...indexesUsed].join(", ") || "none"})`,
          );
        }
      }
    }
  } finally {
    await client.end();
  }
  if (problems.length > 0) {
    console.error(`\nPlan problems:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log(
    "\nEvery plan uses its index; no sequential scan over the watched tables (but the one noted).",
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
