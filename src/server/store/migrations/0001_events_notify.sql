-- Every stored event is announced on the channel "addon_studio_events" with its id, so each proxy
-- instance LISTENing on the same PostgreSQL can stream it (issue 15, item 4). NOTIFY is delivered
-- only when the inserting transaction commits, so a listener never sees an event that was rolled back.
CREATE FUNCTION "addon_studio_notify_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('addon_studio_events', NEW."id"::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "events_notify" AFTER INSERT ON "events" FOR EACH ROW EXECUTE FUNCTION "addon_studio_notify_event"();
