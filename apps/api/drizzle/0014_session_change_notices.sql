-- Every API process keeps the sessions it has read for a few seconds (SESSION_CACHE_MS).
-- These triggers tell them, in the transaction that makes the change, whoever makes it, that
-- a session ended or changed (by the SHA-256 of its token: tokens never travel) or that an
-- account's email, verification, display name, role or hotel changed or the account went
-- (plugins/session-cache.ts, docs/auth.md).
CREATE FUNCTION devstay_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('devstay_session_changes',
    json_build_object('session', encode(sha256(convert_to(OLD.token, 'UTF8')), 'hex'))::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION devstay_session_changed();
--> statement-breakpoint
CREATE FUNCTION devstay_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('devstay_session_changes', json_build_object('user', OLD.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE OF email, email_verified, name, rol, hotel_id ON users
  FOR EACH ROW
  WHEN ((OLD.email, OLD.email_verified, OLD.name, OLD.rol, OLD.hotel_id)
    IS DISTINCT FROM (NEW.email, NEW.email_verified, NEW.name, NEW.rol, NEW.hotel_id))
  EXECUTE FUNCTION devstay_account_changed();
--> statement-breakpoint
CREATE TRIGGER users_notify_removal AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION devstay_account_changed();
