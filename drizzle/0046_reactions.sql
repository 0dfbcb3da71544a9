-- Reactions and the Top sort (issue 45, docs/decisions/075). A member's reactions are rows of
-- `reactions`; per-post counts (`reaction_counts`) and each member's "Reactions received"
-- (profiles.reactions_received) are kept by the trigger below, so no read counts rows.
CREATE TABLE "reaction_counts" (
	"discussion_id" uuid NOT NULL,
	"reply_id" uuid,
	"kind" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reaction_counts_post_kind_unique" UNIQUE NULLS NOT DISTINCT("discussion_id","reply_id","kind"),
	CONSTRAINT "reaction_counts_count_check" CHECK ("reaction_counts"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"discussion_id" uuid NOT NULL,
	"reply_id" uuid,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reactions_member_post_kind_unique" UNIQUE NULLS NOT DISTINCT("user_id","discussion_id","reply_id","kind"),
	CONSTRAINT "reactions_kind_check" CHECK ("reactions"."kind" ~ '^[a-z]{1,20}$')
);
--> statement-breakpoint
CREATE TABLE "top_scores" (
	"period" text NOT NULL,
	"discussion_id" uuid NOT NULL,
	"score" integer NOT NULL,
	CONSTRAINT "top_scores_period_discussion_id_pk" PRIMARY KEY("period","discussion_id"),
	CONSTRAINT "top_scores_period_check" CHECK ("top_scores"."period" in ('today', 'week', 'month', 'year', 'all'))
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "reactions_received" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reaction_counts" ADD CONSTRAINT "reaction_counts_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reaction_counts" ADD CONSTRAINT "reaction_counts_reply_id_discussion_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."discussion_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_reply_id_discussion_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."discussion_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_scores" ADD CONSTRAINT "top_scores_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reaction_counts_reply_idx" ON "reaction_counts" USING btree ("reply_id") WHERE "reaction_counts"."reply_id" is not null;--> statement-breakpoint
CREATE INDEX "reactions_post_idx" ON "reactions" USING btree ("discussion_id","reply_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "reactions_reply_idx" ON "reactions" USING btree ("reply_id") WHERE "reactions"."reply_id" is not null;--> statement-breakpoint
CREATE INDEX "reactions_created_idx" ON "reactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "top_scores_list_idx" ON "top_scores" USING btree ("period","score" DESC NULLS LAST,"discussion_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "top_scores_discussion_idx" ON "top_scores" USING btree ("discussion_id");--> statement-breakpoint
-- One reaction more or less: its post's count of that kind, and the post author's total. A post
-- removed outright takes its counts with it (cascade); its author's total is not taken back then
-- (the app never removes posts outright: it marks them deleted, and their reactions stay).
CREATE OR REPLACE FUNCTION count_reactions() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  post_author text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO reaction_counts (discussion_id, reply_id, kind, count)
    VALUES (NEW.discussion_id, NEW.reply_id, NEW.kind, 1)
    ON CONFLICT ON CONSTRAINT reaction_counts_post_kind_unique
    DO UPDATE SET count = reaction_counts.count + 1;
    IF NEW.reply_id IS NULL THEN
      SELECT author_id INTO post_author FROM discussions WHERE id = NEW.discussion_id;
    ELSE
      SELECT author_id INTO post_author FROM discussion_replies WHERE id = NEW.reply_id;
    END IF;
    UPDATE profiles SET reactions_received = reactions_received + 1 WHERE id = post_author;
  ELSE
    UPDATE reaction_counts SET count = count - 1
    WHERE discussion_id = OLD.discussion_id AND kind = OLD.kind
      AND ((OLD.reply_id IS NULL AND reply_id IS NULL) OR reply_id = OLD.reply_id);
    IF OLD.reply_id IS NULL THEN
      SELECT author_id INTO post_author FROM discussions WHERE id = OLD.discussion_id;
    ELSE
      SELECT author_id INTO post_author FROM discussion_replies WHERE id = OLD.reply_id;
    END IF;
    UPDATE profiles SET reactions_received = greatest(reactions_received - 1, 0)
    WHERE id = post_author;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER reactions_count
AFTER INSERT OR DELETE ON reactions
FOR EACH ROW EXECUTE FUNCTION count_reactions();--> statement-breakpoint
-- Every count again from the rows: after a bulk load with the trigger disabled (bench:data), or
-- to repair. Not used by the app's requests.
CREATE OR REPLACE FUNCTION recount_reactions() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM reaction_counts;
  INSERT INTO reaction_counts (discussion_id, reply_id, kind, count)
  SELECT discussion_id, reply_id, kind, count(*)::int FROM reactions
  GROUP BY discussion_id, reply_id, kind;
  UPDATE profiles p SET reactions_received = coalesce(r.n, 0)
  FROM (SELECT id FROM profiles) ids
  LEFT JOIN (
    SELECT coalesce(rr.author_id, d.author_id) AS author_id, count(*)::int AS n
    FROM reactions x
    LEFT JOIN discussion_replies rr ON rr.id = x.reply_id
    LEFT JOIN discussions d ON x.reply_id IS NULL AND d.id = x.discussion_id
    GROUP BY 1
  ) r ON r.author_id = ids.id
  WHERE p.id = ids.id AND p.reactions_received IS DISTINCT FROM coalesce(r.n, 0);
END;
$$;