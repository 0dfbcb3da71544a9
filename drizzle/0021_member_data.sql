CREATE TABLE "account_erasures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"content_removed" boolean NOT NULL,
	"reason" text,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text,
	"content" text,
	"bytes" integer,
	"data_request_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "profiles_public_name_idx";--> statement-breakpoint
DROP INDEX "profiles_display_name_idx";--> statement-breakpoint
ALTER TABLE "data_requests" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_requests" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_requests" ADD COLUMN "completion_note" text;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_data_request_id_data_requests_id_fk" FOREIGN KEY ("data_request_id") REFERENCES "public"."data_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_token_idx" ON "data_exports" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "data_exports_expires_idx" ON "data_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "data_requests_open_idx" ON "data_requests" USING btree ("created_at") WHERE "data_requests"."status" <> 'completed';--> statement-breakpoint
CREATE INDEX "data_requests_completed_idx" ON "data_requests" USING btree ("completed_at") WHERE "data_requests"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "profiles_public_name_idx" ON "profiles" USING btree (lower(coalesce(nullif(btrim("full_name"), ''), nullif(split_part("email", '@', 1), ''), 'Deleted member')),"id") WHERE "profiles"."is_public";--> statement-breakpoint
CREATE INDEX "profiles_display_name_idx" ON "profiles" USING btree (lower(coalesce(nullif(btrim("full_name"), ''), nullif(split_part("email", '@', 1), ''), 'Deleted member')));