// What gzip costs per answer at zlib's default level and at its fastest, on answers of the sizes
// the app sends: the forum's list (20 discussions), a page of 50 replies (as JSON rows from the
// benchmark data) and the built shell. lib/compress.ts uses the fastest for JSON (§14).
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench npx tsx bench/gzip-levels.ts
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { ROOT } from "./lib/server-process";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("Set DATABASE_URL to the benchmark data (npm run bench:data)");

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const json = async (text: string) =>
  JSON.stringify((await client.query<{ rows: unknown }>(text)).rows[0]?.rows ?? []);
const bodies = {
  "forum list (20)": await json(
    `select json_agg(t) as rows from (select d.*, p.full_name from discussions d
     join profiles p on p.id = d.author_id order by d.created_at desc limit 20) t`,
  ),
  "50 replies": await json(
    `select json_agg(t) as rows from (select r.* from discussion_replies r
     where discussion_id = (select id from discussions where replies_count >= 60 limit 1)
     order by created_at limit 50) t`,
  ),
  "built shell": readFileSync(path.join(ROOT, "dist/client/index.html"), "utf8"),
};
await client.end();

const ROUNDS = 2_000;
console.log("answer            bytes  level  gzipped  µs each (median of 5 rounds)");
for (const [name, text] of Object.entries(bodies)) {
  for (const level of [6, 1]) {
    for (let i = 0; i < 200; i += 1) gzipSync(text, { level });
    const rounds: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      const started = performance.now();
      for (let i = 0; i < ROUNDS / 5; i += 1) gzipSync(text, { level });
      rounds.push(((performance.now() - started) * 1000) / (ROUNDS / 5));
    }
    rounds.sort((a, b) => a - b);
    const size = gzipSync(text, { level }).length;
    console.log(
      `${name.padEnd(16)} ${String(text.length).padStart(6)}  ${String(level).padStart(5)}  ` +
        `${String(size).padStart(7)}  ${(rounds[2] ?? 0).toFixed(0).padStart(7)}`,
    );
  }
}
