-- Blog posts live at /blog/{slug} (docs/decisions/024). New posts get their slug from the
-- title in the app (@sindresorhus/slugify, domain/blog-posts/slug.ts); the posts already here
-- get one now, made in SQL the same way for plain titles: lower case, every run of other
-- characters one hyphen, none at the ends, at most 80 characters, `post` when nothing is left,
-- and -2, -3 ... for a title already taken, in creation order. Slugs are never changed after.
ALTER TABLE "blog_posts" ADD COLUMN "slug" text;--> statement-breakpoint
WITH "base" AS (
  SELECT "id", "created_at",
         coalesce(nullif(trim(BOTH '-' FROM left(trim(BOTH '-' FROM
           regexp_replace(lower(replace("title", '''', '')), '[^a-z0-9]+', '-', 'g')), 80)), ''),
           'post') AS "slug"
  FROM "blog_posts"
), "numbered" AS (
  SELECT "id", "slug", row_number() OVER (PARTITION BY "slug" ORDER BY "created_at", "id") AS "n"
  FROM "base"
)
UPDATE "blog_posts" SET "slug" = CASE WHEN "numbered"."n" = 1 THEN "numbered"."slug"
                                      ELSE "numbered"."slug" || '-' || "numbered"."n" END
FROM "numbered" WHERE "numbered"."id" = "blog_posts"."id";--> statement-breakpoint
ALTER TABLE "blog_posts" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_idx" ON "blog_posts" USING btree ("slug");
