-- docs/decisions/064: the forum search matches the plain text of what members write, not its
-- markup markers or mention tokens. The app writes `plain_content` where the plain text differs
-- from the content (every row before this one was plain text, so every row starts null).
ALTER TABLE "discussions" ADD COLUMN "plain_content" text;--> statement-breakpoint
ALTER TABLE "discussions" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("title" || chr(10) || coalesce("plain_content", "content"))) STORED;--> statement-breakpoint
CREATE INDEX "discussions_search_trgm_idx" ON "discussions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- A change of the content that does not also write its plain text (an SQL rewrite, a writer
-- added later) drops the plain text rather than keep a stale one: the search then reads the
-- content itself.
CREATE OR REPLACE FUNCTION forget_stale_plain_content() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.content IS DISTINCT FROM OLD.content
     AND NEW.plain_content IS NOT DISTINCT FROM OLD.plain_content THEN
    NEW.plain_content := NULL;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER discussions_forget_stale_plain_content
BEFORE UPDATE OF content ON discussions
FOR EACH ROW EXECUTE FUNCTION forget_stale_plain_content();
