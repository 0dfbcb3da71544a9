// The forum's tags (issue 41, docs/decisions/067): which tags a post may name, who may create
// one while posting, a discussion's tags, and the public list. A tag is shown to the public
// only through the visibility rule: staff curated it, or a discussion anyone can read has it;
// a tag that came with a held, hidden or deleted post alone is nobody's to see but staff's.
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { queryPreparedRows } from "@/server/db/prepared";
import { readSiteSettings } from "@/server/domain/site/site-settings";
import { isModerator, type Reader } from "@/server/domain/visibility/rule";
import { HttpError } from "@/server/lib/http-error";
import { startsWithPattern } from "@/server/lib/like-pattern";
import type { RateLimiter, RateLimitRule } from "@/server/lib/rate-limit";
import type { Tag, TagSummary } from "@/shared/api-types";
import { can, type Role } from "@/shared/permissions";
import { normaliseTag, TAG_NOT_FOUND } from "@/shared/tags";

/** A member creates at most 10 tags an hour (staff curate without a limit). */
export const TAG_CREATE_RATE_LIMIT: RateLimitRule = {
  name: "tag-create",
  max: 10,
  windowSeconds: 3600,
  message: "You have created many tags in the last hour. Choose existing tags, or try later.",
};

export const tagMissingMessage = (tag: string) =>
  `There is no tag "${tag}" yet, and only staff can create tags. Choose one from the list.`;
export const tagNeedsPostsMessage = (tag: string, posts: number) =>
  `There is no tag "${tag}" yet. Members can create tags once they have written ${posts} posts; choose one from the list.`;

/**
 * The public rule as SQL on a tag aliased t: curated by staff, or on at least one discussion
 * anyone may read (active and not hidden). Moderators see every tag.
 */
export function tagListed(reader: Reader, tag: SQL = sql`t`): SQL {
  if (isModerator(reader)) return sql`true`;
  return sql`(${tag}.curated or exists (
    select 1 from discussion_tags dt join discussions d on d.id = dt.discussion_id
    where dt.tag_id = ${tag}.id and dt.counted and d.hidden_at is null))`;
}

/** `a, b, c` as parameters: a handful of values (a post names at most five tags). */
const valueList = (values: readonly string[], type?: "uuid") =>
  sql.join(
    values.map((value) => (type ? sql`${value}::uuid` : sql`${value}`)),
    sql`, `,
  );

type TagRow = { id: string; name: string; discussions_count: number };

const toSummary = (row: TagRow): TagSummary => ({
  name: row.name,
  discussions: Number(row.discussions_count),
});

/**
 * GET /api/tags: the tags `reader` may see, most used first, or those starting with `prefix`
 * (the composer's suggestions and the forum's filter).
 */
export async function listTags(
  db: Db,
  reader: Reader,
  options: { prefix?: string; limit: number },
): Promise<TagSummary[]> {
  const starts = options.prefix ? sql`and t.name like ${startsWithPattern(options.prefix)}` : sql``;
  const rows = await queryRows<TagRow>(
    db,
    sql`select t.id, t.name, t.discussions_count from tags t
        where ${tagListed(reader)} ${starts}
        order by t.discussions_count desc, t.name
        limit ${options.limit}`,
  );
  return rows.map(toSummary);
}

/**
 * The tag a filter or GET /api/tags/{name} names, in any spelling, or 404 `Tag not found` when
 * there is none `reader` may see.
 */
export async function requireListedTag(db: Db, reader: Reader, input: string): Promise<Tag> {
  const name = normaliseTag(input);
  const [row] = name
    ? // One tag by its unique name: the same plan for any name, so prepared (db/prepared.ts).
      await queryPreparedRows<TagRow>(
        db,
        sql`select t.id, t.name, t.discussions_count from tags t
            where t.name = ${name} and ${tagListed(reader)}`,
      )
    : [];
  if (!row) throw new HttpError(404, TAG_NOT_FOUND);
  return { id: row.id, ...toSummary(row) };
}

/**
 * Deletes a tag from every discussion that has it (its rows cascade, taking their share of the
 * count): the CMS's delete and the queue's. Returns what it was; 404 for none.
 */
export async function deleteTag(tx: Db, id: string): Promise<Tag> {
  const [row] = await queryRows<TagRow>(
    tx,
    sql`select id, name, discussions_count from tags where id = ${id}::uuid for update`,
  );
  if (!row) throw new HttpError(404, TAG_NOT_FOUND);
  await tx.execute(sql`delete from tags where id = ${id}::uuid`);
  return { id: row.id, ...toSummary(row) };
}

/** Whether `viewer` may create a tag by posting with it: staff, or members the admin allows. */
async function mayCreateTags(
  db: Db,
  viewer: { id: string; role: Role },
): Promise<{ allowed: true } | { allowed: false; minPosts: number | null }> {
  if (can(viewer.role, "curateTags")) return { allowed: true };
  const { memberTagMinPosts } = await readSiteSettings(db);
  if (memberTagMinPosts === null) return { allowed: false, minPosts: null };
  const [row] = await queryRows<{ posts: number }>(
    db,
    sql`select discussions_count + replies_count as posts from profiles where id = ${viewer.id}`,
  );
  return Number(row?.posts ?? 0) >= memberTagMinPosts
    ? { allowed: true }
    : { allowed: false, minPosts: memberTagMinPosts };
}

/**
 * The ids of the tags a post names (already normalised by the form's schema), in its order.
 * A tag that does not exist yet is created when `viewer` may (counted against the hourly
 * limit; staff's are curated), otherwise the field's error: 400 under `tags`, nothing saved.
 */
export async function tagsToPostWith(
  tx: Db,
  limits: RateLimiter,
  viewer: { id: string; role: Role },
  names: readonly string[],
): Promise<string[]> {
  if (names.length === 0) return [];
  const found = await queryRows<{ id: string; name: string }>(
    tx,
    sql`select id, name from tags where name in (${valueList(names)})`,
  );
  const ids = new Map(found.map((row) => [row.name, row.id]));
  const missing = names.filter((name) => !ids.has(name));
  if (missing.length > 0) {
    const right = await mayCreateTags(tx, viewer);
    const [first = ""] = missing;
    if (!right.allowed) {
      const message =
        right.minPosts === null
          ? tagMissingMessage(first)
          : tagNeedsPostsMessage(first, right.minPosts);
      throw new HttpError(400, message, { fields: { tags: message } });
    }
    const curated = can(viewer.role, "curateTags");
    for (const name of missing) {
      if (!curated) await limits.hit(TAG_CREATE_RATE_LIMIT, viewer.id);
      // Another post may create the same tag meanwhile: then its row is the one.
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`insert into tags (name, curated, created_by) values (${name}, ${curated}, ${viewer.id})
            on conflict (name) do update set updated_at = tags.updated_at
            returning id`,
      );
      if (row) ids.set(name, row.id);
    }
  }
  return names.map((name) => ids.get(name)).filter((id): id is string => id !== undefined);
}

/** Replaces a discussion's tags; the triggers move the counts (migration 0037). */
export async function setDiscussionTags(
  tx: Db,
  discussionId: string,
  tagIds: readonly string[],
): Promise<void> {
  const keep = tagIds.length > 0 ? sql`and tag_id not in (${valueList(tagIds, "uuid")})` : sql``;
  await tx.execute(
    sql`delete from discussion_tags where discussion_id = ${discussionId}::uuid ${keep}`,
  );
  if (tagIds.length === 0) return;
  const rows = tagIds.map((id) => sql`(${discussionId}::uuid, ${id}::uuid)`);
  await tx.execute(
    sql`insert into discussion_tags (discussion_id, tag_id) values ${sql.join(rows, sql`, `)}
        on conflict do nothing`,
  );
}

/** A discussion's tag names, in name order (for the log of a retag). */
export async function discussionTagNames(db: Db, discussionId: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select t.name from discussion_tags dt join tags t on t.id = dt.tag_id
        where dt.discussion_id = ${discussionId}::uuid order by t.name`,
  );
  return rows.map((row) => row.name);
}

export { TAG_NOT_FOUND };
