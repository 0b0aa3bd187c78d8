CREATE TABLE "ended_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ended_sessions_ended_at" ON "ended_sessions" USING btree ("ended_at");--> statement-breakpoint
-- Written by hand: every way a session ends deletes its row (a sign-out, a replayed refresh token, the 90 days
-- swept, the user deleted by cascade), and this trigger records each one, so every app server can refuse the
-- session's access tokens within seconds (server/auth/ended-sessions.ts). One insert per statement, however
-- many sessions it ends.
CREATE FUNCTION "record_ended_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ended_sessions (session_id) SELECT id FROM ended;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "auth_sessions_record_ended" AFTER DELETE ON "auth_sessions"
REFERENCING OLD TABLE AS ended FOR EACH STATEMENT EXECUTE FUNCTION "record_ended_sessions"();
