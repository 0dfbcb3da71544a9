-- Replies (issue 14, docs/decisions/020): the unused discussion_comments table becomes
-- discussion_replies (renamed, so a row anyone inserted by hand survives) with the reply it
-- answers, edit and soft-delete times; the members a reply mentions; counts on discussions and
-- profiles and a site-wide counter table, kept by the triggers of migration 0014; and the index
-- of the forum's "Latest activity" sort over a stored last_activity_at.
CREATE TABLE "reply_mentions" (
	"reply_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "reply_mentions_reply_id_user_id_pk" PRIMARY KEY("reply_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "site_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discussion_comments" RENAME TO "discussion_replies";--> statement-breakpoint
ALTER TABLE "discussion_replies" RENAME CONSTRAINT "discussion_comments_pkey" TO "discussion_replies_pkey";--> statement-breakpoint
ALTER TABLE "discussion_replies" DROP CONSTRAINT "discussion_comments_discussion_id_discussions_id_fk";
--> statement-breakpoint
ALTER TABLE "discussion_replies" DROP CONSTRAINT "discussion_comments_author_id_user_id_fk";
--> statement-breakpoint
DROP INDEX "discussion_comments_discussion_idx";--> statement-breakpoint
ALTER TABLE "discussion_replies" ADD COLUMN "reply_to_id" uuid;--> statement-breakpoint
ALTER TABLE "discussion_replies" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discussion_replies" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "replies_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "last_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "last_activity_at" timestamp with time zone GENERATED ALWAYS AS (coalesce("last_reply_at", "created_at")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "replies_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reply_mentions" ADD CONSTRAINT "reply_mentions_reply_id_discussion_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."discussion_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_mentions" ADD CONSTRAINT "reply_mentions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reply_mentions_user_idx" ON "reply_mentions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "discussion_replies" ADD CONSTRAINT "discussion_replies_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_replies" ADD CONSTRAINT "discussion_replies_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_replies" ADD CONSTRAINT "discussion_replies_reply_to_id_discussion_replies_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."discussion_replies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_replies_thread_idx" ON "discussion_replies" USING btree ("discussion_id","created_at","id");--> statement-breakpoint
CREATE INDEX "discussion_replies_author_idx" ON "discussion_replies" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "discussion_replies_reply_to_idx" ON "discussion_replies" USING btree ("reply_to_id") WHERE "discussion_replies"."reply_to_id" is not null;--> statement-breakpoint
CREATE INDEX "discussions_activity_idx" ON "discussions" USING btree ("is_pinned" DESC NULLS LAST,"last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "discussions"."status" = 'active';