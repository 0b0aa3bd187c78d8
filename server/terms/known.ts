// How much of each story a learner knows (issue 22, decision 072), kept as counts so the library never scans
// stories' words per request: learner_story_known holds, per learner and story, the running words whose term
// they understand (UNDERSTOOD_STATUSES), those terms counted once, and the terms they marked at all. A status change adds its difference here;
// a change of a story's terms remakes the story's rows for every learner (recount_story_known, migration 0022).
import { sql } from 'drizzle-orm';
import { statusNumber, type TermStatus, UNDERSTOOD_STATUSES } from '#common/terms.ts';
import type { Database, Transaction } from '#server/db/client.ts';

/** The advisory lock class recount_story_known takes exclusively per language (migration 0022). */
const RECOUNT_LOCK_CLASS = 22001;

const UNDERSTOOD = new Set(UNDERSTOOD_STATUSES.map(statusNumber));

/** Whether a stored status (a number, or none for new) counts as known in a share. */
export function isUnderstood(status: number | null | undefined): boolean {
  return status != null && UNDERSTOOD.has(status);
}

/**
 * What a status change adds to a learner's counts of a story holding the term: `known` +1 when it becomes
 * understood, -1 when it stops being so; `marked` +1 when a new term gets a status, -1 when it loses it (new
 * again). A story's new words are its terms not marked.
 */
export interface Difference {
  known: number;
  marked: number;
}

/** The difference a term's change from `before` (a stored number, or none: new) to `after` (null: new) makes. */
export function differenceOf(before: number | null | undefined, after: TermStatus | null): Difference {
  return {
    known: Number(after !== null && isUnderstood(statusNumber(after))) - Number(isUnderstood(before)),
    marked: Number(after !== null) - Number(before != null),
  };
}

/**
 * Runs a change of a learner's statuses in one language inside a transaction that holds their lock (so two of
 * their changes never count the same difference twice) and the language's shared lock (so a story being
 * recounted is not changed under it), then adds the differences the change answers to their story counts.
 */
export async function changeStatuses<T>(
  db: Database,
  userId: string,
  languageId: number,
  change: (tx: Transaction) => Promise<{ result: T; differences: Map<string, Difference> }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`term-statuses:${userId}:${languageId}`}, 0))`,
    );
    await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${RECOUNT_LOCK_CLASS}, ${languageId})`);
    const { result, differences } = await change(tx);
    await addDifferences(tx, userId, languageId, differences);
    return result;
  });
}

/**
 * Adds to the learner's story counts what the terms' changes make (known and marked, +1 or -1 each): for each
 * story of the language holding them, their occurrences and their number. One statement, each term looked up
 * through chapter_terms' (term, chapter_id) index.
 */
async function addDifferences(
  tx: Transaction,
  userId: string,
  languageId: number,
  differences: Map<string, Difference>,
): Promise<void> {
  const changed = [...differences].filter(([, { known, marked }]) => known !== 0 || marked !== 0);
  if (changed.length === 0) return;
  const rows = JSON.stringify(changed.map(([term, { known, marked }]) => ({ term, known, marked })));
  await tx.execute(sql`
    WITH d AS (
      SELECT * FROM jsonb_to_recordset(${rows}::jsonb) AS d(term text, known int, marked int)
    ), per_story AS (
      -- Term by term through the index: joined as a set, PostgreSQL guesses 100 terms and reads every
      -- chapter_terms row of the language (0.8 s for a mark-known of 284 terms over 5,000 chapters, bench:reading);
      -- OFFSET 0 keeps each lookup its own.
      SELECT c.story_id, d.term, sum(ct.occurrences)::int AS occurrences
      FROM d
      CROSS JOIN LATERAL (
        SELECT x.chapter_id, x.occurrences FROM chapter_terms x WHERE x.term = d.term OFFSET 0
      ) ct
      JOIN chapters c ON c.id = ct.chapter_id
      JOIN stories s ON s.id = c.story_id AND s.language_id = ${languageId}
      GROUP BY c.story_id, d.term
    )
    INSERT INTO learner_story_known AS k
      (user_id, language_id, story_id, known_occurrences, known_terms, marked_terms)
    SELECT ${userId}, ${languageId}, p.story_id, sum(p.occurrences * d.known), sum(d.known), sum(d.marked)
    FROM per_story p JOIN d ON d.term = p.term
    GROUP BY p.story_id
    ON CONFLICT (user_id, language_id, story_id) DO UPDATE
    SET known_occurrences = k.known_occurrences + excluded.known_occurrences,
        known_terms = k.known_terms + excluded.known_terms,
        marked_terms = k.marked_terms + excluded.marked_terms`);
}

/**
 * Remakes the counts of a chapter's story (its running words and terms, and every learner's known share) after
 * its terms were written, in the caller's transaction: one statement (recount_story_known).
 */
export async function recountStoryOfChapter(tx: Transaction, chapterId: number): Promise<void> {
  await tx.execute(sql`SELECT recount_story_known(story_id) FROM chapters WHERE id = ${chapterId}`);
}
