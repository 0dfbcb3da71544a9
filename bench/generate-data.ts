// npm run bench:data: 10,000 members across every role (some private), 100,000 discussions with
// realistic text, 1,000,000 replies (one thread of exactly 10,000 and one of 10; see
// lib/reply-data.ts) and 5,000,000 reactions (issue 45: five per reply unless [reactions] says;
// loaded with the count trigger off, then recounted: lib/reaction-data.ts), into PostgreSQL
// (DATABASE_URL) or the embedded database (DATA_DIR).
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench npm run bench:data -- [members] [discussions] [replies] [reactions]
// It fills an empty database and refuses one that has benchmark data already (each size is a
// database of its own: see bench/RESULTS.md, "The growth table"). Deterministic (seeded random),
// so two runs produce the same data set (but for the ids).
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { categories, discussions, discussionTags, tags, user } from "@/server/db/schema";
import { rebuildSearchWords } from "@/server/features/search/words";
import { openBenchDatabase } from "./lib/bench-database";
import { loadReactions, REACTIONS_PER_REPLY } from "./lib/reaction-data";
import { generateReplies, type ReplyAuthor, type ReplyThread } from "./lib/reply-data";
import { searchAsides, withAside } from "./lib/search-vocabulary";
import { seededRandom, zipfPicker } from "./lib/seeded-random";

const MEMBERS = Number(process.argv[2] ?? 10_000);
const DISCUSSIONS = Number(process.argv[3] ?? 100_000);
const REPLIES = Number(process.argv[4] ?? 1_000_000);
const REACTIONS = Number(process.argv[5] ?? REACTIONS_PER_REPLY * REPLIES);
const BATCH = 1_000;

const rng = seededRandom(0x5eed);
const random = rng.next;
const pick = rng.pick;

const FIRST = [
  "Sam",
  "Priya",
  "Jonas",
  "Aisha",
  "Tom",
  "Mei",
  "Lucas",
  "Nadia",
  "Omar",
  "Grace",
  "Leo",
  "Zara",
  "Ben",
  "Chloe",
  "Ravi",
  "Ines",
  "Kofi",
  "Hana",
  "Finn",
  "Ava",
  "Mateo",
  "Sofia",
  "Ethan",
  "Layla",
];
const LAST = [
  "Hart",
  "Okafor",
  "Lind",
  "Khan",
  "Reyes",
  "Chen",
  "Moreau",
  "Silva",
  "Novak",
  "Byrne",
  "Patel",
  "Murphy",
  "Jones",
  "Kowalski",
  "Rossi",
  "Nakamura",
  "Evans",
  "Haddad",
];
const PLACES = [
  "Leeds",
  "Bristol",
  "Glasgow",
  "Cardiff",
  "Belfast",
  "London",
  "Norwich",
  "York",
  "Brighton",
  "Manchester",
];
const SUBJECTS = [
  "My landlord",
  "The new bus timetable",
  "Self-checkout machines",
  "Open-plan offices",
  "Reply-all emails",
  "Printer drivers",
  "Subscription apps",
  "The group chat",
  "Airport security",
  "Smart TVs",
  "Parking apps",
  "Cold calls",
  "Automatic doors",
  "Loud podcasts on trains",
  "Pineapple on pizza",
  "Working from home",
  "Gym etiquette",
  "Dating apps",
  "Broadband providers",
  "Tipping culture",
];
const VERBS = [
  "is ruining my week",
  "deserves a proper rant",
  "makes no sense at all",
  "is secretly great",
  "needs to be stopped",
  "is the worst invention of the decade",
  "has gone too far",
  "is overrated",
  "is underrated",
  "broke me today",
];
const SENTENCES = [
  "I have tried to be patient about this, I really have.",
  "Every single time it happens I tell myself it will be the last.",
  "Nobody else seems to notice, which makes it worse.",
  "My friends think I am overreacting but hear me out.",
  "There has to be a better way to do this in 2026.",
  "I waited forty minutes for an answer that took five seconds.",
  "Honestly, it was funny the first time.",
  "If you have a solution, please share it below.",
  "Am I the only one who feels this way?",
  "This is my official complaint to the universe.",
  "The customer service line put me on hold for an hour.",
  "I am writing this from the queue, still waiting.",
];

function sentences(count: number): string {
  return Array.from({ length: count }, () => pick(SENTENCES)).join(random() < 0.3 ? "\n\n" : " ");
}

async function main() {
  const database = await openBenchDatabase({ poolSize: 4 });
  const { db } = database;
  const started = Date.now();
  try {
    await database.migrate();
    await refuseFilledDatabase(db);
    const now = Date.now();
    const year = 365 * 24 * 3600 * 1000;

    const ids: string[] = [];
    for (let offset = 0; offset < MEMBERS; offset += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, MEMBERS - offset) }, (_, i) => {
        const n = offset + i;
        const created = new Date(now - random() * 3 * year);
        const id = crypto.randomUUID();
        ids.push(id);
        return {
          id,
          name: `${pick(FIRST)} ${pick(LAST)}`,
          email: `bench-member-${n}@example.com`,
          emailVerified: true,
          createdAt: created,
          updatedAt: created,
        };
      });
      // The trigger of migration 0001 creates each member's profile and `user` role.
      await db.insert(user).values(rows).onConflictDoNothing();
    }
    await db.execute(sql`
      update profiles set
        bio = case when random() < 0.7 then 'Ranting from ' || (array[${sql.join(
          PLACES.map((p) => sql`${p}`),
          sql`, `,
        )}])[1 + floor(random() * ${PLACES.length})::int] || '. ' || 'Here for honest opinions.' end,
        location = case when random() < 0.6 then (array[${sql.join(
          PLACES.map((p) => sql`${p}`),
          sql`, `,
        )}])[1 + floor(random() * ${PLACES.length})::int] end,
        is_public = random() >= 0.1,
        last_active_at = case when random() < 0.8 then created_at + (now() - created_at) * random() end
      where email like 'bench-member-%'`);
    await db.execute(sql`
      update user_roles set role = case
        when n < 10 then 'admin' when n < 60 then 'moderator' when n < 260 then 'author' else 'user' end
      from (select id, row_number() over (order by email) - 1 as n from "user" where email like 'bench-member-%') ranked
      where user_roles.user_id = ranked.id`);
    console.log(`members: ${MEMBERS} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // Issue 41's spread: 12 categories (the seeded four and eight more) and 200 tags, each
    // chosen Zipf-like, so a few are common and most are rare; a discussion has 0 to 3 tags.
    const categoryIds = await benchCategories(db);
    const pickCategory = zipfPicker(random, categoryIds.length);
    const tagIds = await benchTags(db);
    const pickTag = zipfPicker(random, tagIds.length);
    // Issue 44: the long tail of words search is measured with (lib/search-vocabulary.ts).
    const aside = searchAsides(0x5ea7c4);
    for (let offset = 0; offset < DISCUSSIONS; offset += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, DISCUSSIONS - offset) }, () => {
        const created = new Date(now - random() * 2 * year);
        return {
          title: `${pick(SUBJECTS)} ${pick(VERBS)}`,
          content: withAside(sentences(1 + Math.floor(random() * 5)), aside(DISCUSSIONS)),
          authorId: pick(ids),
          categoryId: categoryIds[pickCategory()] as string,
          isPinned: random() < 0.002,
          isLocked: random() < 0.02,
          createdAt: created,
          updatedAt: created,
        };
      });
      const inserted = await db.insert(discussions).values(rows).returning({ id: discussions.id });
      const tagged = inserted.flatMap(({ id }) => {
        const chosen = new Set(Array.from({ length: Math.floor(random() * 4) }, pickTag));
        return [...chosen].map((k) => ({ discussionId: id, tagId: tagIds[k] as string }));
      });
      if (tagged.length) await db.insert(discussionTags).values(tagged);
      if ((offset / BATCH) % 20 === 19) console.log(`  discussions: ${offset + BATCH}`);
    }
    console.log(`discussions: ${DISCUSSIONS} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const repliesStarted = Date.now();
    const special = await generateReplies(
      db,
      rng,
      await benchThreads(db),
      await benchMembers(db),
      REPLIES,
    );
    console.log(
      `replies: ${REPLIES} in ${((Date.now() - repliesStarted) / 1000).toFixed(1)} s ` +
        `(thread of 10,000: ${special.longThreadId}; of 10: ${special.shortThreadId}); ` +
        "counters equal fresh counts",
    );
    // As autovacuum would leave a live database: statistics for the planner, and the visibility
    // map that index-only scans need (the triggers of migrations 0005 and 0006 rewrote each
    // author's profile row once per discussion, and the reply counters each discussion's row).
    await db.execute(sql`vacuum analyze`);
    // Issue 45: the reactions, their counts and the Top scores (docs/decisions/075), after the
    // statistics, so the top-scores job's timings are a live database's; then theirs.
    await loadReactions(db, REACTIONS);
    await db.execute(sql`vacuum analyze reactions, reaction_counts, top_scores, profiles`);
    // Issue 44: the words "Did you mean" offers, as the search-words job would leave them.
    const wordsStarted = Date.now();
    await rebuildSearchWords(db);
    const [words] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from search_words`,
    );
    await db.execute(sql`analyze search_words`);
    console.log(
      `search words: ${words?.count ?? 0} in ${((Date.now() - wordsStarted) / 1000).toFixed(1)} s`,
    );
    console.log(
      `members ${MEMBERS}, discussions ${DISCUSSIONS}, replies ${REPLIES}, reactions asked ${REACTIONS}; total ${((Date.now() - started) / 1000).toFixed(1)} s on ${database.engine}`,
    );
  } finally {
    await database.close();
  }
}

const BENCH_CATEGORY_COLOURS = [
  "#e8590c",
  "#2f9e44",
  "#6741d9",
  "#c2255c",
  "#1971c2",
  "#5c940d",
  "#d9480f",
  "#0b7285",
];

/** The seeded four categories and eight more, in their order: issue 41's twelve. */
async function benchCategories(db: Db): Promise<string[]> {
  await db.insert(categories).values(
    BENCH_CATEGORY_COLOURS.map((colour, index) => ({
      slug: `bench-category-${index + 5}`,
      name: `Bench category ${index + 5}`,
      description: "Made by bench:data.",
      colour,
      position: index + 5,
    })),
  );
  return (await db.select({ id: categories.id }).from(categories).orderBy(categories.position)).map(
    (row) => row.id,
  );
}

/** A subject's last word as a tag's letters ("The new bus timetable" → "timetable"). */
const tagWord = (subject = "") =>
  subject
    .split(" ")
    .at(-1)
    ?.toLowerCase()
    .replace(/[^a-z0-9]/g, "") || "topic";

/** 200 tags, curated, the most used first: tag k is "{subject word}-{k}". */
async function benchTags(db: Db): Promise<string[]> {
  const rows = Array.from({ length: 200 }, (_, k) => ({
    name: `${tagWord(SUBJECTS[k % SUBJECTS.length])}-${k}`,
    curated: true,
  }));
  const inserted = await db.insert(tags).values(rows).returning({ id: tags.id, name: tags.name });
  const order = new Map(rows.map((row, k) => [row.name, k]));
  return inserted
    .sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0))
    .map((row) => row.id);
}

/** Benchmark data is made once per database: a second run would double the discussions. */
async function refuseFilledDatabase(db: Db) {
  const [row] = await queryRows<{ members: number; discussions: number }>(
    db,
    sql`select
      (select count(*)::int from "user" where email like 'bench-member-%') as members,
      (select count(*)::int from discussions) as discussions`,
  );
  if (row && row.members > 0) {
    throw new Error(
      `This database has benchmark data already (${row.members} members, ${row.discussions} discussions). ` +
        "bench:data fills an empty database: create a new one (createdb) for each size.",
    );
  }
}

/** The benchmark's discussions, oldest first: the threads replies go to. */
async function benchThreads(db: Db): Promise<ReplyThread[]> {
  const rows = await queryRows<{ id: string; author_id: string | null; created_ms: number }>(
    db,
    sql`select d.id, d.author_id, (extract(epoch from d.created_at) * 1000)::float8 as created_ms
        from discussions d join "user" u on u.id = d.author_id
        where u.email like 'bench-member-%' and d.status = 'active'
        order by d.created_at, d.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    authorId: row.author_id,
    createdMs: Number(row.created_ms),
  }));
}

/** The benchmark's members in a fixed order (by email), with what a mention needs. */
async function benchMembers(db: Db): Promise<ReplyAuthor[]> {
  const rows = await queryRows<{ id: string; full_name: string | null; is_public: boolean }>(
    db,
    sql`select u.id, p.full_name, p.is_public
        from "user" u join profiles p on p.id = u.id
        where u.email like 'bench-member-%'
        order by u.email`,
  );
  return rows.map((row) => ({
    id: row.id,
    fullName: row.full_name ?? "",
    isPublic: row.is_public,
  }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
