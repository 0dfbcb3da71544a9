// The rule's spelling for a reader that is a row of the query (notification recipients,
// docs/decisions/052) must agree with the one for a row in hand: every role, author or not,
// hidden or not.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Database, queryRows } from "@/server/db/client";
import { openTestDatabase } from "@/server/test/test-database";
import { ROLES } from "@/shared/permissions";
import { mayReadWords, wordsReadableBy } from "./rule";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it("wordsReadableBy answers as mayReadWords for every role, author or not, hidden or not", async () => {
  const cases = ROLES.flatMap((role) =>
    [true, false].flatMap((own) => [true, false].map((hidden) => ({ role, own, hidden }))),
  );
  for (const { role, own, hidden } of cases) {
    const reader = { id: "reader-1", role };
    const authorId = own ? reader.id : "someone-else";
    const [row] = await queryRows<{ readable: boolean }>(
      database.db,
      sql`select ${wordsReadableBy(
        { id: sql`${reader.id}::text`, role: sql`${role}::text` },
        {
          hiddenAt: hidden ? sql`now()` : sql`null::timestamptz`,
          authorId: sql`${authorId}::text`,
        },
      )} as readable`,
    );
    const expected = mayReadWords(reader, { authorId, hidden, held: false, deleted: false });
    expect({ role, own, hidden, readable: row?.readable }).toEqual({
      role,
      own,
      hidden,
      readable: expected,
    });
  }
});
