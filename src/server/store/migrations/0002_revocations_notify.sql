-- Every instance keeps the revocation record in memory (it is checked on every request); a change on
-- one instance is announced on "addon_studio_revocations" with the row, so the others apply it at once.
CREATE FUNCTION "addon_studio_notify_revocation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('addon_studio_revocations', json_build_object('t', TG_TABLE_NAME, 'r', row_to_json(NEW))::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "revoked_sessions_notify" AFTER INSERT OR UPDATE ON "revoked_sessions" FOR EACH ROW EXECUTE FUNCTION "addon_studio_notify_revocation"();
--> statement-breakpoint
CREATE TRIGGER "user_revocations_notify" AFTER INSERT OR UPDATE ON "user_revocations" FOR EACH ROW EXECUTE FUNCTION "addon_studio_notify_revocation"();
