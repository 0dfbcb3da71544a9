-- An account owns nothing until its email is verified (docs/decisions/014): its profile and
-- its `user` role row are created when email_verified turns true, in the same statement,
-- instead of when the account is inserted. An account inserted already verified (the demo
-- seeder, an import) gets them at once, as before.
DROP TRIGGER IF EXISTS user_create_account_rows ON "user";--> statement-breakpoint
CREATE OR REPLACE FUNCTION create_account_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.email_verified THEN RETURN NEW; END IF;
  IF TG_OP = 'UPDATE' AND OLD.email_verified THEN RETURN NEW; END IF;
  INSERT INTO profiles (id, email, full_name, created_at, updated_at, last_active_at)
  VALUES (NEW.id, NEW.email, NULLIF(NEW.name, ''), now(), now(), now())
  ON CONFLICT (id) DO NOTHING;
  INSERT INTO user_roles (user_id, role) VALUES (NEW.id, 'user')
  ON CONFLICT (user_id) DO NOTHING;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER user_create_account_rows
AFTER INSERT OR UPDATE OF email_verified ON "user"
FOR EACH ROW EXECUTE FUNCTION create_account_rows();--> statement-breakpoint
-- Accounts created before this rule that were never verified: their role (perhaps admin, given
-- at sign-up through ADMIN_EMAILS) and their profile go; verification brings fresh ones.
DELETE FROM user_roles WHERE user_id IN (SELECT id FROM "user" WHERE NOT email_verified);--> statement-breakpoint
DELETE FROM profiles WHERE id IN (SELECT id FROM "user" WHERE NOT email_verified);
