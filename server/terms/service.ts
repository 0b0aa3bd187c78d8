// What a learner knows (issue 22): the status of each term per learner and language, set from the word panel
// and by a lookup, and the statuses of a chapter's terms for the reader. The terms of chapters are kept by
// chapters.ts, after each save and when a dictionary is replaced.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAX_LOOKUP_WORD_LENGTH } from '#common/dictionary.ts';
import type { ForgetTermsInput, ResetTermInput, SetTermStatusInput } from '#common/schemas/terms.ts';
import { LOOKED_UP_STATUS, statusNumber, statusOfNumber, type TermStatus, termOf } from '#common/terms.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { laterOf, momentOf } from '#server/db/moment.ts';
import { chapters, chapterTerms, languages, stories, termStatuses } from '#server/db/schema.ts';
import { lemmasOf } from '#server/dictionary/lookup/service.ts';
import { HttpError } from '#server/http/errors.ts';
import { NO_SUCH_LANGUAGE } from '#server/languages/service.ts';
import { CHAPTER_NOT_FOUND, requireReadable } from '#server/policies/rules.ts';
import type { Viewer } from '#server/policies/viewer.ts';

import { refreshChapterTerms } from './chapters.ts';
import { changeStatuses, differenceOf } from './known.ts';

export { refreshChapterTerms, refreshStaleChapterTerms, termsOfChapter } from './chapters.ts';

/** Why a term cannot be kept: nothing is left of it once its punctuation is stripped, or it is too long. */
export const NO_TERM = `term must be a word of at most ${MAX_LOOKUP_WORD_LENGTH} characters.`;

export interface TermStatusRow {
  language: string;
  term: string;
  status: TermStatus;
}

function statusOf(value: number): TermStatus {
  const status = statusOfNumber(value);
  // The column's CHECK holds it to 1-6.
  if (!status) throw new Error(`No status is numbered ${value}`);
  return status;
}

/** A language by its code; 404 for one the site does not have. */
export async function languageByCode(
  db: Database | Transaction,
  code: string,
): Promise<{ id: number; code: string }> {
  const [language] = await db
    .select({ id: languages.id, code: languages.code })
    .from(languages)
    .where(eq(languages.code, code));
  if (!language) throw new HttpError(404, NO_SUCH_LANGUAGE);
  return language;
}

/**
 * Sets the learner's status of a term (PUT /api/terms/status/): any status, lower than before too. The term is
 * keyed again as terms are ("Pequeña" is kept as "pequeña"); 404 for a language the site does not have. `at`,
 * for a status set offline (decision 084), dates the change: a term it makes known is known since then, for
 * the known words day by day (history.ts).
 */
export async function setTermStatus(
  db: Database | Transaction,
  userId: string,
  input: SetTermStatusInput,
  at?: Date,
): Promise<TermStatusRow> {
  const language = await languageByCode(db, input.language);
  const term = termOf(input.term, language.code);
  if (!term) throw new HttpError(400, NO_TERM);
  const status = statusNumber(input.status);
  const known = statusNumber('known');
  await changeStatuses(db, userId, language.id, async (tx) => {
    const { rows } = await tx.execute<{ before: number | null }>(sql`
      SELECT (SELECT status FROM ${termStatuses}
              WHERE user_id = ${userId} AND language_id = ${language.id} AND term = ${term}) AS before`);
    const before = rows[0]?.before;
    await tx
      .insert(termStatuses)
      .values({
        userId,
        languageId: language.id,
        term,
        status,
        createdAt: momentOf(at),
        updatedAt: momentOf(at),
      })
      .onConflictDoUpdate({
        target: [termStatuses.userId, termStatuses.languageId, termStatuses.term],
        set: { status, updatedAt: laterOf(termStatuses.updatedAt, at) },
      });
    // The trigger dates a term that becomes known now(); one made known offline was known from then.
    if (at && status === known && before !== known) {
      await tx
        .update(termStatuses)
        .set({ knownSince: at })
        .where(
          and(
            eq(termStatuses.userId, userId),
            eq(termStatuses.languageId, language.id),
            eq(termStatuses.term, term),
          ),
        );
    }
    return { result: undefined, differences: new Map([[term, differenceOf(before, input.status)]]) };
  });
  return { language: language.code, term, status: input.status };
}

/**
 * A looked-up word's term (its own dictionary form as the reader sent it, else the dictionary's, else the word)
 * made learning-1 if it had no status; a lookup never lowers one. Answers the term and its status now;
 * undefined for a word with no term (punctuation only).
 */
export async function markLookedUp(
  db: Database,
  userId: string,
  language: { id: number; code: string },
  word: { text: string; lemma?: string },
): Promise<{ term: string; status: TermStatus } | undefined> {
  const key = termOf(word.text, language.code);
  if (!key) return undefined;
  const lemma = word.lemma ?? (await lemmasOf(db, language.code, [key])).lemmas.get(key);
  const term = termOf(word.text, language.code, lemma) ?? key;
  // Most taps are of terms the learner has marked already: one read, no transaction, as a lookup never changes
  // a status it finds.
  const [found] = await db
    .select({ status: termStatuses.status })
    .from(termStatuses)
    .where(
      and(
        eq(termStatuses.userId, userId),
        eq(termStatuses.languageId, language.id),
        eq(termStatuses.term, term),
      ),
    );
  if (found) return { term, status: statusOf(found.status) };
  // A first mark, through changeStatuses: the term is no longer one of its stories' new words. A save of the
  // same term meanwhile may win the insert; its status is then read.
  const status = await changeStatuses(db, userId, language.id, async (tx) => {
    const { rows } = await tx.execute<{ status: number; added: boolean }>(sql`
      WITH added AS (
        INSERT INTO ${termStatuses} (user_id, language_id, term, status)
        VALUES (${userId}, ${language.id}, ${term}, ${statusNumber(LOOKED_UP_STATUS)})
        ON CONFLICT DO NOTHING
        RETURNING status
      )
      SELECT status, true AS added FROM added
      UNION ALL
      SELECT status, false AS added FROM ${termStatuses}
      WHERE user_id = ${userId} AND language_id = ${language.id} AND term = ${term}
      LIMIT 1`);
    const row = rows[0];
    const differences = new Map(row?.added ? [[term, differenceOf(null, LOOKED_UP_STATUS)]] : []);
    return { result: row?.status, differences };
  });
  return { term, status: status === undefined ? LOOKED_UP_STATUS : statusOf(status) };
}

/**
 * The learner's statuses of a chapter's terms, by term (a term without one is new): one query over the
 * chapter's terms and the learner's statuses, both by their keys.
 */
export async function statusesOfChapter(
  db: Database,
  userId: string,
  chapter: { id: number; languageId: number },
): Promise<Record<string, TermStatus>> {
  const rows = await db
    .select({ term: termStatuses.term, status: termStatuses.status })
    .from(chapterTerms)
    .innerJoin(
      termStatuses,
      and(
        eq(termStatuses.userId, userId),
        eq(termStatuses.languageId, chapter.languageId),
        eq(termStatuses.term, chapterTerms.term),
      ),
    )
    .where(eq(chapterTerms.chapterId, chapter.id));
  const statuses: Record<string, TermStatus> = {};
  for (const row of rows) statuses[row.term] = statusOf(row.status);
  return statuses;
}

/**
 * Makes every term of a chapter that is new to the learner known ('Also mark the remaining new words as known'),
 * in one statement; a term with a status keeps it. The chapter must be readable by the learner (404, 403 as
 * the reader answers). Answers the terms it made known, for an undo.
 */
export async function markChapterKnown(
  db: Database,
  viewer: Viewer,
  chapterId: number,
  /** Where to write and when it was done, for a mark sent late (decision 084); now, in `db`, otherwise. */
  change: { db: Database | Transaction; occurredAt: Date | undefined } = { db, occurredAt: undefined },
): Promise<{ language: string; terms: string[] }> {
  const [chapter] = await db
    .select({
      termsComputedAt: chapters.termsComputedAt,
      story: { isPublished: stories.isPublished, isFree: stories.isFree },
      languageId: stories.languageId,
      language: languages.code,
    })
    .from(chapters)
    .innerJoin(stories, eq(stories.id, chapters.storyId))
    .innerJoin(languages, eq(languages.id, stories.languageId))
    .where(eq(chapters.id, chapterId));
  if (!chapter) throw new HttpError(404, CHAPTER_NOT_FOUND);
  await requireReadable(viewer, chapter.story);
  // A chapter whose terms the sweep has not made yet gets them now: its words are on the learner's screen.
  if (chapter.termsComputedAt === null) await refreshChapterTerms(db, chapterId);
  const at = change.occurredAt;
  const terms = await changeStatuses(change.db, viewer.userId, chapter.languageId, async (tx) => {
    // The trigger dates a term made known now(); one made known offline was known from then.
    const { rows } = await tx.execute<{ term: string }>(sql`
      INSERT INTO ${termStatuses} (user_id, language_id, term, status, created_at, updated_at)
      SELECT ${viewer.userId}, ${chapter.languageId}, ct.term, ${statusNumber('known')}, ${momentOf(at)},
             ${momentOf(at)}
      FROM ${chapterTerms} ct WHERE ct.chapter_id = ${chapterId}
      ON CONFLICT DO NOTHING
      RETURNING term`);
    const made = rows.map((row) => row.term);
    if (at && made.length > 0) {
      await tx
        .update(termStatuses)
        .set({ knownSince: at })
        .where(
          and(
            eq(termStatuses.userId, viewer.userId),
            eq(termStatuses.languageId, chapter.languageId),
            inArray(termStatuses.term, made),
          ),
        );
    }
    // Each was new: now known.
    return { result: made, differences: new Map(made.map((term) => [term, { known: 1, marked: 1 }])) };
  });
  return { language: chapter.language, terms: terms.sort() };
}

/**
 * Undoes a mark-known: the given terms that are still known become new again (their status row goes); a term
 * the learner has since given another status keeps it. Answers how many changed; 404 for an unknown language.
 */
export async function forgetTerms(db: Database, userId: string, input: ForgetTermsInput): Promise<number> {
  const language = await languageByCode(db, input.language);
  const terms = [
    ...new Set(input.terms.map((term) => termOf(term, language.code)).filter((term) => term !== undefined)),
  ];
  if (terms.length === 0) return 0;
  return changeStatuses(db, userId, language.id, async (tx) => {
    const { rows } = await tx.execute<{ term: string }>(sql`
      DELETE FROM ${termStatuses}
      WHERE user_id = ${userId} AND language_id = ${language.id} AND status = ${statusNumber('known')}
        AND term IN (SELECT jsonb_array_elements_text(${JSON.stringify(terms)}::jsonb))
      RETURNING term`);
    // Each was known: now new.
    return {
      result: rows.length,
      differences: new Map(rows.map((row) => [row.term, { known: -1, marked: -1 }])),
    };
  });
}

/**
 * Makes a term new again (POST /api/terms/reset/): its status row goes, whatever it was, and the stories' counts
 * follow. Answers 1 when it had a status, 0 when it was new already; 404 for an unknown language.
 */
export async function resetTerm(db: Database, userId: string, input: ResetTermInput): Promise<number> {
  const language = await languageByCode(db, input.language);
  const term = termOf(input.term, language.code);
  if (!term) throw new HttpError(400, NO_TERM);
  return changeStatuses(db, userId, language.id, async (tx) => {
    const { rows } = await tx.execute<{ status: number }>(sql`
      DELETE FROM ${termStatuses}
      WHERE user_id = ${userId} AND language_id = ${language.id} AND term = ${term}
      RETURNING status`);
    const before = rows[0]?.status;
    return { result: rows.length, differences: new Map([[term, differenceOf(before, null)]]) };
  });
}
