// Who may load a post image (issue 40, docs/decisions/065): the one visibility rule decides, on
// the post the image was sent in. An image in no sent post yet (a draft's) is its uploader's
// alone. "public": every visitor may (cacheable by anyone); "private": only some readers, this
// one included (never kept by a cache); "hidden": not this reader (404, as a missing image).
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { mayReadWords, type PostState, type Reader } from "@/server/domain/visibility/rule";

export type ImageAccess = "public" | "private" | "hidden";

export type PostImageRow = {
  storage_key: string;
  width: number;
  uploader_id: string;
  discussion: PostState | null;
  reply: PostState | null;
  reply_discussion: PostState | null;
};

const discussionState = (alias: string) =>
  sql.raw(`case when ${alias}.id is null then null else json_build_object(
    'authorId', ${alias}.author_id, 'hidden', ${alias}.hidden_at is not null,
    'held', ${alias}.status = 'held', 'deleted', ${alias}.status = 'deleted') end`);

/** The image's storage key and the state of the post it is in; null when there is no such image. */
export async function findPostImage(db: Db, id: string): Promise<PostImageRow | null> {
  const [row] = await queryRows<PostImageRow>(
    db,
    sql`select i.storage_key, i.width, i.uploader_id,
          ${discussionState("d")} as discussion,
          case when r.id is null then null else json_build_object(
            'authorId', r.author_id, 'hidden', r.hidden_at is not null,
            'held', r.held_at is not null, 'deleted', r.deleted_at is not null) end as reply,
          ${discussionState("rd")} as reply_discussion
        from post_images i
        left join discussions d on d.id = i.discussion_id
        left join discussion_replies r on r.id = i.reply_id
        left join discussions rd on rd.id = r.discussion_id
        where i.id = ${id}::uuid`,
  );
  return row ?? null;
}

/** The posts whose words the reader must be allowed to read to see the image. */
function postsOf(row: PostImageRow): PostState[] | null {
  if (row.reply && row.reply_discussion) return [row.reply, row.reply_discussion];
  if (row.discussion) return [row.discussion];
  return null;
}

/** Whether every visitor may see the image: decided without looking up who asks. */
export function isPublicImage(row: PostImageRow): boolean {
  const posts = postsOf(row);
  return posts?.every((post) => mayReadWords(null, post)) ?? false;
}

export function imageAccess(row: PostImageRow, reader: Reader): ImageAccess {
  if (isPublicImage(row)) return "public";
  const posts = postsOf(row);
  if (!posts) return reader?.id === row.uploader_id ? "private" : "hidden";
  return posts.every((post) => mayReadWords(reader, post)) ? "private" : "hidden";
}
