// Test helpers for the staff area: one signed-in client per role of docs/product.md §6, and
// rows the tests act on, inserted directly.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import type { Role } from "@/shared/permissions";
import { createMember } from "./factories";
import { createClient, type TestApp, type TestClient } from "./test-app";

export type Caller = "anonymous" | Role;
export const CALLERS: readonly Caller[] = ["anonymous", "user", "author", "moderator", "admin"];

export type StaffClients = Record<Caller, TestClient> & { ids: Record<Role, string> };

export async function createStaffClients(t: TestApp): Promise<StaffClients> {
  const user = await createMember(t, { name: "Plain User" });
  const author = await createMember(t, { role: "author", name: "Ada Author" });
  const moderator = await createMember(t, { role: "moderator", name: "Mo Moderator" });
  const admin = await createMember(t, { role: "admin", name: "Al Admin" });
  return {
    anonymous: createClient(t.app),
    user: user.client,
    author: author.client,
    moderator: moderator.client,
    admin: admin.client,
    ids: { user: user.id, author: author.id, moderator: moderator.id, admin: admin.id },
  };
}

let counter = 0;

export async function insertPost(
  db: Db,
  values: { status?: "draft" | "published"; title?: string } = {},
): Promise<string> {
  counter += 1;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into blog_posts (slug, title, excerpt, content, status, published_at)
        values ('post-' || gen_random_uuid(), ${values.title ?? `Post ${counter}`}, 'An excerpt', 'Some content',
          ${values.status ?? "draft"},
          ${values.status === "published" ? sql`now()` : sql`null`})
        returning id`,
  );
  if (!row) throw new Error("insert failed");
  return row.id;
}

export async function insertWord(db: Db, word = `word ${++counter}`): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into hero_words (word, display_order) values (${word}, 100) returning id`,
  );
  if (!row) throw new Error("insert failed");
  return row.id;
}

export type DataRequestRowOverrides = {
  status?: "pending" | "in_progress" | "completed";
  /** When it was stored; now() by default. Rows inserted one after the other can share it. */
  createdAt?: Date;
};

export async function insertDataRequest(
  db: Db,
  { status = "pending", createdAt }: DataRequestRowOverrides = {},
): Promise<string> {
  counter += 1;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into data_requests (request_type, email, full_name, status, created_at)
        values ('access', ${`requester-${counter}@example.com`}, 'Requester', ${status},
          ${createdAt ? sql`${createdAt.toISOString()}::timestamptz` : sql`now()`})
        returning id`,
  );
  if (!row) throw new Error("insert failed");
  return row.id;
}
