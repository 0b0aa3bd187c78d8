// How much of each story a learner knows (issue 22, decision 072), kept as counts so the library never scans
// stories' words per request: learner_story_known holds, per learner and story, the running words whose term
// they understand (UNDERSTOOD_STATUSES) and those terms counted once. A status change adds its difference here;
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

/** +1 when a term becomes understood, -1 when it stops being so, 0 otherwise. */
export function knownDifference(before: number | null | undefined, after: TermStatus | null): number {
  return Number(after !== null && isUnderstood(statusNumber(after))) - Number(isUnderstood(before));
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
  change: (tx: Transaction) => Promise<{ result: T; differences: Map<string, number> }>,
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
 * Adds to the learner's story counts what terms becoming known (+1) or no longer known (-1) change: for each
 * story of the language holding them, their occurrences and their number. One statement, through chapter_terms'
 * (term, chapter_id) index.
 */
async function addDifferences(
  tx: Transaction,
  userId: string,
  languageId: number,
  differences: Map<string, number>,
): Promise<void> {
  const changed = [...differences].filter(([, difference]) => difference !== 0);
  if (changed.length === 0) return;
  const terms = JSON.stringify(changed.map(([term]) => term));
  const amounts = JSON.stringify(changed.map(([, difference]) => difference));
  await tx.execute(sql`
    WITH d AS (
      SELECT t.term, a.amount::int AS amount
      FROM jsonb_array_elements_text(${terms}::jsonb) WITH ORDINALITY AS t(term, n)
      JOIN jsonb_array_elements_text(${amounts}::jsonb) WITH ORDINALITY AS a(amount, n) USING (n)
    ), per_story AS (
      SELECT c.story_id, ct.term, sum(ct.occurrences)::int AS occurrences
      FROM d
      JOIN chapter_terms ct ON ct.term = d.term
      JOIN chapters c ON c.id = ct.chapter_id
      JOIN stories s ON s.id = c.story_id AND s.language_id = ${languageId}
      GROUP BY c.story_id, ct.term
    )
    INSERT INTO learner_story_known AS k (user_id, language_id, story_id, known_occurrences, known_terms)
    SELECT ${userId}, ${languageId}, p.story_id, sum(p.occurrences * d.amount), sum(d.amount)
    FROM per_story p JOIN d ON d.term = p.term
    GROUP BY p.story_id
    ON CONFLICT (user_id, language_id, story_id) DO UPDATE
    SET known_occurrences = k.known_occurrences + excluded.known_occurrences,
        known_terms = k.known_terms + excluded.known_terms`);
}

/**
 * Remakes the counts of a chapter's story (its running words and terms, and every learner's known share) after
 * its terms were written, in the caller's transaction: one statement (recount_story_known).
 */
export async function recountStoryOfChapter(tx: Transaction, chapterId: number): Promise<void> {
  await tx.execute(sql`SELECT recount_story_known(story_id) FROM chapters WHERE id = ${chapterId}`);
}
