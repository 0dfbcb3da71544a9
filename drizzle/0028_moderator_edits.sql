ALTER TABLE "discussion_replies" ADD COLUMN "edited_by_moderator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "edited_by_moderator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD COLUMN "previous_title" text;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD COLUMN "previous_content" text;