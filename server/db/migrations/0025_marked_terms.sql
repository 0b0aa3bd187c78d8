ALTER TABLE "learner_story_known" ADD COLUMN "marked_terms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand (issue 22, decision 072 as amended): a story's new words are its terms the learner never
-- marked (issue 22: "new (never marked)"), so each learner's row counts the terms they marked at all beside those
-- they understand. The row is kept for every learner with any status among the story's terms.
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
    UPDATE languages SET stories_version = stories_version + 1 WHERE id = lang;
  END IF;
END
$$;--> statement-breakpoint
-- The counts as they now are kept: learning terms were not counted before.
SELECT recount_story_known(id) FROM stories;
