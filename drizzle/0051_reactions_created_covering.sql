-- The Top job's periods (docs/decisions/090) read every reaction made since a time, for its
-- discussion and reply. With those two columns in the index the read is an index-only scan;
-- without them each period fetched its reactions' rows from the table (a month at 5,000,000
-- reactions: 600,000 rows, about 4 s). Drizzle's index builder cannot say INCLUDE, so schema.ts
-- names the index and this file gives its columns.
DROP INDEX "reactions_created_idx";--> statement-breakpoint
CREATE INDEX "reactions_created_idx" ON "reactions" USING btree ("created_at") INCLUDE ("discussion_id", "reply_id");
