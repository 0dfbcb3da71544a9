CREATE TABLE "complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"email" text,
	"link" text,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"owner_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"resolved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_kind_check" CHECK ("complaints"."kind" in ('content', 'moderation_decision', 'duties')),
	CONSTRAINT "complaints_status_check" CHECK ("complaints"."status" in ('pending', 'in_progress', 'completed')),
	CONSTRAINT "complaints_outcome_check" CHECK ("complaints"."status" <> 'completed' or ("complaints"."outcome" is not null and "complaints"."resolved_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "held_submissions" DROP CONSTRAINT "held_submissions_kind_check";--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_due_idx" ON "complaints" USING btree ("due_at") WHERE "complaints"."status" <> 'completed';--> statement-breakpoint
CREATE INDEX "complaints_email_idx" ON "complaints" USING btree ("email");--> statement-breakpoint
CREATE INDEX "complaints_user_idx" ON "complaints" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "held_submissions" ADD CONSTRAINT "held_submissions_kind_check" CHECK ("held_submissions"."kind" in ('sign_up', 'contact', 'newsletter', 'report', 'complaint'));