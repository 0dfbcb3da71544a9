CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"colour" text NOT NULL,
	"position" integer NOT NULL,
	"staff_only" boolean DEFAULT false NOT NULL,
	"discussions_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_colour_check" CHECK ("categories"."colour" ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "categories_slug_check" CHECK ("categories"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
-- The SPEC's four categories (docs/product.md §2.4), shared by the forum and the blog
-- (docs/decisions/066). Each colour is at least 3:1 against both themes' backgrounds.
INSERT INTO "categories" ("slug", "name", "description", "colour", "position") VALUES
  ('rants-and-vents', 'Rants & Vents', 'The daily frustrations that deserve to be said out loud, at length.', '#e03131', 1),
  ('life-observations', 'Life Observations', 'Small, strange and true things about the way we all live.', '#1c7ed6', 2),
  ('unpopular-opinions', 'Unpopular Opinions', 'Takes you will probably disagree with. That is rather the point.', '#ae3ec9', 3),
  ('personal-stories', 'Personal Stories', 'Honest stories from real life, the messy parts included.', '#0c8599', 4);--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "category_id" uuid;--> statement-breakpoint
-- A post's category by its name; "Uncategorized" (and any other) stays null.
UPDATE "blog_posts" b SET "category_id" = c."id" FROM "categories" c WHERE c."name" = b."category";--> statement-breakpoint
-- Every discussion has exactly one category: the ones from before go to the first, and staff
-- move them from there (issue 41).
ALTER TABLE "discussions" ADD COLUMN "category_id" uuid;--> statement-breakpoint
UPDATE "discussions" SET "category_id" = (SELECT "id" FROM "categories" ORDER BY "position", "created_at" LIMIT 1);--> statement-breakpoint
ALTER TABLE "discussions" ALTER COLUMN "category_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_idx" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_idx" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "categories_position_idx" ON "categories" USING btree ("position");--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussions_category_list_idx" ON "discussions" USING btree ("category_id","is_pinned" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "discussions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "discussions_category_activity_idx" ON "discussions" USING btree ("category_id","is_pinned" DESC NULLS LAST,"last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "discussions"."status" = 'active';--> statement-breakpoint
ALTER TABLE "blog_posts" DROP COLUMN "category";--> statement-breakpoint
-- Active discussions per category, kept by a trigger as profiles.discussions_count is
-- (migration 0005): a held, deleted or removed discussion counts nowhere; a hidden one keeps
-- its place in the lists (masked), so it keeps its place in the count. Moves, removals,
-- restores, approvals and deletes move the count in the same transaction.
UPDATE "categories" c SET "discussions_count" = n.n
FROM (SELECT "category_id", count(*)::int AS n FROM "discussions" WHERE "status" = 'active' GROUP BY "category_id") n
WHERE n."category_id" = c."id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_category_discussions() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  counted_before uuid := NULL;
  counted_after uuid := NULL;
BEGIN
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
$$;--> statement-breakpoint
CREATE TRIGGER discussions_count_per_category
AFTER UPDATE OF status, category_id ON discussions
FOR EACH ROW EXECUTE FUNCTION count_category_discussions();--> statement-breakpoint
-- Inserts and deletes come in bulk too (an import, bench:data's batches, a test's 20,000 rows):
-- counted once per statement and category. A row trigger would rewrite the same category row
-- once per discussion inside one transaction, and on PostgreSQL each rewrite walks the row's
-- chain of versions from that transaction: 20,000 rows took longer than the query timeout.
CREATE OR REPLACE FUNCTION count_inserted_category_discussions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE categories c SET discussions_count = c.discussions_count + added.n
  FROM (SELECT category_id, count(*)::int AS n FROM inserted WHERE status = 'active'
        GROUP BY category_id) added
  WHERE c.id = added.category_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_deleted_category_discussions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE categories c SET discussions_count = c.discussions_count - removed.n
  FROM (SELECT category_id, count(*)::int AS n FROM deleted WHERE status = 'active'
        GROUP BY category_id) removed
  WHERE c.id = removed.category_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER discussions_count_per_category_inserted
AFTER INSERT ON discussions REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_category_discussions();--> statement-breakpoint
CREATE TRIGGER discussions_count_per_category_deleted
AFTER DELETE ON discussions REFERENCING OLD TABLE AS deleted
FOR EACH STATEMENT EXECUTE FUNCTION count_deleted_category_discussions();
