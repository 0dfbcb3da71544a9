-- Each member's number of active discussions, kept current by a trigger (docs/decisions/008):
-- the members directory sorts by it and every profile shows it, and counting 100,000
-- discussions on each request was the slowest query of the site.
ALTER TABLE "profiles" ADD COLUMN "discussions_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE profiles p SET discussions_count = c.n
FROM (
  SELECT author_id, count(*)::int AS n FROM discussions
  WHERE status = 'active' AND author_id IS NOT NULL
  GROUP BY author_id
) c
WHERE c.author_id = p.id;--> statement-breakpoint
-- A discussion counts for its author while it is active: creating, deleting, changing status
-- or author (ON DELETE SET NULL when an account goes) move the count, inside the same
-- transaction as the change itself.
CREATE OR REPLACE FUNCTION count_member_discussions() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  counted_before text := NULL;
  counted_after text := NULL;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'active' THEN counted_before := OLD.author_id; END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'active' THEN counted_after := NEW.author_id; END IF;
  IF counted_before IS NOT DISTINCT FROM counted_after THEN RETURN NULL; END IF;
  IF counted_before IS NOT NULL THEN
    UPDATE profiles SET discussions_count = discussions_count - 1 WHERE id = counted_before;
  END IF;
  IF counted_after IS NOT NULL THEN
    UPDATE profiles SET discussions_count = discussions_count + 1 WHERE id = counted_after;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER discussions_count_per_member
AFTER INSERT OR DELETE OR UPDATE OF status, author_id ON discussions
FOR EACH ROW EXECUTE FUNCTION count_member_discussions();--> statement-breakpoint
CREATE INDEX "profiles_public_discussions_idx" ON "profiles" USING btree ("discussions_count","id") WHERE "profiles"."is_public";
