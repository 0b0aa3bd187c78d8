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
 * reports, seconds of reading, and nothing else.
 */
const FREE_REPORTS: BatchedStatement<FreeReport, Row, CountedReport | undefined> = {
  name: 'track-reading-time-v2',
  text: `WITH relaxed AS (
  SELECT set_config('synchronous_commit', 'off', true)
), sent AS (
  SELECT k.*, s.language_id, l.code
  FROM unnest($1::uuid[], $2::int[], $3::date[], $4::int[], $5::uuid[])
    WITH ORDINALITY AS k(user_id, chapter_id, day, seconds, report_id, i)
  JOIN chapters c ON c.id = k.chapter_id
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
  SELECT a.i, a.code, a.user_id, a.day, a.language_id,
    sum(a.seconds) OVER (PARTITION BY a.user_id, a.day, a.language_id ORDER BY a.i) AS up_to,
    sum(a.seconds) OVER (PARTITION BY a.user_id, a.day, a.language_id) AS whole
  FROM accepted a
)
SELECT r.i, r.code AS language,
  (CASE WHEN c.seconds < $6::int THEN c.seconds - r.whole + r.up_to
        ELSE least(coalesce(b.seconds, 0) + r.up_to, $6::int) END)::int AS time_spent
FROM relaxed, running r
JOIN counted c USING (user_id, day, language_id)
LEFT JOIN before b USING (user_id, day, language_id)`,
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
 * Counts a new report on a free published story with the others sent at the same moment (server/db/batched.ts);
 * undefined when it counted nothing here (any other chapter, or a report id sent before).
 */
export const countFreeReport: (pool: pg.Pool, report: FreeReport) => Promise<CountedReport | undefined> =
  batchedStatement(FREE_REPORTS);
