// Post image rows and files (docs/decisions/065): written by the upload, removed by the orphan
// sweep and by erasure (features never import each other, so both live here).
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import type { JobQueue } from "@/server/lib/jobs";
import type { Logger } from "@/server/lib/logger";
import type { FileStorage } from "@/server/lib/storage";
import { variantWidthsOf } from "@/shared/post-images";

/** Where an upload's file is kept: under its uploader, so a listing shows whose it is. */
export function postImageKey(uploaderId: string, id: string): string {
  return `post-images/${uploaderId}/${id}.webp`;
}

/** Where the upload's narrower copy is kept, beside it. */
export function postImageVariantKey(key: string, width: number): string {
  return key.replace(/\.webp$/, `-${width}.webp`);
}

/** Every file of an upload: the image and its narrower copies (known from its width). */
export function postImageFileKeys(image: { storage_key: string; width: number }): string[] {
  return [
    image.storage_key,
    ...variantWidthsOf(image.width).map((width) => postImageVariantKey(image.storage_key, width)),
  ];
}

/** Stores the image's files; on a failure removes those written and throws. */
export async function putPostImageFiles(
  storage: FileStorage,
  key: string,
  image: { body: Uint8Array; variants: Array<{ width: number; body: Uint8Array }> },
): Promise<void> {
  const files = [
    { key, body: image.body },
    ...image.variants.map((variant) => ({
      key: postImageVariantKey(key, variant.width),
      body: variant.body,
    })),
  ];
  try {
    for (const file of files) await storage.put(file.key, file.body, "image/webp");
  } catch (error) {
    await removePostImageFiles(
      storage,
      files.map((file) => file.key),
    );
    throw error;
  }
}

/** Removes files, going on past a failure (a file left is served to nobody without its row). */
export async function removePostImageFiles(
  storage: FileStorage,
  keys: readonly string[],
  onError: (error: unknown) => void = () => {},
): Promise<void> {
  for (const key of keys) await storage.remove(key).catch(onError);
}

export async function insertPostImage(
  db: Db,
  image: {
    id: string;
    uploaderId: string;
    key: string;
    width: number;
    height: number;
    body: Uint8Array;
  },
): Promise<void> {
  await db.execute(
    sql`insert into post_images (id, uploader_id, storage_key, width, height, bytes)
        values (${image.id}::uuid, ${image.uploaderId}, ${image.key}, ${image.width},
          ${image.height}, ${image.body.byteLength})`,
  );
}

/** The files of a member's uploads (erasure removes them after its commit). */
export async function postImageKeysOf(db: Db, uploaderId: string): Promise<string[]> {
  const rows = await queryRows<{ storage_key: string; width: number }>(
    db,
    sql`select storage_key, width from post_images where uploader_id = ${uploaderId}`,
  );
  return rows.flatMap(postImageFileKeys);
}

export const ORPHAN_IMAGE_HOURS = 24;
export const ORPHAN_IMAGE_SWEEP_QUEUE = "remove-orphan-post-images";
const BATCH = 200;

/**
 * Deletes uploads in no sent post after ORPHAN_IMAGE_HOURS, except those a draft of their
 * uploader still names (the draft keeps them until it is sent, discarded or expires), and
 * their files; returns how many.
 */
export async function removeOrphanPostImages(db: Db, storage: FileStorage): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await queryRows<{ storage_key: string; width: number }>(
      db,
      sql`delete from post_images where id in (
            select i.id from post_images i
            where i.discussion_id is null and i.reply_id is null
              and i.created_at < now() - make_interval(hours => ${ORPHAN_IMAGE_HOURS})
              and not exists (select 1 from drafts d
                where d.user_id = i.uploader_id and strpos(d.content, i.id::text) > 0)
            limit ${BATCH})
          returning storage_key, width`,
    );
    // The rows go first: a file left by a failed removal is served to nobody.
    for (const key of rows.flatMap(postImageFileKeys)) await storage.remove(key);
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}

export function defineOrphanImageSweep(deps: {
  jobs: JobQueue;
  db: Db;
  storage: FileStorage;
  logger: Logger;
}): void {
  deps.jobs.define({
    name: ORPHAN_IMAGE_SWEEP_QUEUE,
    policy: "short",
    // Every hour at :29, away from the other sweeps' minutes.
    cron: "29 * * * *",
    handler: async () => {
      const removed = await removeOrphanPostImages(deps.db, deps.storage);
      if (removed > 0) deps.logger.info({ removed }, "removed post images in no post");
    },
  });
}
