CREATE TABLE "online_safety_record_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_key" text NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"saved_by" text,
	"saved_by_name" text NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_safety_reminders" (
	"record_key" text NOT NULL,
	"due_on" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_safety_reminders_record_key_due_on_pk" PRIMARY KEY("record_key","due_on")
);
--> statement-breakpoint
ALTER TABLE "online_safety_record_versions" ADD CONSTRAINT "online_safety_record_versions_saved_by_user_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "online_safety_record_versions_key_idx" ON "online_safety_record_versions" USING btree ("record_key","version");