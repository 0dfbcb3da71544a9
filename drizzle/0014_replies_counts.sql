-- Reply counts kept by triggers, never counted per request (docs/decisions/020, as decision 008
-- did for discussions):
-- - discussions.replies_count and last_reply_at: the discussion's replies that are not deleted;
-- - profiles.replies_count (the profile's Comments stat) and site_counters 'replies' (the CMS
--   Overview's Engagement): replies that anyone can read, i.e. not deleted and in an active
--   discussion.
-- Every change moves them in the same transaction: a reply posted, soft-deleted or restored,
-- its author gone (ON DELETE SET NULL), its discussion removed, restored or deleted.
CREATE OR REPLACE FUNCTION count_replies() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  shown_before boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL;
  shown_after boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL;
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
          WHERE discussion_id = OLD.discussion_id AND deleted_at IS NULL
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
CREATE TRIGGER discussion_replies_counts
AFTER INSERT OR DELETE OR UPDATE OF deleted_at, author_id, discussion_id ON discussion_replies
FOR EACH ROW EXECUTE FUNCTION count_replies();--> statement-breakpoint
-- A discussion that stops being active (removed, or deleted outright) takes its replies off
-- its authors' counts and the site's; one made active again puts them back. A delete counts
-- BEFORE the row goes: the replies' own trigger then finds no discussion and counts nothing,
-- and after it nothing would say whether the discussion was active.
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
    WHERE discussion_id = thread AND deleted_at IS NULL
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
$$;--> statement-breakpoint
CREATE TRIGGER discussions_replies_counts
AFTER UPDATE OF status ON discussions
FOR EACH ROW EXECUTE FUNCTION count_discussion_replies();--> statement-breakpoint
CREATE TRIGGER discussions_replies_counts_delete
BEFORE DELETE ON discussions
FOR EACH ROW EXECUTE FUNCTION count_discussion_replies();--> statement-breakpoint
-- Starting values from any rows already there (the table was unused, so normally none).
UPDATE discussions d SET replies_count = c.n, last_reply_at = c.latest
FROM (
  SELECT discussion_id, count(*)::int AS n, max(created_at) AS latest FROM discussion_replies
  WHERE deleted_at IS NULL
  GROUP BY discussion_id
) c
WHERE c.discussion_id = d.id;--> statement-breakpoint
UPDATE profiles p SET replies_count = c.n
FROM (
  SELECT r.author_id, count(*)::int AS n
  FROM discussion_replies r JOIN discussions d ON d.id = r.discussion_id
  WHERE r.deleted_at IS NULL AND d.status = 'active' AND r.author_id IS NOT NULL
  GROUP BY r.author_id
) c
WHERE c.author_id = p.id;--> statement-breakpoint
INSERT INTO site_counters (name, value)
SELECT 'replies', count(*)
FROM discussion_replies r JOIN discussions d ON d.id = r.discussion_id
WHERE r.deleted_at IS NULL AND d.status = 'active';--> statement-breakpoint
-- Statistics for the new last_activity_at column (the added stored column rewrote the table
-- without analysing it; see migration 0009).
ANALYZE discussions;
