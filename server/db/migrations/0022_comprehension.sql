CREATE TABLE "learner_story_known" (
	"user_id" uuid NOT NULL,
	"language_id" integer NOT NULL,
	"story_id" integer NOT NULL,
	"known_occurrences" integer NOT NULL,
	"known_terms" integer NOT NULL,
	CONSTRAINT "learner_story_known_user_id_language_id_story_id_pk" PRIMARY KEY("user_id","language_id","story_id")
);
--> statement-breakpoint
CREATE TABLE "story_term_counts" (
	"story_id" integer PRIMARY KEY NOT NULL,
	"occurrences" integer NOT NULL,
	"terms" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "term_statuses_language_id";--> statement-breakpoint
ALTER TABLE "learner_story_known" ADD CONSTRAINT "learner_story_known_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_story_known" ADD CONSTRAINT "learner_story_known_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_story_known" ADD CONSTRAINT "learner_story_known_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_term_counts" ADD CONSTRAINT "story_term_counts_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learner_story_known_story" ON "learner_story_known" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "term_statuses_language_term" ON "term_statuses" USING btree ("language_id","term");--> statement-breakpoint
-- Written by hand (issue 22, decision 072): a story's known shares remade from its chapters' terms, for every
-- learner with statuses in its language, in one call. The server calls it after writing a chapter's terms
-- (server/terms/chapters.ts), and the triggers below when a chapter is deleted or moved to another story, so
-- the counts follow every change of a story's words whichever area makes it. Statuses 5 (known) and 6
-- (ignored) are common/terms.ts UNDERSTOOD_STATUSES. The exclusive lock on (22001, language) waits for status
-- changes in flight (they hold it shared, server/terms/known.ts), so no difference is added to a row remade
-- from statuses that did not yet hold it. The list's cached totals are renewed by moving the language's
-- stories_version, only when they change.
CREATE FUNCTION "recount_story_known"(sid integer) RETURNS void LANGUAGE plpgsql AS $$
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
  INSERT INTO learner_story_known (user_id, language_id, story_id, known_occurrences, known_terms)
    SELECT ts.user_id, lang, sid, sum(st.occurrences), count(*)
    FROM (
      SELECT ct.term, sum(ct.occurrences) AS occurrences
      FROM chapter_terms ct JOIN chapters c ON c.id = ct.chapter_id
      WHERE c.story_id = sid
      GROUP BY ct.term
    ) st
    JOIN term_statuses ts ON ts.language_id = lang AND ts.term = st.term AND ts.status IN (5, 6)
    GROUP BY ts.user_id;
  IF before_occurrences IS DISTINCT FROM after_occurrences OR before_terms IS DISTINCT FROM after_terms THEN
    UPDATE languages SET stories_version = stories_version + 1 WHERE id = lang;
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "recount_story_known_of_chapter"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM recount_story_known(OLD.story_id);
  IF TG_OP = 'UPDATE' THEN
    PERFORM recount_story_known(NEW.story_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "chapters_recount_known_on_delete" AFTER DELETE ON "chapters"
FOR EACH ROW EXECUTE FUNCTION "recount_story_known_of_chapter"();--> statement-breakpoint
CREATE TRIGGER "chapters_recount_known_on_move" AFTER UPDATE OF "story_id" ON "chapters"
FOR EACH ROW WHEN (OLD.story_id IS DISTINCT FROM NEW.story_id)
EXECUTE FUNCTION "recount_story_known_of_chapter"();--> statement-breakpoint
-- The statuses and chapter terms kept before this migration.
SELECT recount_story_known(id) FROM stories;
