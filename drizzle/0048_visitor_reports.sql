ALTER TABLE "held_submissions" DROP CONSTRAINT "held_submissions_kind_check";--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reporter_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reporter_email" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "harm_kind" text;--> statement-breakpoint
CREATE INDEX "reports_reporter_email_idx" ON "reports" USING btree ("reporter_email") WHERE "reports"."reporter_email" is not null;--> statement-breakpoint
ALTER TABLE "held_submissions" ADD CONSTRAINT "held_submissions_kind_check" CHECK ("held_submissions"."kind" in ('sign_up', 'contact', 'newsletter', 'report'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_harm_kind_check" CHECK ("reports"."harm_kind" is null or "reports"."reason" = 'illegal');