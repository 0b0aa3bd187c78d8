import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import {
  addDays,
  DEFAULT_DAILY_GOAL_MINUTES,
  MAX_READING_REPORT_SECONDS,
  MAX_READING_SECONDS_PER_DAY,
  readingStreak,
} from '#common/activity.ts';
import { type BatchedStatement, batchedStatement } from '#server/db/batched.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { laterOf, momentOf } from '#server/db/moment.ts';
import { chapters, languages, readingDays, readingReports, stories } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { NO_SUCH_LANGUAGE } from '#server/languages/service.ts';
import { CHAPTER_NOT_FOUND, requireReadable } from '#server/policies/rules.ts';
import type { Viewer } from '#server/policies/viewer.ts';
import { countFreeReport } from './free-reports.ts';

export interface DailyGoalRow {
  goalMinutes: number;
  todaySeconds: number;
}

type DailyGoalItem = { userId: string; today: string; languageCode: string };
type DailyGoalQueryRow = { i: string; goal: number | null; seconds: number | null };

/** The daily goals asked in one turn, in one named statement (server/db/batched.ts). */
const DAILY_GOALS: BatchedStatement<DailyGoalItem, DailyGoalQueryRow, DailyGoalRow> = {
  name: 'daily-goals-v1',
  text: `SELECT k.i, g.goal_minutes AS goal, d.seconds
         FROM unnest($1::uuid[], $2::date[], $3::text[]) WITH ORDINALITY AS k(user_id, day, code, i)
         JOIN languages l ON l.code = k.code
         LEFT JOIN daily_goals g ON g.user_id = k.user_id AND g.language_id = l.id
         LEFT JOIN reading_days d ON d.user_id = k.user_id AND d.day = k.day AND d.language_id = l.id`,
  values: (items) => [
    items.map((item) => item.userId),
    items.map((item) => item.today),
    items.map((item) => item.languageCode),
  ],
  answer: ([row]) => {
    if (!row) throw new HttpError(400, NO_SUCH_LANGUAGE);
    return { goalMinutes: row.goal ?? DEFAULT_DAILY_GOAL_MINUTES, todaySeconds: row.seconds ?? 0 };
  },
};
const askDailyGoal = batchedStatement(DAILY_GOALS);

/**
 * The learner's goal in a language (the default when never set) and their reading time in it on `today`,
 * their local date; 400 for a language that does not exist. Polled every 30 seconds by every learner reading:
 * the goals asked at the same moment are read in one statement.
 */
export function getDailyGoal(
  pool: pg.Pool,
  userId: string,
  languageCode: string,
  today: string,
): Promise<DailyGoalRow> {
  return askDailyGoal(pool, { userId, today, languageCode });
}

/**
 * Sets the learner's goal in a language (already checked to be 1–300) and answers it with their reading time on
 * `today`, in one statement, through `db` (the transaction of an Idempotency-Key, decision 084); 400 for a
 * language that does not exist. `changedAt`, when the learner changed it offline, dates the change (never
 * moving a later one back).
 */
export async function setDailyGoal(
  db: Database | Transaction,
  userId: string,
  goal: { languageCode: string; goalMinutes: number; today: string; changedAt?: Date | undefined },
): Promise<DailyGoalRow> {
  const changed = momentOf(goal.changedAt);
  const { rows } = await db.execute<{ goal: number; seconds: number | null }>(sql`
    WITH goal AS (
      INSERT INTO daily_goals (user_id, language_id, goal_minutes, created_at, updated_at)
      SELECT ${userId}::uuid, l.id, ${goal.goalMinutes}::int, ${changed}, ${changed}
      FROM languages l WHERE l.code = ${goal.languageCode}
      ON CONFLICT (user_id, language_id)
      DO UPDATE SET goal_minutes = excluded.goal_minutes,
                    updated_at = ${laterOf(sql`daily_goals.updated_at`, goal.changedAt)}
      RETURNING language_id, goal_minutes
    )
    SELECT goal.goal_minutes AS goal, d.seconds
    FROM goal
    LEFT JOIN reading_days d ON d.user_id = ${userId} AND d.day = ${goal.today} AND d.language_id = goal.language_id
  `);
  const row = rows[0];
  if (!row) throw new HttpError(400, NO_SUCH_LANGUAGE);
  return { goalMinutes: row.goal, todaySeconds: row.seconds ?? 0 };
}

export interface ReadingTimeResult {
  language: string;
  secondsCounted: number;
  timeSpent: number;
}

/** One reading-time report: its chapter, its seconds, and the id the client gave it (when it gave one). */
export interface ReadingReport {
  chapterId: number;
  seconds: number;
  /** The same id sent again (a retry) is acknowledged, not counted again. */
  reportId?: string | undefined;
}

/**
 * Counts a reading-time report on the learner's local date `day`, for the chapter's language: at most 300
 * seconds a report and 24 hours a day. Only a chapter the learner may read is counted, by the rule that opens
 * it (requireReadable): one that does not exist, or whose story is unpublished (unless the learner is an
 * admin), is 404; one of a Pro story, for a learner without Pro, 403. A report whose id was counted already
 * answers what it counted then, and the day's time as it is now. A new report on a free published story is
 * counted in one statement with the others sent at the same moment (free-reports.ts); any other reads the
 * learner's plan first.
 */
export async function trackReadingTime(
  { db, pool }: { db: Database | Transaction; pool?: pg.Pool | undefined },
  reader: Viewer,
  report: ReadingReport,
  day: string,
): Promise<ReadingTimeResult> {
  // Without the pool (inside the transaction of an Idempotency-Key, whose key must commit with the seconds),
  // every report takes the path of several statements.
  const quick = pool ? await trackFreeReport(pool, reader.userId, report, day) : undefined;
  // Nothing to add, a repeat, or a chapter of a story not free, or unpublished (or none at all): the slower
  // path, which asks the rule of reading.
  return quick ?? trackReport(db, reader, report, Math.min(report.seconds, MAX_READING_REPORT_SECONDS), day);
}

/**
 * A new report of more than 0 seconds on a free published story, counted with the reports sent at the same
 * moment (free-reports.ts); with `key`, the Idempotency-Key equal to its report id (as the reader sends it), kept
 * with it and the answer it is given. Undefined leaves it to the path of several statements (trackReport, or the
 * key's transaction in server/http/offline.ts).
 */
export async function trackFreeReport(
  pool: pg.Pool,
  userId: string,
  report: ReadingReport,
  day: string,
  key?: { key: string; endpoint: string; fingerprint: string },
): Promise<ReadingTimeResult | undefined> {
  const counted = Math.min(report.seconds, MAX_READING_REPORT_SECONDS);
  if (counted <= 0) return undefined;
  const { chapterId } = report;
  const reportId = report.reportId ?? null;
  const quick = await countFreeReport(pool, { userId, chapterId, day, seconds: counted, reportId, key });
  return quick && { ...quick, secondsCounted: counted };
}

/** Any report, by the rule of reading: several statements, and the learner's plan for a story not free. */
async function trackReport(
  db: Database | Transaction,
  reader: Viewer,
  report: ReadingReport,
  counted: number,
  day: string,
): Promise<ReadingTimeResult> {
  const [chapter] = await db
    .select({
      languageId: stories.languageId,
      language: languages.code,
      isPublished: stories.isPublished,
      isFree: stories.isFree,
    })
    .from(chapters)
    .innerJoin(stories, eq(stories.id, chapters.storyId))
    .innerJoin(languages, eq(languages.id, stories.languageId))
    .where(eq(chapters.id, report.chapterId));
  if (!chapter) throw new HttpError(404, CHAPTER_NOT_FOUND);
  await requireReadable(reader, chapter);
  const entry = { userId: reader.userId, day, languageId: chapter.languageId };
  const secondsCounted = await db.transaction(async (tx) => {
    const repeated = report.reportId
      ? await countedBefore(tx, reader.userId, report.reportId, counted)
      : undefined;
    if (repeated !== undefined || counted === 0) return repeated ?? 0;
    await tx
      .insert(readingDays)
      .values({ ...entry, seconds: counted })
      .onConflictDoUpdate({
        target: [readingDays.userId, readingDays.day, readingDays.languageId],
        set: {
          seconds: sql`least(${readingDays.seconds} + excluded.seconds, ${MAX_READING_SECONDS_PER_DAY}::int)`,
          updatedAt: sql`now()`,
        },
      });
    return counted;
  });
  const [row] = await db
    .select({ seconds: readingDays.seconds })
    .from(readingDays)
    .where(
      and(
        eq(readingDays.userId, entry.userId),
        eq(readingDays.day, entry.day),
        eq(readingDays.languageId, entry.languageId),
      ),
    );
  return { language: chapter.language, secondsCounted, timeSpent: row?.seconds ?? 0 };
}

/**
 * Records a report's id with what it counts; when the learner sent that id before, answers what it counted
 * then instead (and records nothing). A report of 0 seconds counts nothing and is not recorded.
 */
async function countedBefore(
  tx: Transaction,
  userId: string,
  reportId: string,
  seconds: number,
): Promise<number | undefined> {
  if (seconds > 0) {
    const recorded = await tx
      .insert(readingReports)
      .values({ userId, reportId, secondsCounted: seconds })
      .onConflictDoNothing()
      .returning({ seconds: readingReports.secondsCounted });
    if (recorded.length > 0) return undefined;
  }
  const [before] = await tx
    .select({ seconds: readingReports.secondsCounted })
    .from(readingReports)
    .where(and(eq(readingReports.userId, userId), eq(readingReports.reportId, reportId)));
  return before?.seconds;
}

/** How long a report's id is kept: a retry comes within seconds, or at worst when the device is back online. */
const REPORT_IDS_KEPT = '1 day';

/** Forgets the ids of reports older than a day (every hour, server/app.ts); answers how many. */
export async function pruneReadingReports(db: Database): Promise<number> {
  const pruned = await db
    .delete(readingReports)
    .where(sql`${readingReports.createdAt} < now() - ${REPORT_IDS_KEPT}::interval`)
    .returning({ userId: readingReports.userId });
  return pruned.length;
}

/**
 * Adds the words of a chapter just marked read to the learner's local day, in the mark-read transaction
 * (server/progress/service.ts).
 */
export async function addWordsToDay(
  tx: Transaction,
  entry: { userId: string; languageId: number; day: string; words: number },
): Promise<void> {
  if (entry.words <= 0) return;
  await tx
    .insert(readingDays)
    .values({ userId: entry.userId, day: entry.day, languageId: entry.languageId, wordsRead: entry.words })
    .onConflictDoUpdate({
      target: [readingDays.userId, readingDays.day, readingDays.languageId],
      set: { wordsRead: sql`${readingDays.wordsRead} + excluded.words_read`, updatedAt: sql`now()` },
    });
}

export interface ActivityDayRow {
  date: string;
  timeSpent: number;
  wordsRead: number;
}

/** How far back the streak's walk reads first; a longer streak reads twice as far, and so on. */
const STREAK_WINDOW_DAYS = 400;
/** A streak is not counted back further than this (a century of days). */
const MAX_STREAK_DAYS = 36_600;

/**
 * The learner's reading per local day from `from` to `to` (days without reading left out), summed over
 * languages or for one, and the streak ending on `today`; 400 for a language that does not exist.
 */
export async function getActivity(
  pool: pg.Pool,
  userId: string,
  options: { languageCode?: string; from: string; to: string; today: string },
): Promise<{ streak: number; days: ActivityDayRow[] }> {
  const { languageId, days } = await askActivity(pool, { userId, ...options });
  const { today } = options;
  // The range usually ends today: its days give the streak, unless the streak runs back past its start.
  if (options.from < today && options.to >= today) {
    const streak = readingStreak(
      days.map((day) => day.date),
      today,
    );
    if (streakStart(today, streak, days) > options.from) return { streak, days };
  }
  return { streak: await streakEndingOn(pool, userId, languageId, today), days };
}

type ActivityItem = { userId: string; languageCode?: string; from: string; to: string };
type ActivityQueryRow = {
  i: string;
  is_known: boolean;
  language_id: number | null;
  date: string | null;
  timeSpent: number;
  wordsRead: number;
};
type ActivityAnswer = { languageId: number | null; days: ActivityDayRow[] };

/**
 * The activity calendars asked in one turn, in one named statement (server/db/batched.ts): for each, a row per
 * day with reading in its range (summed over its languages, or for one), or one row without a date when there
 * is none; a language that does not exist is told apart.
 */
const ACTIVITIES: BatchedStatement<ActivityItem, ActivityQueryRow, ActivityAnswer> = {
  name: 'activities-v1',
  text: `SELECT k.i, k.code IS NULL OR l.id IS NOT NULL AS is_known, l.id AS language_id,
           to_char(r.day, 'YYYY-MM-DD') AS date,
           coalesce(sum(r.seconds), 0)::int AS "timeSpent", coalesce(sum(r.words_read), 0)::int AS "wordsRead"
         FROM unnest($1::uuid[], $2::date[], $3::date[], $4::text[]) WITH ORDINALITY
           AS k(user_id, from_day, to_day, code, i)
         LEFT JOIN languages l ON l.code = k.code
         LEFT JOIN reading_days r ON r.user_id = k.user_id AND r.day BETWEEN k.from_day AND k.to_day
           AND (k.code IS NULL OR r.language_id = l.id) AND (r.seconds > 0 OR r.words_read > 0)
         GROUP BY k.i, k.code, l.id, r.day
         ORDER BY k.i, r.day`,
  values: (items) => [
    items.map((item) => item.userId),
    items.map((item) => item.from),
    items.map((item) => item.to),
    items.map((item) => item.languageCode ?? null),
  ],
  answer: (rows) => {
    const [first] = rows;
    if (first && !first.is_known) throw new HttpError(400, NO_SUCH_LANGUAGE);
    const days: ActivityDayRow[] = [];
    for (const row of rows) {
      if (row.date !== null)
        days.push({ date: row.date, timeSpent: row.timeSpent, wordsRead: row.wordsRead });
    }
    return { languageId: first?.language_id ?? null, days };
  },
};
const askActivity = batchedStatement(ACTIVITIES);

/** The first day of a streak of `streak` days ending today or yesterday. */
function streakStart(today: string, streak: number, days: ActivityDayRow[]): string {
  const hasToday = days.some((day) => day.date === today);
  return addDays(today, (hasToday ? 0 : -1) - streak + 1);
}

/**
 * The days with reading from `from` to `to`, summed over the learner's languages or for one: a named statement,
 * planned once per connection (planning was 82 % of its time, decision 086).
 */
async function activeDays(
  pool: pg.Pool,
  userId: string,
  languageId: number | null,
  from: string,
  to: string,
): Promise<ActivityDayRow[]> {
  const { rows } = await pool.query<ActivityDayRow>({
    name: 'activity-days-v1',
    text: `SELECT to_char(day, 'YYYY-MM-DD') AS date,
             sum(seconds)::int AS "timeSpent",
             sum(words_read)::int AS "wordsRead"
           FROM reading_days
           WHERE user_id = $1 AND day BETWEEN $2 AND $3
             AND ($4::integer IS NULL OR language_id = $4)
             AND (seconds > 0 OR words_read > 0)
           GROUP BY day
           ORDER BY day`,
    values: [userId, from, to, languageId],
  });
  return rows;
}

/** The streak ending on `today` (or yesterday), read back a window at a time until a day without reading. */
async function streakEndingOn(
  pool: pg.Pool,
  userId: string,
  languageId: number | null,
  today: string,
): Promise<number> {
  for (let window = STREAK_WINDOW_DAYS; ; window *= 2) {
    const from = addDays(today, -window);
    const days = await activeDays(pool, userId, languageId, from, today);
    const streak = readingStreak(
      days.map((day) => day.date),
      today,
    );
    // Reaching back to the window's first day: the streak may go on before it.
    if (streak === 0 || streakStart(today, streak, days) > from || window >= MAX_STREAK_DAYS) return streak;
  }
}
