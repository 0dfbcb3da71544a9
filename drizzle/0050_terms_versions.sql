CREATE TABLE "site_page_versions" (
	"slug" text NOT NULL,
	"version" integer NOT NULL,
	"content" text NOT NULL,
	"material" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "site_page_versions_slug_version_pk" PRIMARY KEY("slug","version")
);
--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD COLUMN "rule" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "terms_version_accepted" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_pages" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_page_versions" ADD CONSTRAINT "site_page_versions_slug_site_pages_slug_fk" FOREIGN KEY ("slug") REFERENCES "public"."site_pages"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_page_versions" ADD CONSTRAINT "site_page_versions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The starting Terms of Service (docs/decisions/082): what the Online Safety Act asks terms to
-- say, with an anchor on each rule that moderators cite. Only where no admin has written them.
UPDATE "site_pages" SET "content" = $terms$## Using this site
By reading, signing up or posting here you agree to these terms. If you do not agree, please do not use the site. The date of the current version is shown at the top of this page.

## Your account
You need an account to start discussions and reply. When you confirm your email address you accept the terms as they are then. Keep your password to yourself: you are responsible for what is posted from your account. You can delete your account from your settings at any time.

## What you post
You keep the rights to what you write. By posting it you allow us to show it on this site. Every post must keep to the rules below. Moderators may hide or remove a post that breaks a rule, and may suspend an account that breaks them, for a time or for good. When they do, you are told what was done, which rule it broke and why, and how to appeal.

## No illegal content {#rule-illegal}
Do not post anything that is illegal in the United Kingdom, or links to it: for example terrorist content, child sexual abuse material or grooming, threats, harassment or stalking, hate crimes, intimate images shared without consent, fraud and scams, the sale of drugs or weapons, or encouraging someone to take their own life.

## No harassment, threats or hate {#rule-harassment}
Do not bully, threaten or abuse anyone, here or elsewhere, and do not attack people for who they are (their race, religion, sex, sexual orientation, disability or gender identity).

## No spam or advertising {#rule-spam}
Do not post advertising, repeated messages, or links whose only purpose is to bring people somewhere else.

## No one else's private information {#rule-privacy}
Do not post someone else's address, phone number, private messages, photographs or other personal information without their permission.

## No impersonation or deception {#rule-impersonation}
Do not pretend to be someone else, or mislead people about who you are in order to harm or deceive them.

## Keep discussions civil and on topic {#rule-conduct}
Be honest, not cruel. Argue with ideas, not people, and keep to the subject of the discussion and its category.

## How illegal content is dealt with
Moderators read every report. Reports of illegal content come first in their queue. When we find illegal content, we hide or remove it as quickly as we can, and we may suspend the account that posted it. Where the law requires it, or where someone is in danger, we may pass information to the police or another authority. Every hide, removal and suspension is listed, without the content, in the public moderation log (/moderation).

## How to report
Use the Report button on any discussion, reply, profile or tag and choose a reason; for illegal content, choose the kind. You do not need an account: if you are not signed in, the Report link under a post opens a form (/report) that asks for your email address so that we can tell you the outcome. We never tell the member you reported who reported them.

## How to complain
If a moderator acted on your post or your account, the notice you receive has an Appeal button: a different decision can be asked for once, and you are told the outcome. For any other complaint (about how we dealt with a report, about these terms, or about how we apply them) use the complaints page (/complaints).

## Automated tools
We do not use automated tools to read, rate or remove what you post: no filters, no content scanning, no artificial intelligence. People (our moderators) decide every hide, removal and suspension. Some automatic checks protect the site from spam and abuse: forms carry a hidden field and a minimum time to fill in, and a form that fails them is held for a moderator to release or discard; an administrator may turn on holding a new member's first post until a moderator approves it; and limits on how often anyone can post, report or send mail stop floods. A held post or form is not published until a person decides.

## Your data
How we handle your personal data is set out in the privacy policy (/privacy). You can ask for a copy of your data or for its deletion through the data request page (/data-request).

## Changes to these terms
Each change is kept as a new version with its date. When a change matters to you, we tell every member on the site and by email (as your notification settings allow), and ask you to accept the new terms the next time you visit. If you keep using the site after a change, you accept the new terms; if you do not accept them, you can delete your account.

## Contact
Questions about these terms are welcome through the contact page (/contact).$terms$
WHERE "slug" = 'terms' AND "updated_by" IS NULL;
--> statement-breakpoint
-- Every existing page becomes its own version 1, dated when it was last saved.
INSERT INTO "site_page_versions" ("slug", "version", "content", "material", "created_at", "created_by")
SELECT "slug", 1, "content", true, "updated_at", "updated_by" FROM "site_pages"
ON CONFLICT DO NOTHING;
