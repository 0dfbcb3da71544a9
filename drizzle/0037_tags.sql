CREATE TABLE "discussion_tags" (
	"discussion_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"counted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "discussion_tags_discussion_id_tag_id_pk" PRIMARY KEY("discussion_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"discussions_count" integer DEFAULT 0 NOT NULL,
	"curated" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_name_check" CHECK (char_length("tags"."name") between 2 and 30)
);
--> statement-breakpoint
ALTER TABLE "discussion_tags" ADD CONSTRAINT "discussion_tags_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_tags" ADD CONSTRAINT "discussion_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_tags_tag_idx" ON "discussion_tags" USING btree ("tag_id","discussion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_idx" ON "tags" USING btree ("name");--> statement-breakpoint
CREATE INDEX "tags_popular_idx" ON "tags" USING btree ("discussions_count" DESC NULLS LAST,"name");--> statement-breakpoint
-- A tag's count is of its active discussions (docs/decisions/067), as a category's: held,
-- deleted and removed ones count nowhere, a hidden one keeps its place. Each row of
-- discussion_tags says whether it is counted, set from its discussion when it is inserted and
-- kept by the discussion's status changes, so a delete (a retag, a merge, a discussion's
-- cascade) takes back exactly what its row added.
CREATE OR REPLACE FUNCTION discussion_tag_counted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.counted := EXISTS (SELECT 1 FROM discussions WHERE id = NEW.discussion_id AND status = 'active');
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER discussion_tags_counted
BEFORE INSERT ON discussion_tags
FOR EACH ROW EXECUTE FUNCTION discussion_tag_counted();--> statement-breakpoint
-- Inserts and deletes counted once per statement and tag, as migration 0036 does for
-- categories: a bulk insert rewrites each tag's row once, not once per discussion.
CREATE OR REPLACE FUNCTION count_inserted_discussion_tags() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tags t SET discussions_count = t.discussions_count + added.n
  FROM (SELECT tag_id, count(*)::int AS n FROM inserted WHERE counted GROUP BY tag_id) added
  WHERE t.id = added.tag_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_deleted_discussion_tags() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tags t SET discussions_count = t.discussions_count - removed.n
  FROM (SELECT tag_id, count(*)::int AS n FROM deleted WHERE counted GROUP BY tag_id) removed
  WHERE t.id = removed.tag_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER discussion_tags_count_inserted
AFTER INSERT ON discussion_tags REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_discussion_tags();--> statement-breakpoint
CREATE TRIGGER discussion_tags_count_deleted
AFTER DELETE ON discussion_tags REFERENCING OLD TABLE AS deleted
FOR EACH STATEMENT EXECUTE FUNCTION count_deleted_discussion_tags();--> statement-breakpoint
-- A discussion that becomes active (approved, restored) or stops being active (deleted,
-- removed, held) moves its tags' counts with it.
CREATE OR REPLACE FUNCTION count_tags_on_status() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  active boolean := NEW.status = 'active';
BEGIN
  IF (OLD.status = 'active') = active THEN RETURN NULL; END IF;
  UPDATE tags SET discussions_count = discussions_count + CASE WHEN active THEN 1 ELSE -1 END
  WHERE id IN (SELECT tag_id FROM discussion_tags WHERE discussion_id = NEW.id AND counted <> active);
  UPDATE discussion_tags SET counted = active WHERE discussion_id = NEW.id AND counted <> active;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER discussions_count_per_tag
AFTER UPDATE OF status ON discussions
FOR EACH ROW EXECUTE FUNCTION count_tags_on_status();
