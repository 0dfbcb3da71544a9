-- Full-text search (issue 44, docs/decisions/074). Each searched table keeps a tsvector of the
-- plain text a visitor reads, written by triggers with the site's search language. The GIN
-- indexes are partial: a hidden, held or deleted post, a draft or a private profile is not in
-- them at all.
CREATE TABLE "search_backfill" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"after_id" uuid
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"posts" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "plain_content" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "discussion_replies" ADD COLUMN "plain_content" text;--> statement-breakpoint
ALTER TABLE "discussion_replies" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
-- The site's search language: the setting `searchLanguage` names a text search configuration
-- (CMS Settings); english until an admin chooses. STABLE: read once per statement.
CREATE OR REPLACE FUNCTION search_config() RETURNS regconfig
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT c.oid::regconfig FROM site_settings s
       JOIN pg_ts_config c ON c.cfgname = s.value #>> '{}'
      WHERE s.key = 'searchLanguage'),
    'english'::regconfig)
$$;--> statement-breakpoint
-- The text search reads: the highlight markers (U+E000, U+E001) taken out, so that only the
-- search's own mark anything, and "<" read as a separator (U+E002), so that the parser never
-- takes "<b>kettle</b>" or "<script>…</script>" for markup and drops the words inside.
-- Excerpts turn U+E002 back into "<" (features/search/headline.ts).
CREATE OR REPLACE FUNCTION search_text(body text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(body, '<' || chr(57344) || chr(57345), chr(57346))
$$;--> statement-breakpoint
-- A reply's content where its plain text is missing (a rewrite by SQL, before the backfill):
-- without its quotes, whose words are the quoted reply's and follow that reply's state (decision
-- 064). Greedy from the first quote to the last end: more is left out, never less.
CREATE OR REPLACE FUNCTION unquoted(body text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(body, '\[quote=[^]]*\].*\[/quote\]', ' ', 'g')
$$;--> statement-breakpoint
-- One spelling of each document, for the triggers and for the reindex job that rewrites every
-- vector when the language changes (features/search/reindex.ts).
CREATE OR REPLACE FUNCTION discussion_search_vector(title text, body text) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector(search_config(), search_text(coalesce(title, ''))), 'A')
      || setweight(to_tsvector(search_config(), search_text(coalesce(body, ''))), 'B')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION reply_search_vector(body text) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector(search_config(), search_text(coalesce(body, ''))), 'C')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION blog_post_search_vector(title text, excerpt text, body text)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector(search_config(), search_text(coalesce(title, ''))), 'A')
      || setweight(to_tsvector(search_config(), search_text(coalesce(excerpt, ''))), 'B')
      || setweight(to_tsvector(search_config(), search_text(coalesce(body, ''))), 'C')
$$;--> statement-breakpoint
-- A member by the display name rule (db/display-name.ts), then bio and location.
CREATE OR REPLACE FUNCTION profile_search_vector(full_name text, email text, bio text, location text)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector(search_config(), search_text(coalesce(nullif(btrim(full_name), ''),
           nullif(split_part(email, '@', 1), ''), ''))), 'A')
      || setweight(to_tsvector(search_config(),
           search_text(coalesce(bio, '') || ' ' || coalesce(location, ''))), 'B')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION write_discussion_search_vector() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := discussion_search_vector(NEW.title, coalesce(NEW.plain_content, NEW.content));
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- Named after discussions_forget_stale_plain_content, so it runs after it (BEFORE triggers run
-- in name order) and never indexes a stale plain text.
CREATE TRIGGER discussions_search_vector
BEFORE INSERT OR UPDATE OF title, content, plain_content ON discussions
FOR EACH ROW EXECUTE FUNCTION write_discussion_search_vector();--> statement-breakpoint
CREATE TRIGGER discussion_replies_forget_stale_plain_content
BEFORE UPDATE OF content ON discussion_replies
FOR EACH ROW EXECUTE FUNCTION forget_stale_plain_content();--> statement-breakpoint
CREATE OR REPLACE FUNCTION write_reply_search_vector() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := reply_search_vector(coalesce(NEW.plain_content, unquoted(NEW.content)));
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER discussion_replies_search_vector
BEFORE INSERT OR UPDATE OF content, plain_content ON discussion_replies
FOR EACH ROW EXECUTE FUNCTION write_reply_search_vector();--> statement-breakpoint
CREATE TRIGGER blog_posts_forget_stale_plain_content
BEFORE UPDATE OF content ON blog_posts
FOR EACH ROW EXECUTE FUNCTION forget_stale_plain_content();--> statement-breakpoint
CREATE OR REPLACE FUNCTION write_blog_post_search_vector() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := blog_post_search_vector(NEW.title, NEW.excerpt,
    coalesce(NEW.plain_content, NEW.content));
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER blog_posts_search_vector
BEFORE INSERT OR UPDATE OF title, excerpt, content, plain_content ON blog_posts
FOR EACH ROW EXECUTE FUNCTION write_blog_post_search_vector();--> statement-breakpoint
CREATE OR REPLACE FUNCTION write_profile_search_vector() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := profile_search_vector(NEW.full_name, NEW.email, NEW.bio, NEW.location);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER profiles_search_vector
BEFORE INSERT OR UPDATE OF full_name, email, bio, location ON profiles
FOR EACH ROW EXECUTE FUNCTION write_profile_search_vector();--> statement-breakpoint
-- Every existing row, once, before the indexes are built (faster than growing them row by row).
-- Replies and markup blog posts are indexed from their content until the backfill job has
-- written their plain text (features/search/backfill.ts); the row below asks for it.
UPDATE discussions SET search_vector = discussion_search_vector(title, coalesce(plain_content, content));--> statement-breakpoint
UPDATE discussion_replies SET search_vector = reply_search_vector(unquoted(content));--> statement-breakpoint
UPDATE blog_posts SET search_vector = blog_post_search_vector(title, excerpt, content);--> statement-breakpoint
UPDATE profiles SET search_vector = profile_search_vector(full_name, email, bio, location);--> statement-breakpoint
INSERT INTO search_backfill (id) SELECT 1 WHERE EXISTS (SELECT 1 FROM discussion_replies) OR EXISTS (SELECT 1 FROM blog_posts WHERE content_format = 'markup');--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blog_posts_search_idx" ON "blog_posts" USING gin ("search_vector") WHERE "blog_posts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "discussion_replies_search_idx" ON "discussion_replies" USING gin ("search_vector") WHERE "discussion_replies"."deleted_at" is null and "discussion_replies"."held_at" is null and "discussion_replies"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "discussion_replies_search_order_idx" ON "discussion_replies" USING btree ("seq") WHERE "discussion_replies"."deleted_at" is null and "discussion_replies"."held_at" is null and "discussion_replies"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "discussions_search_idx" ON "discussions" USING gin ("search_vector") WHERE "discussions"."status" = 'active' and "discussions"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING gin ("search_vector") WHERE "profiles"."is_public";