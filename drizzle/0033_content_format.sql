-- docs/decisions/064: discussions and blog posts written before the composer keep rendering as
-- plain text; new ones are written in decision 021's markup.
ALTER TABLE "discussions" ADD COLUMN "content_format" text DEFAULT 'plain' NOT NULL;--> statement-breakpoint
ALTER TABLE "discussions" ALTER COLUMN "content_format" SET DEFAULT 'markup';--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "content_format" text DEFAULT 'plain' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ALTER COLUMN "content_format" SET DEFAULT 'markup';--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_content_format_check" CHECK ("discussions"."content_format" in ('plain', 'markup'));--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_content_format_check" CHECK ("blog_posts"."content_format" in ('plain', 'markup'));
