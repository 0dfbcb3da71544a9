ALTER TABLE "discussion_tags" ADD COLUMN "discussion_pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discussion_tags" ADD COLUMN "discussion_created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The discussion's list keys on each of its tag rows (docs/decisions/069): set when the row is
-- inserted, with `counted`, and kept when the discussion is pinned, unpinned or re-dated.
UPDATE discussion_tags t SET discussion_pinned = d.is_pinned, discussion_created_at = d.created_at
FROM discussions d WHERE d.id = t.discussion_id;--> statement-breakpoint
CREATE OR REPLACE FUNCTION discussion_tag_counted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT d.status = 'active', d.is_pinned, d.created_at
  INTO NEW.counted, NEW.discussion_pinned, NEW.discussion_created_at
  FROM discussions d WHERE d.id = NEW.discussion_id;
  -- No such discussion: the foreign key refuses the row after this, with its own error.
  NEW.counted := coalesce(NEW.counted, false);
  NEW.discussion_pinned := coalesce(NEW.discussion_pinned, false);
  NEW.discussion_created_at := coalesce(NEW.discussion_created_at, now());
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION copy_list_keys_to_tags() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_pinned = OLD.is_pinned AND NEW.created_at = OLD.created_at THEN RETURN NULL; END IF;
  UPDATE discussion_tags SET discussion_pinned = NEW.is_pinned, discussion_created_at = NEW.created_at
  WHERE discussion_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER discussions_list_keys_to_tags
AFTER UPDATE OF is_pinned, created_at ON discussions
FOR EACH ROW EXECUTE FUNCTION copy_list_keys_to_tags();--> statement-breakpoint
CREATE INDEX "discussion_tags_list_idx" ON "discussion_tags" USING btree ("tag_id","discussion_pinned" DESC NULLS LAST,"discussion_created_at" DESC NULLS LAST,"discussion_id" DESC NULLS LAST) WHERE "discussion_tags"."counted";