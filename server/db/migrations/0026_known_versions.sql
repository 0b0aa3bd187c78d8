CREATE TABLE "learner_known_versions" (
	"user_id" uuid NOT NULL,
	"language_id" integer NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "learner_known_versions_user_id_language_id_pk" PRIMARY KEY("user_id","language_id")
);
--> statement-breakpoint
ALTER TABLE "languages" ADD COLUMN "known_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_known_versions" ADD CONSTRAINT "learner_known_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_known_versions" ADD CONSTRAINT "learner_known_versions_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand (issue 22, decision 076): versions of the known counts, so a server keeps a learner's parsed
-- story counts while they hold instead of reading every story's row on each list. Drawn from one sequence, a
-- version never repeats: a row deleted and made again (a learner forgetting every term, then marking one) still
-- gets a value no server has cached.
CREATE SEQUENCE "known_versions";--> statement-breakpoint
-- Any statement that writes a learner's statuses moves their version in the languages it touched, in its own
-- transaction, whichever area runs it (the word panel, a lookup, a mark-known, an import, a forget). A deletion
-- only moves rows that exist: when a user or a language is deleted, its rows go by the cascade and there is no
-- version left to keep.
CREATE FUNCTION "term_statuses_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO learner_known_versions (user_id, language_id, version)
    SELECT w.user_id, w.language_id, nextval('known_versions')
    FROM (SELECT DISTINCT user_id, language_id FROM written) w
  ON CONFLICT (user_id, language_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "term_statuses_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE learner_known_versions v SET version = nextval('known_versions')
  FROM (SELECT DISTINCT user_id, language_id FROM deleted) d
  WHERE v.user_id = d.user_id AND v.language_id = d.language_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "term_statuses_inserted_version" AFTER INSERT ON "term_statuses"
REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "term_statuses_written"();--> statement-breakpoint
CREATE TRIGGER "term_statuses_updated_version" AFTER UPDATE ON "term_statuses"
REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "term_statuses_written"();--> statement-breakpoint
CREATE TRIGGER "term_statuses_deleted_version" AFTER DELETE ON "term_statuses"
REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "term_statuses_deleted"();--> statement-breakpoint
-- The counts as they stand: every learner with statuses gets a version.
INSERT INTO learner_known_versions (user_id, language_id, version)
  SELECT user_id, language_id, nextval('known_versions')
  FROM (SELECT DISTINCT user_id, language_id FROM term_statuses) s;--> statement-breakpoint
-- recount_story_known as migration 0025 left it, and it moves the language's known_version: every learner's
-- counts of the story were remade.
CREATE OR REPLACE FUNCTION "recount_story_known"(sid integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  lang integer;
  before_occurrences integer;
  before_terms integer;
  after_occurrences integer;
  after_terms integer;
BEGIN
  SELECT language_id INTO lang FROM stories WHERE id = sid;
  -- A chapter deleted with its story: the story's rows go with it.
  IF lang IS NULL THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(22001, lang);
  SELECT occurrences, terms INTO before_occurrences, before_terms FROM story_term_counts WHERE story_id = sid;
  DELETE FROM story_term_counts WHERE story_id = sid;
  INSERT INTO story_term_counts (story_id, occurrences, terms)
    SELECT sid, sum(ct.occurrences), count(DISTINCT ct.term)
    FROM chapter_terms ct JOIN chapters c ON c.id = ct.chapter_id
    WHERE c.story_id = sid
    HAVING count(*) > 0
    RETURNING occurrences, terms INTO after_occurrences, after_terms;
  DELETE FROM learner_story_known WHERE story_id = sid;
  INSERT INTO learner_story_known (user_id, language_id, story_id, known_occurrences, known_terms, marked_terms)
    SELECT ts.user_id, lang, sid,
      coalesce(sum(st.occurrences) FILTER (WHERE ts.status IN (5, 6)), 0),
      count(*) FILTER (WHERE ts.status IN (5, 6)),
      count(*)
    FROM (
      SELECT ct.term, sum(ct.occurrences) AS occurrences
      FROM chapter_terms ct JOIN chapters c ON c.id = ct.chapter_id
      WHERE c.story_id = sid
      GROUP BY ct.term
    ) st
    JOIN term_statuses ts ON ts.language_id = lang AND ts.term = st.term
    GROUP BY ts.user_id;
  IF before_occurrences IS DISTINCT FROM after_occurrences OR before_terms IS DISTINCT FROM after_terms THEN
    UPDATE languages SET stories_version = stories_version + 1, known_version = nextval('known_versions')
    WHERE id = lang;
  ELSE
    UPDATE languages SET known_version = nextval('known_versions') WHERE id = lang;
  END IF;
END
$$;
