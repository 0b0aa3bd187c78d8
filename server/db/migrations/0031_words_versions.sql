CREATE TABLE "learner_words_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "learner_words_versions" ADD CONSTRAINT "learner_words_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand (issue 25, decision 095): the version of each learner's saved-words list, so a server keeps the
-- list's finished answer while it holds instead of reading every word's meaning again on each request. The list
-- shows the words (saved_words) with their statuses (term_statuses): any statement that writes either moves the
-- version of the learners it touched, in its own transaction, whichever area runs it (a lookup, the word panel,
-- a deletion, an import, a forget). From one sequence: a version never repeats. A deletion only moves rows that
-- exist: when a user is deleted, their rows go by the cascade and there is no version left to keep.
CREATE SEQUENCE "words_versions";--> statement-breakpoint
CREATE FUNCTION "learner_words_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO learner_words_versions (user_id, version)
    SELECT w.user_id, nextval('words_versions') FROM (SELECT DISTINCT user_id FROM changed) w
  ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "learner_words_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE learner_words_versions v SET version = nextval('words_versions')
  FROM (SELECT DISTINCT user_id FROM changed) d
  WHERE v.user_id = d.user_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "saved_words_inserted_words_version" AFTER INSERT ON "saved_words"
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "learner_words_written"();--> statement-breakpoint
CREATE TRIGGER "saved_words_updated_words_version" AFTER UPDATE ON "saved_words"
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "learner_words_written"();--> statement-breakpoint
CREATE TRIGGER "saved_words_deleted_words_version" AFTER DELETE ON "saved_words"
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "learner_words_deleted"();--> statement-breakpoint
CREATE TRIGGER "term_statuses_inserted_words_version" AFTER INSERT ON "term_statuses"
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "learner_words_written"();--> statement-breakpoint
CREATE TRIGGER "term_statuses_updated_words_version" AFTER UPDATE ON "term_statuses"
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "learner_words_written"();--> statement-breakpoint
CREATE TRIGGER "term_statuses_deleted_words_version" AFTER DELETE ON "term_statuses"
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "learner_words_deleted"();--> statement-breakpoint
-- The lists as they stand: every learner with a word or a status gets a version.
INSERT INTO learner_words_versions (user_id, version)
  SELECT user_id, nextval('words_versions')
  FROM (SELECT user_id FROM saved_words UNION SELECT user_id FROM term_statuses) s;
