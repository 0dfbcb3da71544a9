// Named prepared statements for the hottest reads (db/prepared.ts): the same rows as an unnamed
// query, one name per text, reused on a connection, and a bounded number of them. (That the
// plan cache then goes generic for a thread's page: features/replies/paging.test.ts.)
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listQuerySchema } from "@/server/domain/discussions/list-query";
import { findActiveDiscussion, listDiscussions } from "@/server/domain/discussions/queries";
import { insertDiscussionRow } from "@/server/test/discussions";
import { openTestDatabase } from "@/server/test/test-database";
import { type Database, type Db, queryRows } from "./client";
import {
  limitLiteral,
  preparedStatementName,
  preparedTexts,
  queryPreparedRows,
  renderedOnce,
  renderPlain,
} from "./prepared";
import { discussions } from "./schema";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

type Prepared = { name: string; statement: string };

/** The statements prepared on this connection (none on PGlite, which ignores names). */
const preparedOn = (tx: Db) =>
  queryRows<Prepared>(tx, sql`select name, statement from pg_prepared_statements`);

/** `work` on one connection of the pool (a transaction holds one), rolled back. */
async function onOneConnection(work: (tx: Db) => Promise<void>) {
  await database.db
    .transaction(async (transaction) => {
      await work(transaction as unknown as Db);
      throw new Error("rollback");
    })
    .catch((error: Error) => {
      if (error.message !== "rollback") throw error;
    });
}

describe("queryPreparedRows", () => {
  it("answers the rows an unnamed query answers", async () => {
    const query = sql`select n, n * ${3}::int as tripled from generate_series(1, ${4}::int) as n`;
    expect(await queryPreparedRows(database.db, query)).toEqual(
      await queryRows(database.db, query),
    );
  });

  it("names a statement by its text: one text, one name", () => {
    const text = "select 1";
    expect(preparedStatementName(text)).toBe(preparedStatementName(text));
    expect(preparedStatementName(text)).not.toBe(preparedStatementName("select 2"));
    expect(preparedStatementName(text)).toMatch(/^rc_[\w-]{20}$/);
  });

  it("prepares a text once per connection and reuses it, with new values each time", async () => {
    const discussion = await insertDiscussionRow(database.db, { title: "Prepared once" });
    await onOneConnection(async (tx) => {
      const before = (await preparedOn(tx)).length;
      for (let i = 0; i < 3; i++) {
        expect((await findActiveDiscussion(tx, discussion))?.title).toBe("Prepared once");
      }
      expect(await findActiveDiscussion(tx, "3f1d7c1e-0000-4000-8000-000000000000")).toBeNull();
      if (database.engine !== "postgres") return;
      const prepared = await preparedOn(tx);
      expect(prepared.length - before).toBe(1);
      const [statement] = prepared.filter((p) => p.statement.includes("from discussions d"));
      expect(statement?.name).toBe(preparedStatementName(statement?.statement ?? ""));
    });
  });

  it("lets PostgreSQL plan the forum's page once and keep that plan (no planning per request)", async () => {
    for (let i = 0; i < 3; i++) await insertDiscussionRow(database.db);
    await onOneConnection(async (tx) => {
      for (let i = 0; i < 8; i++) {
        const page = await listDiscussions(tx, listQuerySchema.parse({}));
        expect(page.items.length).toBeGreaterThanOrEqual(3);
      }
      if (database.engine !== "postgres") return;
      const [list] = await queryRows<{ generic_plans: number; custom_plans: number }>(
        tx,
        sql`select generic_plans::int, custom_plans::int from pg_prepared_statements
            where statement like '%from discussions d where%'
            order by generic_plans + custom_plans desc limit 1`,
      );
      // Five custom plans to learn the cost, then the generic one, kept.
      expect(list?.generic_plans).toBeGreaterThanOrEqual(3);
      expect(list?.custom_plans).toBeLessThanOrEqual(5);
    });
  });

  it("prepares at most 200 texts; later ones run unnamed and still answer", async () => {
    for (let i = 0; preparedTexts.size < 200; i++) {
      await queryPreparedRows(database.db, sql.raw(`select ${i} as filler_${i}`));
    }
    const size = preparedTexts.size;
    const [row] = await queryPreparedRows<{ n: number }>(database.db, sql`select 41 + 1 as n`);
    expect(row?.n).toBe(42);
    expect(preparedTexts.size).toBe(size);
  });
});

describe("renderPlain", () => {
  const dialect = new PgDialect();
  const id = "3f1d7c1e-0000-4000-8000-000000000000";
  const columns = renderedOnce(sql`select d.id, d.title from discussions d`);
  const optional = (on: boolean) => (on ? sql`and d.is_pinned` : undefined);

  it.each([
    ["values of every plain kind", sql`select ${"text"}, ${42}, ${1.5}, ${true}, ${null}`],
    ["fragments rendered once", sql`${columns} where d.id = ${id}::uuid`],
    [
      "nested sql, joins and optional pieces",
      sql`${columns} where ${sql.join([sql`d.status = ${"active"}`, sql`d.id <> ${id}::uuid`], sql` and `)} ${optional(true)} ${optional(false)} order by d.created_at limit ${limitLiteral(21)}`,
    ],
    [
      "a statement with a CTE and a union, the shape of a thread's permalink keys",
      sql`with target as (select created_at, id from discussion_replies where id = ${id}::uuid)
        (select r.id from discussion_replies r where r.discussion_id = ${id}::uuid
          and (r.created_at, r.id) < ((select created_at from target), (select id from target))
          order by r.created_at desc, r.id desc limit ${limitLiteral(51)})
        union all
        (select r.id from discussion_replies r where r.discussion_id = ${id}::uuid
          order by r.created_at, r.id limit ${limitLiteral(51)})`,
    ],
    ["an empty statement", sql.empty()],
    ["raw text alone", sql.raw("select 1")],
  ])("renders %s as drizzle does", (_what, query) => {
    expect(renderPlain(query)).toEqual({
      sql: dialect.sqlToQuery(query).sql,
      params: dialect.sqlToQuery(query).params,
    });
  });

  it.each([
    ["a column", sql`select ${discussions.id} from ${discussions}`],
    ["a list of values", sql`select 1 where 2 in ${[1, 2]}`],
    ["a placeholder", sql`select ${sql.placeholder("n")}`],
    ["a date", sql`select ${new Date(0)}`],
    ["values written into the text", sql`select ${"x"}`.inlineParams()],
  ])("leaves %s to drizzle", (_what, query) => {
    expect(renderPlain(query)).toBeNull();
  });
});

describe("limitLiteral", () => {
  it("writes a page size into the text, not as a parameter", () => {
    const query = new PgDialect().sqlToQuery(sql`select 1 limit ${limitLiteral(51)}`);
    expect(query).toEqual({ sql: "select 1 limit 51", params: [] });
  });

  it("refuses anything but a whole page size", () => {
    for (const bad of [0, -1, 1.5, 1_001, Number.NaN]) {
      expect(() => limitLiteral(bad), String(bad)).toThrow("Not a page size");
    }
  });
});

describe("renderedOnce", () => {
  const dialect = new PgDialect();

  it("gives a value-free fragment's text as one chunk, the same text in any statement", () => {
    const fragment = sql`select ${sql.raw("d.id")}, ${sql`lower(${sql.raw("d.title")})`} as t`;
    const rendered = renderedOnce(fragment);
    expect(rendered.queryChunks).toHaveLength(1);
    const query = sql`${rendered} from discussions d where d.id = ${"x"}::uuid`;
    expect(dialect.sqlToQuery(query)).toMatchObject({
      sql: "select d.id, lower(d.title) as t from discussions d where d.id = $1::uuid",
      params: ["x"],
    });
  });

  it("refuses a fragment holding a value, whose placeholder number would be wrong elsewhere", () => {
    expect(() => renderedOnce(sql`where d.id = ${"x"}`)).toThrow("cannot be rendered once");
  });
});
