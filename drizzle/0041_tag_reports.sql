-- Tags can be reported like posts (issue 41, docs/decisions/070): a report's target may be a tag,
-- named by the tag's uuid as text.
ALTER TABLE "reports" DROP CONSTRAINT "reports_kind_check";--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_kind_check" CHECK ("reports"."target_kind" in ('discussion', 'reply', 'profile', 'tag'));