CREATE TABLE "suspended_address_hashes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"address_hash" text NOT NULL,
	"suspension_id" uuid,
	"reason" text NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suspended_address_hashes" ADD CONSTRAINT "suspended_address_hashes_suspension_id_suspensions_id_fk" FOREIGN KEY ("suspension_id") REFERENCES "public"."suspensions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suspended_address_hashes_hash_idx" ON "suspended_address_hashes" USING btree ("address_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "suspended_address_hashes_suspension_idx" ON "suspended_address_hashes" USING btree ("suspension_id","address_hash");