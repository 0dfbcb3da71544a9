-- The members directory's counters per role, kept by triggers (docs/decisions/008): its total
-- and its stats were a count over every profile on each visit. A member without a user_roles
-- row counts as `user`, as everywhere else.
CREATE TABLE "member_counts" (
	"role" text PRIMARY KEY NOT NULL,
	"public_members" integer DEFAULT 0 NOT NULL,
	"active_contributors" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO member_counts (role, public_members, active_contributors)
SELECT r.role,
  count(p.id) FILTER (WHERE p.is_public)::int,
  count(p.id) FILTER (WHERE p.is_public AND p.discussions_count > 0)::int
FROM (VALUES ('user'), ('author'), ('moderator'), ('admin')) AS r(role)
LEFT JOIN (profiles p LEFT JOIN user_roles ur ON ur.user_id = p.id)
  ON coalesce(ur.role, 'user') = r.role
GROUP BY r.role;--> statement-breakpoint
-- A profile counts while it is public, and as a contributor while it also has an active
-- discussion (profiles.discussions_count, migration 0005).
CREATE OR REPLACE FUNCTION count_public_member() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  members_before int := 0;
  active_before int := 0;
  members_after int := 0;
  active_after int := 0;
  member_id text;
  member_role text;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.is_public THEN
    members_before := 1;
    active_before := (OLD.discussions_count > 0)::int;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.is_public THEN
    members_after := 1;
    active_after := (NEW.discussions_count > 0)::int;
  END IF;
  IF members_before = members_after AND active_before = active_after THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN member_id := OLD.id; ELSE member_id := NEW.id; END IF;
  SELECT role INTO member_role FROM user_roles WHERE user_id = member_id;
  UPDATE member_counts SET
    public_members = public_members + members_after - members_before,
    active_contributors = active_contributors + active_after - active_before
  WHERE role = coalesce(member_role, 'user');
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Deletes count BEFORE the row goes: deleting an account removes its profile and its role row
-- in one statement, and AFTER triggers would all run once both are gone, when nothing says
-- under which role the profile was counted. Before each deletion, each trigger sees the
-- other row as it is at that moment, whichever of the two goes first.
CREATE TRIGGER profiles_member_counts
AFTER INSERT OR UPDATE OF is_public, discussions_count ON profiles
FOR EACH ROW EXECUTE FUNCTION count_public_member();--> statement-breakpoint
CREATE TRIGGER profiles_member_counts_delete
BEFORE DELETE ON profiles
FOR EACH ROW EXECUTE FUNCTION count_public_member();--> statement-breakpoint
-- A role change moves a public member from one role's counters to the other's.
CREATE OR REPLACE FUNCTION count_member_role() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  role_before text := 'user';
  role_after text := 'user';
  member_id text;
  member_public boolean;
  member_active int;
BEGIN
  IF TG_OP <> 'INSERT' THEN role_before := OLD.role; END IF;
  IF TG_OP <> 'DELETE' THEN role_after := NEW.role; END IF;
  IF role_before = role_after THEN RETURN OLD; END IF;
  IF TG_OP = 'DELETE' THEN member_id := OLD.user_id; ELSE member_id := NEW.user_id; END IF;
  -- The lock waits for a concurrent change of the same profile (made public or private, a
  -- first discussion), so that one of the two triggers sees the other's result.
  SELECT is_public, (discussions_count > 0)::int INTO member_public, member_active
  FROM profiles WHERE id = member_id FOR UPDATE;
  IF NOT FOUND OR NOT member_public THEN RETURN OLD; END IF;
  -- Both rows in one statement: concurrent role changes lock them in the same order.
  UPDATE member_counts SET
    public_members = public_members + CASE WHEN role = role_after THEN 1 ELSE -1 END,
    active_contributors = active_contributors
      + CASE WHEN role = role_after THEN member_active ELSE -member_active END
  WHERE role IN (role_before, role_after);
  -- OLD lets a BEFORE DELETE go ahead; AFTER triggers ignore what they return.
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER user_roles_member_counts
AFTER INSERT OR UPDATE OF role ON user_roles
FOR EACH ROW EXECUTE FUNCTION count_member_role();--> statement-breakpoint
CREATE TRIGGER user_roles_member_counts_delete
BEFORE DELETE ON user_roles
FOR EACH ROW EXECUTE FUNCTION count_member_role();--> statement-breakpoint
-- Directory search (ILIKE '%term%' on name, bio, location, and email for admins): one trigram
-- index per field, combined by a BitmapOr (the name's is migration 0003).
CREATE INDEX "profiles_bio_trgm_idx" ON "profiles" USING gin ("bio" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_location_trgm_idx" ON "profiles" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_email_trgm_idx" ON "profiles" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- The forum's author filter matches the display name (features/discussions/queries.ts).
CREATE INDEX "profiles_display_name_idx" ON "profiles" USING btree (lower(coalesce(nullif(btrim("full_name"), ''), split_part("email", '@', 1))));
