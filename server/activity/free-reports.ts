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
   * The report's Idempotency-Key, when it came with one equal to its report id (as the reader sends it): written
   * with the seconds, in the same transaction, with the answer it is given (decisions 084, 106).
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
 * What both statements do with their accepted reports: summed per learner, day and language before the upsert
 * (a statement may touch a row once), the rows written in key order (two batches in flight lock them in the same
 * order: no deadlock); each report answers the day's total as it stood once it was added, as when the reports
 * were counted one by one, in order. The total is capped at MAX_READING_SECONDS_PER_DAY ($6); when a batch
 * reaches the cap, the reports before it answer from the total the statement read before writing.
 */
const COUNT_ACCEPTED = `summed AS (
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
  SELECT a.*,
    sum(a.seconds) OVER (PARTITION BY a.user_id, a.day, a.language_id ORDER BY a.i) AS up_to,
    sum(a.seconds) OVER (PARTITION BY a.user_id, a.day, a.language_id) AS whole
  FROM accepted a
), answered AS (
  SELECT r.*, r.code AS language,
    (CASE WHEN c.seconds < $6::int THEN c.seconds - r.whole + r.up_to
          ELSE least(coalesce(b.seconds, 0) + r.up_to, $6::int) END)::int AS time_spent
  FROM relaxed, running r
  JOIN counted c USING (user_id, day, language_id)
  LEFT JOIN before b USING (user_id, day, language_id)
)`;

/**
 * The reports sent, joined to their chapter: only a chapter of a free published story is counted here. Its
 * commit does not wait for the disk (synchronous_commit off for this statement's own transaction): a crash of
 * PostgreSQL may lose its last fraction of a second of reports, seconds of reading, and nothing else.
 */
const sentReports = (columns: string, names: string) => `relaxed AS (
  SELECT set_config('synchronous_commit', 'off', true)
), sent AS (
  SELECT k.*, s.language_id, l.code
  FROM unnest(${columns}) WITH ORDINALITY AS k(${names}, i)
  JOIN chapters c ON c.id = k.chapter_id
  JOIN stories s ON s.id = c.story_id AND s.is_published AND s.is_free
  JOIN languages l ON l.id = s.language_id
)`;

/**
 * The statement of reports sent without a key. Reports of a chapter not in a free published story, or whose id
 * was counted before (or is sent twice in one batch: only its first counts here), get no row, and take the path
 * that asks the rule of reading.
 */
const FREE_REPORTS: BatchedStatement<FreeReport, Row, CountedReport | undefined> = {
  name: 'track-reading-time-v4',
  // A group commit: reports arriving while a batch is in flight wait and go in the next one (decision 097).
  oneInFlight: true,
  text: `WITH ${sentReports(
    '$1::uuid[], $2::int[], $3::date[], $4::int[], $5::uuid[]',
    'user_id, chapter_id, day, seconds, report_id',
  )}, first_sent AS (
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
), ${COUNT_ACCEPTED}
SELECT i, language, time_spent FROM answered`,
  values: (reports) => [
    reports.map((report) => report.userId),
    reports.map((report) => report.chapterId),
    reports.map((report) => report.day),
    reports.map((report) => report.seconds),
    reports.map((report) => report.reportId),
    MAX_READING_SECONDS_PER_DAY,
  ],
  answer: ([row]) => row && { language: row.language, timeSpent: row.time_spent },
};

/**
 * The statement of reports sent as the reader sends them, their id as their Idempotency-Key, run once the batch
 * holds its keys' locks (LOCK_KEYS). Their key is the record of their id: written once, with the answer, as the
 * report counts (the key is kept 8 days, the id alone a day; decision 106). A report whose key is kept, or whose
 * id was counted before without a key, gets no row; so does the second of one id in a batch: each takes the path
 * of several statements, which answers a retry. Holding the locks, the statement sees every key committed before
 * it; a key written meanwhile by a path that takes no lock (none does) would make the insert fail the batch, and
 * each of its reports would take that path.
 */
const KEYED_REPORTS: BatchedStatement<FreeReport, Row, CountedReport | undefined> = {
  name: 'track-keyed-reading-time-v1',
  oneInFlight: true,
  text: `WITH ${sentReports(
    '$1::uuid[], $2::int[], $3::date[], $4::int[], $5::uuid[], $7::text[], $8::text[]',
    'user_id, chapter_id, day, seconds, key, endpoint, fingerprint',
  )}, accepted AS (
  SELECT DISTINCT ON (t.user_id, t.key) t.* FROM sent t
  WHERE NOT EXISTS (SELECT FROM idempotency_keys ik WHERE ik.user_id = t.user_id AND ik.key = t.key)
    AND NOT EXISTS (SELECT FROM reading_reports rr WHERE rr.user_id = t.user_id AND rr.report_id = t.key)
  ORDER BY t.user_id, t.key, t.i
), ${COUNT_ACCEPTED}, remembered AS (
  INSERT INTO idempotency_keys (user_id, key, endpoint, fingerprint, status, body)
  SELECT a.user_id, a.key, a.endpoint, a.fingerprint, 200,
    json_build_object('date', to_char(a.day, 'YYYY-MM-DD'), 'language', a.language,
      'seconds_counted', a.seconds, 'time_spent', a.time_spent)
  FROM answered a ORDER BY a.user_id, a.key
)
SELECT i, language, time_spent FROM answered`,
  values: (reports) => [
    reports.map((report) => report.userId),
    reports.map((report) => report.chapterId),
    reports.map((report) => report.day),
    reports.map((report) => report.seconds),
    reports.map((report) => report.key?.key),
    MAX_READING_SECONDS_PER_DAY,
    reports.map((report) => report.key?.endpoint),
    reports.map((report) => report.key?.fingerprint),
  ],
  answer: ([row]) => row && { language: row.language, timeSpent: row.time_spent },
  run: (pool, query, reports) => countWithKeys(pool, query, reports),
};

/**
 * The locks of a batch's keys (migration 0031, as every path that writes a key takes them: claimKey in
 * server/http/idempotency.ts), in ascending order, first in its transaction: two batches, or a batch and a retry
 * taking the path of several statements, wait for each other at a lock, never in a cycle. It sets the
 * transaction's lock_timeout first (the sort takes every row before a lock is taken): a second, then the batch
 * fails over to the longer path, whose own wait is 5 s. And it tells the planner how the statement that follows
 * must read: by index, never by scanning or hashing a table. That statement reads every table by key for a batch
 * of at most 100 reports, so this plan is right at any size of the tables, and PostgreSQL may keep it for the
 * connection (force_generic_plan). Left to its statistics, a generic plan made while the tables were small read
 * idempotency_keys and reading_days whole in every batch until the next autoanalyze (1.3 ms of PostgreSQL a report
 * against 0.2, decision 103); planning every batch for itself cost 48 µs a report of 130 (decision 106).
 */
const LOCK_KEYS = `SELECT count(pg_advisory_xact_lock(sorted.lock))::int AS locked
FROM (
  SELECT DISTINCT idempotency_key_lock(c.user_id, c.key) AS lock
  FROM (SELECT set_config('lock_timeout', '1s', true) AS lock_timeout,
               set_config('enable_seqscan', 'off', true) AS by_index,
               set_config('enable_hashjoin', 'off', true) AS no_hash,
               set_config('enable_mergejoin', 'off', true) AS no_merge,
               set_config('plan_cache_mode', 'force_generic_plan', true) AS planned) AS waiting,
    unnest($1::uuid[], $2::uuid[]) AS c(user_id, key)
  ORDER BY 1
) AS sorted`;

/**
 * Reports that came with keys, in one transaction: their keys' locks first (LOCK_KEYS), then the statement,
 * which counts the new ones and writes each counted report's key with its answer. A lock held more than a second
 * fails the batch, and each of its reports then takes the path of several statements (409 there for a key still
 * held). Four round trips a batch: BEGIN, the locks, the statement, COMMIT.
 */
async function countWithKeys(pool: pg.Pool, query: pg.QueryConfig, reports: readonly FreeReport[]) {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    await client.query({
      name: 'lock-report-keys-v1',
      text: LOCK_KEYS,
      values: [reports.map((report) => report.userId), reports.map((report) => report.key?.key)],
    });
    const counted = await client.query<Row>(query);
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
const countKeyedInBatch = batchedStatement(KEYED_REPORTS);

/** PostgreSQL's codes for a batch that met a key in flight too long, a deadlock, or a key taken meanwhile. */
const TAKE_THE_LONGER_PATH = new Set(['55P03', '40P01', '23505']);

/**
 * Counts a new report on a free published story with the others sent at the same moment (server/db/batched.ts),
 * its key with it when it came with one; undefined when it counted nothing here (any other chapter, a report id
 * or a key sent before) and must take the path of several statements.
 */
export function countFreeReport(pool: pg.Pool, report: FreeReport): Promise<CountedReport | undefined> {
  // A batch that failed on a key (held too long, or written meanwhile) fails every report in it: each then takes
  // the path of several statements, as a report counted nothing here does. Any other failure (the database gone)
  // is the request's. Keyed reports go in batches of their own: a plain report never waits for a key.
  const counting = report.key ? countKeyedInBatch(pool, report) : countInBatch(pool, report);
  return counting.catch((error: unknown) => {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && TAKE_THE_LONGER_PATH.has(code)) return undefined;
    throw error;
  });
}
