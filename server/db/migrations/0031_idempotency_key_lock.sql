-- The advisory lock of a learner's Idempotency-Key (decision 106). Every path that writes a key takes it first in
-- its transaction, before any row: the transaction of one keyed change (server/http/idempotency.ts) and a batch
-- of the reader's reading-time reports, which takes its keys' locks in ascending order and writes each key once,
-- with its answer, at the end (server/activity/free-reports.ts). A change and a retry of it then wait for each
-- other at the lock, never in a cycle of rows. A collision of two keys' hashes only makes one wait for the other.
CREATE FUNCTION "idempotency_key_lock"(user_id uuid, key uuid) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN hashtextextended('idempotency-key:' || user_id::text || ':' || key::text, 0);
--> statement-breakpoint
-- The reading-time reports of free published stories sent at the same moment, counted in one call (issue 25;
-- decisions 095, 097, 103, 106), one round trip a batch: server/activity/free-reports.ts calls it. A report
-- counts once: one without an id always; one with an id but no key once its id is recorded in reading_reports
-- (kept a day); one with a key (the reader sends its report id as its Idempotency-Key) when neither its key nor
-- its id is kept, its key then written once, with the answer, in idempotency_keys (kept 8 days: the record of its
-- id). The second of one id in a call, and a report of a chapter not in a free published story, get no row: they
-- take the path of several statements, which asks the rule of reading and answers a retry.
--
-- The keys' locks are taken first, in ascending order, before any row (as claimKey takes its key's): a report and
-- a retry of it wait for each other at the lock, never in a cycle. The function is VOLATILE, so the query after
-- the locks has a snapshot of its own and sees every key committed while it waited. Rows are written in key order
-- (two calls in flight lock them in the same order). The reports are summed per learner, day and language before
-- the upsert (a statement may touch a row once); each report answers the day's total as it stood once it was
-- added, as when they were counted one by one, in order; the total is capped at day_cap, and when a call reaches
-- the cap, the reports before it answer from the total read before writing.
--
-- Its commit does not wait for the disk (synchronous_commit off for its transaction): a crash of PostgreSQL may
-- lose the last fraction of a second of reports, seconds of reading, and nothing else. A lock held more than a
-- second fails the call (lock_timeout), and its reports take the longer path. The query reads every table by key
-- for at most a few hundred reports, so the planner is told to (no scans, no hash or merge joins) and its plan is
-- kept for the connection: left to statistics made while a table was empty, a kept plan read idempotency_keys and
-- reading_days whole in every batch (decision 103); planning each call cost 48 µs a report of 130 (decision 106).
CREATE FUNCTION "count_reading_reports"(
  p_user_ids uuid[], p_chapter_ids int[], p_days date[], p_seconds int[], p_report_ids uuid[], p_day_cap int,
  p_keys uuid[], p_endpoints text[], p_fingerprints text[]
) RETURNS TABLE (i bigint, language text, time_spent int)
LANGUAGE plpgsql VOLATILE
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
SET plan_cache_mode = force_generic_plan SET lock_timeout = '1s'
AS $$
#variable_conflict use_column
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM count(pg_advisory_xact_lock(sorted.lock))
  FROM (
    SELECT DISTINCT idempotency_key_lock(c.user_id, c.key) AS lock
    FROM unnest(p_user_ids, p_keys) AS c(user_id, key)
    WHERE c.key IS NOT NULL
    ORDER BY 1
  ) AS sorted;
  RETURN QUERY
  WITH sent AS (
    SELECT k.*, s.language_id, l.code
    FROM unnest(p_user_ids, p_chapter_ids, p_days, p_seconds, p_report_ids, p_keys, p_endpoints, p_fingerprints)
      WITH ORDINALITY AS k(user_id, chapter_id, day, seconds, report_id, key, endpoint, fingerprint, i)
    JOIN chapters c ON c.id = k.chapter_id
    JOIN stories s ON s.id = c.story_id AND s.is_published AND s.is_free
    JOIN languages l ON l.id = s.language_id
  ), first_sent AS (
    SELECT DISTINCT ON (t.user_id, t.report_id) t.*
    FROM sent t WHERE t.report_id IS NOT NULL ORDER BY t.user_id, t.report_id, t.i
  ), keyed AS (
    SELECT f.* FROM first_sent f
    WHERE f.key IS NOT NULL
      AND NOT EXISTS (SELECT FROM idempotency_keys ik WHERE ik.user_id = f.user_id AND ik.key = f.key)
      AND NOT EXISTS (SELECT FROM reading_reports rr WHERE rr.user_id = f.user_id AND rr.report_id = f.report_id)
  ), recorded AS (
    INSERT INTO reading_reports (user_id, report_id, seconds_counted)
    SELECT f.user_id, f.report_id, f.seconds FROM first_sent f WHERE f.key IS NULL ORDER BY f.user_id, f.report_id
    ON CONFLICT DO NOTHING
    RETURNING user_id, report_id
  ), accepted AS (
    SELECT t.* FROM sent t WHERE t.report_id IS NULL
    UNION ALL
    SELECT f.* FROM first_sent f JOIN recorded r ON r.user_id = f.user_id AND r.report_id = f.report_id
    UNION ALL
    SELECT * FROM keyed
  ), summed AS (
    SELECT a.user_id, a.day, a.language_id, sum(a.seconds)::int AS seconds
    FROM accepted a GROUP BY a.user_id, a.day, a.language_id
  ), before AS (
    SELECT d.user_id, d.day, d.language_id, d.seconds
    FROM reading_days d JOIN summed m USING (user_id, day, language_id)
  ), counted AS (
    INSERT INTO reading_days (user_id, day, language_id, seconds)
    SELECT m.user_id, m.day, m.language_id, least(m.seconds, p_day_cap)
    FROM summed m ORDER BY m.user_id, m.day, m.language_id
    ON CONFLICT (user_id, day, language_id) DO UPDATE
    SET seconds = least(reading_days.seconds + excluded.seconds, p_day_cap), updated_at = now()
    RETURNING user_id, day, language_id, seconds
  ), running AS (
    SELECT a.*,
      sum(a.seconds) OVER (PARTITION BY a.user_id, a.day, a.language_id ORDER BY a.i) AS up_to,
      sum(a.seconds) OVER (PARTITION BY a.user_id, a.day, a.language_id) AS whole
    FROM accepted a
  ), answered AS (
    SELECT r.i, r.user_id, r.key, r.endpoint, r.fingerprint, r.day, r.seconds, r.code AS language,
      (CASE WHEN c.seconds < p_day_cap THEN c.seconds - r.whole + r.up_to
            ELSE least(coalesce(b.seconds, 0) + r.up_to, p_day_cap) END)::int AS time_spent
    FROM running r
    JOIN counted c USING (user_id, day, language_id)
    LEFT JOIN before b USING (user_id, day, language_id)
  ), remembered AS (
    INSERT INTO idempotency_keys (user_id, key, endpoint, fingerprint, status, body)
    SELECT a.user_id, a.key, a.endpoint, a.fingerprint, 200,
      json_build_object('date', to_char(a.day, 'YYYY-MM-DD'), 'language', a.language,
        'seconds_counted', a.seconds, 'time_spent', a.time_spent)
    FROM answered a WHERE a.key IS NOT NULL ORDER BY a.user_id, a.key
  )
  SELECT a.i, a.language::text, a.time_spent FROM answered a;
END
$$;
