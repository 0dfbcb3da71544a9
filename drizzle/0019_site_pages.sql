CREATE TABLE "site_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "site_pages" ADD CONSTRAINT "site_pages_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The starting Terms of Service (docs/decisions/030): staff replace it in the CMS (Pages tab).
INSERT INTO "site_pages" ("slug", "content") VALUES ('terms', $terms$## Using this site
By reading, signing up or posting here you agree to these terms. If you do not agree, please do not use the site.

## Your account
You need an account to start discussions and reply. Keep your password to yourself: you are responsible for what is posted from your account. You can delete your account from your settings at any time.

## What you post
You keep the rights to what you write. By posting it you allow us to show it on this site. Be honest, not cruel: no harassment, threats, hate, spam or other people's private information. Moderators may lock, hide or remove posts that break these rules, and may suspend accounts that keep breaking them.

## Your data
How we handle your personal data is set out in the privacy policy. You can ask for a copy of your data or for its deletion through the data request page.

## Changes
We may change these terms. The date of the last change is shown at the top of this page.

## Contact
Questions about these terms are welcome through the contact page.$terms$)
ON CONFLICT ("slug") DO NOTHING;
