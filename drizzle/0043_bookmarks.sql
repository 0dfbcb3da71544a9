CREATE TABLE "bookmarks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"discussion_id" uuid NOT NULL,
	"reply_id" uuid,
	"note" text,
	"remind_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookmarks_target_unique" UNIQUE NULLS NOT DISTINCT("user_id","discussion_id","reply_id"),
	CONSTRAINT "bookmarks_note_length_check" CHECK (char_length("bookmarks"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_reply_id_discussion_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."discussion_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookmarks_list_idx" ON "bookmarks" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookmarks_due_idx" ON "bookmarks" USING btree ("remind_at") WHERE "bookmarks"."remind_at" is not null and "bookmarks"."reminded_at" is null;--> statement-breakpoint
CREATE INDEX "bookmarks_discussion_idx" ON "bookmarks" USING btree ("discussion_id");--> statement-breakpoint
CREATE INDEX "bookmarks_reply_idx" ON "bookmarks" USING btree ("reply_id") WHERE "bookmarks"."reply_id" is not null;