-- Every app process remembers signed-in users for a few seconds (src/server/plugins/session.ts).
-- Any committed change to a user or a session (a logout, a password or role change, a
-- profile edit), made by any process or tool, tells them all to forget: NOTIFY is delivered
-- at commit, to every connection that listens on the channel.
CREATE FUNCTION notify_session_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_users_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_users_changed();
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_users_changed();
