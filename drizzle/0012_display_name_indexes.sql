-- The directory's name order and the forum's author filter sort and match by the display name
-- rule itself (docs/product.md §3.4: full name, else the email before the @, else 'Anonymous'),
-- written once in src/server/db/display-name.ts; their indexes had two older spellings of it.
DROP INDEX "profiles_public_name_idx";--> statement-breakpoint
DROP INDEX "profiles_display_name_idx";--> statement-breakpoint
CREATE INDEX "profiles_public_name_idx" ON "profiles" USING btree (lower(coalesce(nullif(btrim("full_name"), ''), nullif(split_part("email", '@', 1), ''), 'Anonymous')),"id") WHERE "profiles"."is_public";--> statement-breakpoint
CREATE INDEX "profiles_display_name_idx" ON "profiles" USING btree (lower(coalesce(nullif(btrim("full_name"), ''), nullif(split_part("email", '@', 1), ''), 'Anonymous')));