// The reading-time reports of free published stories, counted in one statement for all those sent at the same
// moment (issue 25, decision 095). Every reading learner sends one every 30 seconds: the hottest write.
import type pg from 'pg';
import { MAX_READING_SECONDS_PER_DAY } from '#common/activity.ts';
import { type BatchedStatement, batchedStatement } from '#server/db/batched.ts';

export interface FreeReport {
  userId: string;
  chapterId: number;
  /** The learner's local date the seconds count on. */
  day: string;
  /** The seconds to count (already capped per report, and more than 0). */
  seconds: number;
  reportId: string | null;
  /**
   * The report's Idempotency-Key, when it came with one equal to its report id (as the reader sends it): kept
   * with the report, in the same transaction, with the answer it is given (decision 084).
   */
  key?: { key: string; endpoint: string; fingerprint: string } | undefined;
}

/** A counted report: its language, and the learner's time that day in that language once it counted. */
export interface CountedReport {
  language: string;
  timeSpent: number;
}

type Row = { i: string; language: string; time_spent: number };

/**
 * The statement. Reports of a chapter not in a free published story, or whose id was counted before (or is sent
 * twice in one batch: only its first counts here), get no row, and take the path that asks the rule of reading.
 * The others are summed per learner, day and language before the upsert (a statement may touch a row once),
 * the rows written in key order (two batches in flight lock them in the same order: no deadlock); each report
 * answers the day's total as it stood once it was added, as when the reports were counted one by one, in order.
 * The total is capped at MAX_READING_SECONDS_PER_DAY; when a batch reaches the cap, the reports before it answer
 * from the total the statement read before writing. Its commit does not wait for the disk (synchronous_commit
 * off for this statement's own transaction): a crash of PostgreSQL may lose its last fraction of a second of
 * reports, seconds of reading, and nothing else. The keys it lets go of are gathered first (unanswered, kept
 * apart): in most batches there are none, and the delete then reads nothing. Joined to the batch directly, the
 * generic plan PostgreSQL keeps for the statement, made while idempotency_keys was small, hashed the batch and
 * read the whole table in every batch (decision 103).
 */
const FREE_REPORTS: BatchedStatement<FreeReport, Row, CountedReport | undefined> = {
  name: 'track-reading-time-v3',
  // A group commit: reports arriving while a batch is in flight wait and go in the next one (decision 097).
  oneInFlight: true,
  text: `WITH relaxed AS (
  SELECT set_config('synchronous_commit', 'off', true)
), sent AS (
  SELECT k.*, s.language_id, l.code
  FROM unnest($1::uuid[], $2::int[], $3::date[], $4::int[], $5::uuid[], $7::uuid[], $8::boolean[])
    WITH ORDINALITY AS k(user_id, chapter_id, day, seconds, report_id, key, claimed, i)
  JOIN chapters c ON c.id = k.chapter_id AND (k.key IS NULL OR k.claimed)
  JOIN stories s ON s.id = c.story_id AND s.is_published AND s.is_free
  JOIN languages l ON l.id = s.language_id
), first_sent AS (
  SELECT DISTINCT ON (user_id, report_id) * FROM sent WHERE report_id IS NOT NULL ORDER BY user_id, report_id, i
), recorded AS (
  INSERT INTO reading_reports (user_id, report_id, seconds_counted)
  SELECT user_id, report_id, seconds FROM first_sent ORDER BY user_id, report_id
  ON CONFLICT DO NOTHING
  RETURNING user_id, report_id
), accepted AS (
  SELECT * FROM sent WHERE report_id IS NULL
  UNION ALL
  SELECT f.* FROM first_sent f JOIN recorded r ON r.user_id = f.user_id AND r.report_id = f.report_id
), summed AS (
  SELECT user_id, day, language_id, sum(seconds)::int AS seconds FROM accepted GROUP BY user_id, day, language_id
), before AS (
  SELECT d.user_id, d.day, d.language_id, d.seconds
  FROM reading_days d JOIN summed m USING (user_id, day, language_id)
), counted AS (
  INSERT INTO reading_days (user_id, day, language_id, seconds)
  SELECT user_id, day, language_id, least(seconds, $6::int) FROM summed ORDER BY user_id, day, language_id
  ON CONFLICT (user_id, day, language_id) DO UPDATE
  SET seconds = least(reading_days.seconds + excluded.seconds, $6::int), updated_at = now()
  RETURNING user_id, day, language_id, seconds
), running AS (
  SELECT a.i, a.code, a.user_id, a.day, a.language_id, a.key, a.seconds,
    sum(a.seconds) OVER (PARTITION BY a.user_id, a.day, a.language_id ORDER BY a.i) AS up_to,
    sum(a.seconds) OVER (PARTITION BY a.user_id, a.day, a.language_id) AS whole
  FROM accepted a
), answered AS (
  SELECT r.i, r.user_id, r.key, r.day, r.seconds, r.code AS language,
    (CASE WHEN c.seconds < $6::int THEN c.seconds - r.whole + r.up_to
          ELSE least(coalesce(b.seconds, 0) + r.up_to, $6::int) END)::int AS time_spent
  FROM relaxed, running r
  JOIN counted c USING (user_id, day, language_id)
  LEFT JOIN before b USING (user_id, day, language_id)
), remembered AS (
  UPDATE idempotency_keys ik
  SET status = 200, body = json_build_object('date', to_char(a.day, 'YYYY-MM-DD'), 'language', a.language,
    'seconds_counted', a.seconds, 'time_spent', a.time_spent)
  FROM answered a WHERE ik.user_id = a.user_id AND ik.key = a.key
), unanswered AS MATERIALIZED (
  SELECT c.user_id, c.key FROM unnest($1::uuid[], $7::uuid[], $8::boolean[]) AS c(user_id, key, claimed)
  WHERE c.claimed AND NOT EXISTS (SELECT 1 FROM answered a WHERE a.user_id = c.user_id AND a.key = c.key)
), released AS (
  DELETE FROM idempotency_keys ik USING unanswered u WHERE ik.user_id = u.user_id AND ik.key = u.key
)
SELECT i, language, time_spent FROM answered`,
  values: (reports) => [
    reports.map((report) => report.userId),
    reports.map((report) => report.chapterId),
    reports.map((report) => report.day),
    reports.map((report) => report.seconds),
    reports.map((report) => report.reportId),
    MAX_READING_SECONDS_PER_DAY,
    reports.map((report) => report.key?.key ?? null),
    // Whether each report's key is this batch's ($8): set by claimKeys when any report has one.
    reports.map(() => false),
  ],
  answer: ([row]) => row && { language: row.language, timeSpent: row.time_spent },
  run: (pool, query, reports) =>
    reports.some((report) => report.key) ? countWithKeys(pool, query, reports) : pool.query<Row>(query),
};

/**
 * The claim of the reports' keys, first in their transaction as every keyed change's (server/http/offline.ts). It
 * sets the transaction's lock_timeout first (the sort takes every row, so the setting, before any insert): a
 * second for a key or a row, then the batch fails over to the longer path, whose own wait for a key is 5 s. And
 * it has the statement that follows planned for its own batch (plan_cache_mode): a generic plan made while the
 * tables were small, kept until an autoanalyze, read idempotency_keys and reading_days whole in every batch, 1.3 ms
 * of PostgreSQL a report against 0.2 (decision 103); planning a batch costs less, and the batches grow with the load.
 */
const CLAIM_KEYS = `WITH waiting AS (
  SELECT set_config('lock_timeout', '1s', true) AS lock_timeout,
    set_config('plan_cache_mode', 'force_custom_plan', true) AS planned
)
INSERT INTO idempotency_keys (user_id, key, endpoint, fingerprint)
SELECT c.user_id, c.key, c.endpoint, c.fingerprint
FROM waiting, unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) AS c(user_id, key, endpoint, fingerprint)
WHERE c.key IS NOT NULL
ORDER BY c.user_id, c.key
ON CONFLICT DO NOTHING
RETURNING user_id, key`;

/**
 * Reports that came with keys, in one transaction: their keys claimed first, in key order, as the change of any
 * key is (so a report and a retry of it taken by the path of several statements wait for each other at the key,
 * never in a cycle); then the statement, for the reports without a key and those whose key this batch claimed,
 * which gives each counted report's key its answer and lets go of the keys of those it did not count (they take
 * the path of several statements, which claims them again). A key claimed before, or in flight elsewhere and
 * then kept, is not this batch's: its report answers as a retry does, by that path. A key or a row in flight more
 * than a second fails the batch, and each of its reports then takes that path (409 there for a key still held). Four
 * round trips a batch: BEGIN, the claim, the statement, COMMIT.
 */
async function countWithKeys(pool: pg.Pool, query: pg.QueryConfig, reports: readonly FreeReport[]) {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const claimed = await client.query<{ user_id: string; key: string }>({
      name: 'claim-report-keys-v3',
      text: CLAIM_KEYS,
      values: [
        reports.map((report) => report.userId),
        reports.map((report) => report.key?.key ?? null),
        reports.map((report) => report.key?.endpoint ?? null),
        reports.map((report) => report.key?.fingerprint ?? null),
      ],
    });
    const ours = new Set(claimed.rows.map((row) => `${row.user_id}:${row.key}`));
    const values = [...(query.values ?? [])];
    values[7] = reports.map(
      (report) => report.key !== undefined && ours.has(`${report.userId}:${report.key.key}`),
    );
    const counted = await client.query<Row>({ ...query, values });
    await client.query('COMMIT');
    return counted;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    // A connection that could not roll back is not given to another request.
    client.release(broken);
  }
}

const countInBatch = batchedStatement(FREE_REPORTS);

/** PostgreSQL's codes for a batch that met a key in flight too long, a deadlock, or a key taken meanwhile. */
const TAKE_THE_LONGER_PATH = new Set(['55P03', '40P01', '23505']);

/**
 * Counts a new report on a free published story with the others sent at the same moment (server/db/batched.ts),
 * its key with it when it came with one; undefined when it counted nothing here (any other chapter, a report id
 * or a key sent before) and must take the path of several statements.
 */
export function countFreeReport(pool: pg.Pool, report: FreeReport): Promise<CountedReport | undefined> {
  // A batch that failed on a key fails every report in it, keyed or not: each then takes the path of several
  // statements, as a report counted nothing here does. Any other failure (the database gone) is the request's.
  return countInBatch(pool, report).catch((error: unknown) => {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && TAKE_THE_LONGER_PATH.has(code)) return undefined;
    throw error;
  });
}
