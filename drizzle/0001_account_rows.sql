-- Every account gets its profile and its `user` role in the same statement that creates it:
-- a trigger runs inside the inserting transaction, so neither row can exist without the other.
CREATE OR REPLACE FUNCTION create_account_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profiles (id, email, full_name, created_at, updated_at, last_active_at)
  VALUES (NEW.id, NEW.email, NULLIF(NEW.name, ''), NEW.created_at, NEW.created_at, NEW.created_at)
  ON CONFLICT (id) DO NOTHING;
  INSERT INTO user_roles (user_id, role) VALUES (NEW.id, 'user')
  ON CONFLICT (user_id) DO NOTHING;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER user_create_account_rows
AFTER INSERT ON "user"
FOR EACH ROW EXECUTE FUNCTION create_account_rows();
