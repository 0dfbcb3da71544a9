CREATE TABLE "held_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"reason" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "held_submissions_kind_check" CHECK ("held_submissions"."kind" in ('sign_up', 'contact', 'newsletter'))
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_requests" ADD COLUMN "suspected_spam" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discussion_replies" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "held_submissions" ADD CONSTRAINT "held_submissions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_submissions_created_idx" ON "held_submissions" USING btree ("created_at");--> statement-breakpoint
-- Hand-written (docs/decisions/034): a reply held for review (held_at set) counts nowhere, like
-- a deleted one, until a moderator approves it; the reply counts of migration 0014 now read
-- "shown" as not deleted and not held, and follow changes of held_at.
CREATE OR REPLACE FUNCTION count_replies() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  shown_before boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL AND OLD.held_at IS NULL;
  shown_after boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL AND NEW.held_at IS NULL;
  counted_before boolean := false;
  counted_after boolean := false;
  latest timestamptz;
BEGIN
  -- The discussion's own count and last reply. Taking the discussion's row lock first (the
  -- UPDATE) orders this with concurrent replies and with a removal of the discussion.
  IF NOT (shown_before AND shown_after AND OLD.discussion_id = NEW.discussion_id) THEN
    IF shown_before THEN
      UPDATE discussions SET replies_count = replies_count - 1
      WHERE id = OLD.discussion_id
      RETURNING last_reply_at INTO latest;
      -- The newest reply went: look for the one before it. This statement starts after the
      -- lock was taken, so it sees every reply committed before (READ COMMITTED), and replies
      -- still to commit wait for the lock, then apply greatest() to the result.
      IF FOUND AND latest <= OLD.created_at THEN
        UPDATE discussions SET last_reply_at = (
          SELECT max(created_at) FROM discussion_replies
          WHERE discussion_id = OLD.discussion_id AND deleted_at IS NULL AND held_at IS NULL
        )
        WHERE id = OLD.discussion_id;
      END IF;
    END IF;
    IF shown_after THEN
      UPDATE discussions SET
        replies_count = replies_count + 1,
        last_reply_at = greatest(last_reply_at, NEW.created_at)
      WHERE id = NEW.discussion_id;
    END IF;
  END IF;

  -- The author's and the site's counts: only while the discussion is active. FOR SHARE waits
  -- for a removal in progress, whose own trigger (below) then sees this reply.
  IF shown_before THEN
    SELECT status = 'active' INTO counted_before FROM discussions
    WHERE id = OLD.discussion_id FOR SHARE;
    -- No row: the discussion is being deleted, and its trigger took its replies off already.
    counted_before := coalesce(counted_before, false);
  END IF;
  IF shown_after THEN
    SELECT status = 'active' INTO counted_after FROM discussions
    WHERE id = NEW.discussion_id FOR SHARE;
    counted_after := coalesce(counted_after, false);
  END IF;
  IF counted_before AND counted_after AND OLD.author_id IS NOT DISTINCT FROM NEW.author_id THEN
    RETURN NULL;
  END IF;
  -- A profile already gone (the account deleted in this statement) updates nothing.
  IF counted_before AND OLD.author_id IS NOT NULL THEN
    UPDATE profiles SET replies_count = replies_count - 1 WHERE id = OLD.author_id;
  END IF;
  IF counted_after AND NEW.author_id IS NOT NULL THEN
    UPDATE profiles SET replies_count = replies_count + 1 WHERE id = NEW.author_id;
  END IF;
  IF counted_before <> counted_after THEN
    UPDATE site_counters SET value = value + counted_after::int - counted_before::int
    WHERE name = 'replies';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER discussion_replies_counts ON discussion_replies;--> statement-breakpoint
CREATE TRIGGER discussion_replies_counts
AFTER INSERT OR DELETE OR UPDATE OF deleted_at, held_at, author_id, discussion_id ON discussion_replies
FOR EACH ROW EXECUTE FUNCTION count_replies();--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_discussion_replies() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  direction int;
  thread uuid;
  moved bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'active' THEN RETURN OLD; END IF;
    direction := -1;
    thread := OLD.id;
  ELSE
    IF (OLD.status = 'active') = (NEW.status = 'active') THEN RETURN NULL; END IF;
    direction := CASE WHEN NEW.status = 'active' THEN 1 ELSE -1 END;
    thread := NEW.id;
  END IF;
  WITH per_author AS (
    SELECT author_id, count(*)::int AS n FROM discussion_replies
    WHERE discussion_id = thread AND deleted_at IS NULL AND held_at IS NULL
    GROUP BY author_id
  ), moved_profiles AS (
    UPDATE profiles p SET replies_count = p.replies_count + direction * per_author.n
    FROM per_author WHERE p.id = per_author.author_id
  )
  SELECT coalesce(sum(n), 0) INTO moved FROM per_author;
  IF moved > 0 THEN
    UPDATE site_counters SET value = value + direction * moved WHERE name = 'replies';
  END IF;
  -- OLD lets a BEFORE DELETE go ahead; AFTER triggers ignore what they return.
  RETURN OLD;
END;
$$;
