CREATE TABLE "digest_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "digest_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"period" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_deliveries_status_check" CHECK ("digest_deliveries"."status" in ('queued', 'sending', 'sent', 'empty', 'skipped', 'failed'))
);
--> statement-breakpoint
-- Members who joined before the digest existed start with it off (issue 43), told once in-app;
-- members who join from now on start weekly (docs/decisions/073).
ALTER TABLE "profiles" ADD COLUMN "digest" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "digest" SET DEFAULT 'weekly';--> statement-breakpoint
INSERT INTO "notifications" ("user_id", "kind") SELECT "id", 'digest_offer' FROM "profiles";--> statement-breakpoint
ALTER TABLE "digest_deliveries" ADD CONSTRAINT "digest_deliveries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "digest_deliveries_member_period_idx" ON "digest_deliveries" USING btree ("user_id","period");--> statement-breakpoint
CREATE INDEX "digest_deliveries_queued_idx" ON "digest_deliveries" USING btree ("id") WHERE "digest_deliveries"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "digest_deliveries_sending_idx" ON "digest_deliveries" USING btree ("claimed_at") WHERE "digest_deliveries"."status" = 'sending';--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_digest_check" CHECK ("profiles"."digest" in ('off', 'daily', 'weekly'));