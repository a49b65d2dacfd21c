-- Each process remembers signed-in users for a few seconds. The writes that end a session or
-- change a user now say which user in their own transaction (pg_notify naming the user, in
-- src/server/modules/users/remembered-users.ts), so the triggers that told every process to
-- forget everyone on any change to users or sessions are gone.
DROP TRIGGER IF EXISTS sessions_changed ON sessions;--> statement-breakpoint
DROP TRIGGER IF EXISTS users_changed ON users;--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_session_users_changed();
