// A post sent with image tokens takes its author's uploads (docs/decisions/065): from then on
// the post's visibility is theirs, and the orphan sweep leaves them. An upload is attached once:
// the first post that names it keeps it; an image of another member is never taken over.
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { imageIdsIn } from "@/shared/post-images";

export async function attachPostImages(
  db: Db,
  post: { discussionId?: string; replyId?: string; authorId: string | null; content: string },
): Promise<void> {
  const ids = [...new Set(imageIdsIn(post.content))];
  if (ids.length === 0 || post.authorId === null) return;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await db.execute(
    sql`update post_images
        set discussion_id = ${post.discussionId ?? null}::uuid, reply_id = ${post.replyId ?? null}::uuid,
          attached_at = now()
        where id in (${list}) and uploader_id = ${post.authorId}
          and discussion_id is null and reply_id is null`,
  );
}
