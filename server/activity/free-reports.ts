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
 * The reports of one batch, counted by count_reading_reports (migration 0031, where the rule is written out):
 * one round trip and one transaction a batch. A report that gets no row (a chapter not in a free published
 * story, an id or a key sent before, the second of one id in a batch) takes the path that asks the rule of
 * reading. A group commit: reports arriving while a batch is in flight wait and go in the next one (decision 097).
 * Keyed reports go in batches of their own: a plain one never waits for a key's lock.
 */
function reportsStatement(name: string): BatchedStatement<FreeReport, Row, CountedReport | undefined> {
  return {
    name,
    oneInFlight: true,
    text: `SELECT i, language, time_spent
      FROM count_reading_reports($1::uuid[], $2::int[], $3::date[], $4::int[], $5::uuid[], $6::int,
        $7::uuid[], $8::text[], $9::text[])`,
    values: (reports) => [
      reports.map((report) => report.userId),
      reports.map((report) => report.chapterId),
      reports.map((report) => report.day),
      reports.map((report) => report.seconds),
      reports.map((report) => report.reportId),
      MAX_READING_SECONDS_PER_DAY,
      reports.map((report) => report.key?.key ?? null),
      reports.map((report) => report.key?.endpoint ?? null),
      reports.map((report) => report.key?.fingerprint ?? null),
    ],
    answer: ([row]) => row && { language: row.language, timeSpent: row.time_spent },
  };
}

const countInBatch = batchedStatement(reportsStatement('track-reading-time-v4'));
const countKeyedInBatch = batchedStatement(reportsStatement('track-keyed-reading-time-v1'));

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
