-- The forum search reads title and content in lower case from one stored column: LIKE on it
-- costs a quarter of ILIKE on the two columns (ILIKE lower-cases both sides on every row), and
-- one trigram index replaces the two (docs/decisions/009). chr(10) keeps a title's last word
-- and the content's first apart.
ALTER TABLE "discussions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("title" || chr(10) || "content")) STORED;--> statement-breakpoint
CREATE INDEX "discussions_search_trgm_idx" ON "discussions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "discussions_title_trgm_idx";--> statement-breakpoint
DROP INDEX "discussions_content_trgm_idx";
