// The learner's known words over time (issue 22, decision 075), for /progress: per language the terms known
// now, those that became known today, and the count at the end of each day of a range, from when each known
// term became known (term_statuses.known_since, kept by a trigger), grouped on the learner's local dates.
import { sql } from 'drizzle-orm';
import { addDays, localDate } from '#common/activity.ts';
import type { KnownWords, KnownWordsLanguage } from '#common/schemas/terms.ts';
import { statusNumber } from '#common/terms.ts';
import type { Database } from '#server/db/client.ts';

/** PostgreSQL's "invalid parameter value": a time zone its tz database lacks though the runtime knows it. */
const INVALID_PARAMETER = '22023';

type DayCount = {
  language_id: number;
  /** The local date, or null for every day before the range. */
  day: string | null;
  count: number;
};

async function countsByDay(db: Database, userId: string, timeZone: string, from: string) {
  const { rows } = await db.execute<DayCount>(sql`
    WITH k AS (
      SELECT language_id, (known_since AT TIME ZONE ${timeZone})::date AS day
      FROM term_statuses
      WHERE user_id = ${userId} AND status = ${statusNumber('known')}
    )
    SELECT language_id, CASE WHEN day < ${from}::date THEN NULL ELSE to_char(day, 'YYYY-MM-DD') END AS day,
      count(*)::int AS count
    FROM k GROUP BY 1, 2`);
  return rows;
}

function isInvalidParameter(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  return code === INVALID_PARAMETER || cause?.code === INVALID_PARAMETER;
}

/** The languages the learner reads (a progress entry), knows words in (`ids`) or has marked words in. */
async function languagesOf(db: Database, userId: string, ids: readonly number[]) {
  const { rows } = await db.execute<{ id: number; code: string; name: string }>(sql`
    SELECT l.id, l.code, l.name FROM languages l
    WHERE l.id IN (SELECT language_id FROM user_language_progress WHERE user_id = ${userId})
       OR l.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)
       OR EXISTS (SELECT 1 FROM term_statuses ts WHERE ts.user_id = ${userId} AND ts.language_id = l.id)`);
  return rows;
}

/** Each day of the range with the known count at its end: those before it, then each day's added. */
function daysOf(from: string, today: string, before: number, added: ReadonlyMap<string, number>) {
  const days: KnownWordsLanguage['days'] = [];
  let known = before;
  for (let date = from; date <= today; date = addDays(date, 1)) {
    known += added.get(date) ?? 0;
    days.push({ date, known });
  }
  // A clock ahead of the learner's: a day past today counts on today.
  for (const [date, count] of added) if (date > today) (days.at(-1) as { known: number }).known += count;
  return days;
}

/**
 * The learner's known words from `days` days back (today included) to today in their time zone: every
 * language they read or know words in, most known first. A zone PostgreSQL does not know counts in UTC.
 */
export async function knownWordsOf(
  db: Database,
  userId: string,
  range: { days: number; timeZone: string; now?: number },
): Promise<KnownWords> {
  const spanIn = (timeZone: string) => {
    const today = localDate(range.now ?? Date.now(), timeZone);
    return { timeZone, today, from: addDays(today, 1 - range.days) };
  };
  let span = spanIn(range.timeZone);
  let counts: DayCount[];
  try {
    counts = await countsByDay(db, userId, span.timeZone, span.from);
  } catch (error) {
    if (!isInvalidParameter(error)) throw error;
    span = spanIn('UTC');
    counts = await countsByDay(db, userId, span.timeZone, span.from);
  }
  const { today, from } = span;
  const byLanguage = new Map<number, { before: number; added: Map<string, number> }>();
  for (const row of counts) {
    const entry = byLanguage.get(row.language_id) ?? { before: 0, added: new Map<string, number>() };
    if (row.day === null) entry.before += row.count;
    else entry.added.set(row.day, row.count);
    byLanguage.set(row.language_id, entry);
  }
  const languages = (await languagesOf(db, userId, [...byLanguage.keys()])).map((language) => {
    const entry = byLanguage.get(language.id) ?? { before: 0, added: new Map<string, number>() };
    const days = daysOf(from, today, entry.before, entry.added);
    const known = days.at(-1)?.known ?? entry.before;
    const learnedToday = known - (days.at(-2)?.known ?? entry.before);
    return { language: language.code, name: language.name, known, learned_today: learnedToday, days };
  });
  languages.sort((a, b) => b.known - a.known || a.name.localeCompare(b.name));
  return { today, from, languages };
}
