CREATE TABLE "discussion_follows" (
	"discussion_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_follows_discussion_id_user_id_pk" PRIMARY KEY("discussion_id","user_id"),
	CONSTRAINT "discussion_follows_state_check" CHECK ("discussion_follows"."state" in ('following', 'muted'))
);
--> statement-breakpoint
CREATE TABLE "notification_actors" (
	"notification_id" uuid NOT NULL,
	"actor_id" text NOT NULL,
	CONSTRAINT "notification_actors_notification_id_actor_id_pk" PRIMARY KEY("notification_id","actor_id")
);
--> statement-breakpoint
CREATE TABLE "notification_mail_windows" (
	"user_id" text NOT NULL,
	"topic" text NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "notification_mail_windows_user_id_topic_pk" PRIMARY KEY("user_id","topic")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_settings_email_check" CHECK ("notification_settings"."email" in ('immediately', 'daily', 'off'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"group_key" text,
	"discussion_id" uuid,
	"reply_id" uuid,
	"actor_id" text,
	"actor_count" integer DEFAULT 1 NOT NULL,
	"event_count" integer DEFAULT 1 NOT NULL,
	"data" jsonb,
	"email_pending" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_email_pending_check" CHECK ("notifications"."email_pending" in ('immediately', 'daily'))
);
--> statement-breakpoint
ALTER TABLE "discussion_follows" ADD CONSTRAINT "discussion_follows_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_follows" ADD CONSTRAINT "discussion_follows_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_actors" ADD CONSTRAINT "notification_actors_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_actors" ADD CONSTRAINT "notification_actors_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mail_windows" ADD CONSTRAINT "notification_mail_windows_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_reply_id_discussion_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."discussion_replies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_follows_user_idx" ON "discussion_follows" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notification_actors_actor_idx" ON "notification_actors" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "notifications_list_idx" ON "notifications" USING btree ("user_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_group_idx" ON "notifications" USING btree ("user_id","group_key") WHERE "notifications"."read_at" is null and "notifications"."group_key" is not null;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_email_pending_idx" ON "notifications" USING btree ("user_id","email_pending") WHERE "notifications"."email_pending" is not null;--> statement-breakpoint
CREATE INDEX "notifications_discussion_idx" ON "notifications" USING btree ("discussion_id");--> statement-breakpoint
CREATE INDEX "notifications_reply_idx" ON "notifications" USING btree ("reply_id");--> statement-breakpoint
-- Following (docs/decisions/023): a discussion's author and every member who replies follow it,
-- whoever writes the row (the API, the CMS, the seeder). A member who muted the discussion stays
-- muted; one who unfollowed (row removed) follows again on their next reply.
CREATE OR REPLACE FUNCTION follow_discussion_as_author() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.author_id IS NOT NULL THEN
    INSERT INTO discussion_follows (discussion_id, user_id, state)
    VALUES (NEW.id, NEW.author_id, 'following')
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION follow_discussion_as_replier() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.author_id IS NOT NULL THEN
    INSERT INTO discussion_follows (discussion_id, user_id, state)
    VALUES (NEW.discussion_id, NEW.author_id, 'following')
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER discussions_follow_author AFTER INSERT ON discussions
  FOR EACH ROW EXECUTE FUNCTION follow_discussion_as_author();
--> statement-breakpoint
CREATE TRIGGER discussion_replies_follow_author AFTER INSERT ON discussion_replies
  FOR EACH ROW EXECUTE FUNCTION follow_discussion_as_replier();
--> statement-breakpoint
INSERT INTO discussion_follows (discussion_id, user_id, state)
  SELECT id, author_id, 'following' FROM discussions WHERE author_id IS NOT NULL
  UNION
  SELECT discussion_id, author_id, 'following' FROM discussion_replies WHERE author_id IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Live unread counts (docs/architecture.md "Live updates"): a member's entries changing names
-- the member on the notifications channel, delivered on commit; the stream of that member alone
-- reads the new count. The payload is the account id only.
CREATE OR REPLACE FUNCTION announce_notification_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notifications_changed',
    CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_announce AFTER INSERT OR DELETE OR UPDATE OF read_at, updated_at
  ON notifications FOR EACH ROW EXECUTE FUNCTION announce_notification_change();
