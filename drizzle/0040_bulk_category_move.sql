-- Deleting a category moves all its discussions in one statement (features/cms/categories).
-- Counted row by row, each moved discussion updated the same two categories rows again, and
-- every update of a row already updated in the transaction walks its chain of versions: moving
-- 32,248 discussions took 4 min 36 s (bench/RESULTS.md §23). The move sets
-- `rant.moving_category` for its transaction and adds the deleted category's count to the
-- target's itself; the trigger leaves those rows alone.
CREATE OR REPLACE FUNCTION count_category_discussions() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  counted_before uuid := NULL;
  counted_after uuid := NULL;
BEGIN
  IF current_setting('rant.moving_category', true) = 'on' THEN RETURN NULL; END IF;
  IF OLD.status = 'active' THEN counted_before := OLD.category_id; END IF;
  IF NEW.status = 'active' THEN counted_after := NEW.category_id; END IF;
  IF counted_before IS NOT DISTINCT FROM counted_after THEN RETURN NULL; END IF;
  IF counted_before IS NOT NULL THEN
    UPDATE categories SET discussions_count = discussions_count - 1 WHERE id = counted_before;
  END IF;
  IF counted_after IS NOT NULL THEN
    UPDATE categories SET discussions_count = discussions_count + 1 WHERE id = counted_after;
  END IF;
  RETURN NULL;
END;
$$;
