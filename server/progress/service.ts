import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { BASE_LANGUAGE_CODE } from '#common/languages.ts';
import type { LanguageProgressInput } from '#common/schemas/reading.ts';
import { addWordsToDay } from '#server/activity/service.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { laterOf, momentOf } from '#server/db/moment.ts';
import { chapterProgress, chapters, languages, stories, userLanguageProgress } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import {
  NO_SUCH_LANGUAGE,
  type PublicLanguageRow,
  publicLanguageColumns,
} from '#server/languages/service.ts';
import { CHAPTER_NOT_FOUND, requireReadable } from '#server/policies/rules.ts';
import type { Viewer } from '#server/policies/viewer.ts';

/** The chapter's story and language, for the progress calls; 404 for a chapter that does not exist. */
async function chapterForProgress(db: Database | Transaction, id: number) {
  const [row] = await db
    .select({
      wordCount: chapters.wordCount,
      languageId: stories.languageId,
      isPublished: stories.isPublished,
      isFree: stories.isFree,
    })
    .from(chapters)
    .innerJoin(stories, eq(stories.id, chapters.storyId))
    .where(eq(chapters.id, id));
  if (!row) throw new HttpError(404, CHAPTER_NOT_FOUND);
  return row;
}

export interface ChapterProgressChange {
  chapterId: number;
  isCompleted: boolean;
  completionPercentage: number;
  wordsRead: number;
  pointsEarned: number;
  pointsChange: number;
  totalWordsRead: number;
  totalPoints: number;
}

/**
 * Adds `words` and `points` (either may be negative) to the learner's totals in a language, creating the entry
 * at the default level when it is missing; answers the totals after the change. Never below zero.
 */
async function addToLanguageTotals(
  tx: Transaction,
  userId: string,
  languageId: number,
  words: number,
  points: number,
): Promise<{ totalWordsRead: number; totalPoints: number }> {
  const [totals] = await tx
    .insert(userLanguageProgress)
    .values({
      userId,
      languageId,
      nativeLanguageId: sql`(SELECT ${languages.id} FROM ${languages} WHERE ${languages.code} = ${BASE_LANGUAGE_CODE})`,
      totalWordsRead: Math.max(words, 0),
      totalPoints: Math.max(points, 0),
    })
    .onConflictDoUpdate({
      target: [userLanguageProgress.userId, userLanguageProgress.languageId],
      set: {
        totalWordsRead: sql`greatest(${userLanguageProgress.totalWordsRead} + ${words}::int, 0)`,
        totalPoints: sql`greatest(${userLanguageProgress.totalPoints} + ${points}::int, 0)`,
        updatedAt: sql`now()`,
      },
    })
    .returning({
      totalWordsRead: userLanguageProgress.totalWordsRead,
      totalPoints: userLanguageProgress.totalPoints,
    });
  if (!totals) throw new Error('addToLanguageTotals changed nothing');
  return totals;
}

/** The learner's chapter progress row, locked until the transaction ends (made first if missing). */
async function lockChapterProgress(tx: Transaction, userId: string, chapterId: number) {
  // Insert-then-lock: two first calls at once cannot both see "no row"; the second waits for the first.
  await tx.insert(chapterProgress).values({ userId, chapterId }).onConflictDoNothing();
  const [row] = await tx
    .select({
      isCompleted: chapterProgress.isCompleted,
      completionPercentage: chapterProgress.completionPercentage,
      wordsRead: chapterProgress.wordsRead,
      pointsEarned: chapterProgress.pointsEarned,
    })
    .from(chapterProgress)
    .where(and(eq(chapterProgress.userId, userId), eq(chapterProgress.chapterId, chapterId)))
    .for('update');
  if (!row) throw new Error('lockChapterProgress found no row');
  return row;
}

/** The language totals as they are, for a call that changed nothing. */
async function languageTotals(tx: Transaction, userId: string, languageId: number) {
  const [totals] = await tx
    .select({
      totalWordsRead: userLanguageProgress.totalWordsRead,
      totalPoints: userLanguageProgress.totalPoints,
    })
    .from(userLanguageProgress)
    .where(and(eq(userLanguageProgress.userId, userId), eq(userLanguageProgress.languageId, languageId)));
  return totals ?? { totalWordsRead: 0, totalPoints: 0 };
}

/**
 * Marks a chapter read: 100 % complete, and its word_count credited once as words and points to the story's
 * language (learner.md §9), and its words to the learner's local `day` when given. A chapter already read
 * credits nothing. Safe against concurrent calls. `at`, for a chapter marked read offline (decision 084), is
 * when it was completed; `day` is then that moment's date.
 */
export async function markChapterRead(
  db: Database | Transaction,
  reader: Viewer,
  chapterId: number,
  options: { day?: string; at?: Date | undefined } = {},
): Promise<ChapterProgressChange> {
  const chapter = await chapterForProgress(db, chapterId);
  await requireReadable(reader, chapter);
  return db.transaction(async (tx) => {
    const current = await lockChapterProgress(tx, reader.userId, chapterId);
    if (current.isCompleted) {
      const totals = await languageTotals(tx, reader.userId, chapter.languageId);
      return { chapterId, ...current, pointsChange: 0, ...totals };
    }
    await tx
      .update(chapterProgress)
      .set({
        isCompleted: true,
        completionPercentage: 100,
        wordsRead: chapter.wordCount,
        pointsEarned: chapter.wordCount,
        completedAt: momentOf(options.at),
        updatedAt: laterOf(chapterProgress.updatedAt, options.at),
      })
      .where(and(eq(chapterProgress.userId, reader.userId), eq(chapterProgress.chapterId, chapterId)));
    // What the row held before (nothing, unless partial progress was recorded) is replaced, not added to.
    const points = chapter.wordCount - current.pointsEarned;
    const totals = await addToLanguageTotals(
      tx,
      reader.userId,
      chapter.languageId,
      chapter.wordCount - current.wordsRead,
      points,
    );
    // The words count on the learner's local day too, for the activity calendar (server/activity/service.ts).
    if (options.day) {
      await addWordsToDay(tx, {
        userId: reader.userId,
        languageId: chapter.languageId,
        day: options.day,
        words: chapter.wordCount - current.wordsRead,
      });
    }
    return {
      chapterId,
      isCompleted: true,
      completionPercentage: 100,
      wordsRead: chapter.wordCount,
      pointsEarned: chapter.wordCount,
      pointsChange: points,
      ...totals,
    };
  });
}

/** A chapter's progress when it is not read: nothing read, nothing earned. */
const UNREAD = { isCompleted: false, completionPercentage: 0, wordsRead: 0, pointsEarned: 0 };

/**
 * Takes a chapter back ('Mark Incomplete'): the words and points it credited are removed from the language's
 * totals, once; a chapter that is not read changes nothing. `at` dates a change made offline (decision 084).
 */
export async function markChapterUnread(
  db: Database | Transaction,
  reader: Viewer,
  chapterId: number,
  at?: Date,
): Promise<ChapterProgressChange> {
  const chapter = await chapterForProgress(db, chapterId);
  await requireReadable(reader, chapter, { checkPlan: false });
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        isCompleted: chapterProgress.isCompleted,
        wordsRead: chapterProgress.wordsRead,
        pointsEarned: chapterProgress.pointsEarned,
      })
      .from(chapterProgress)
      .where(and(eq(chapterProgress.userId, reader.userId), eq(chapterProgress.chapterId, chapterId)))
      .for('update');
    if (!current?.isCompleted) {
      const totals = await languageTotals(tx, reader.userId, chapter.languageId);
      return { chapterId, ...UNREAD, pointsChange: 0, ...totals };
    }
    await tx
      .update(chapterProgress)
      .set({ ...UNREAD, completedAt: null, updatedAt: laterOf(chapterProgress.updatedAt, at) })
      .where(and(eq(chapterProgress.userId, reader.userId), eq(chapterProgress.chapterId, chapterId)));
    const totals = await addToLanguageTotals(
      tx,
      reader.userId,
      chapter.languageId,
      -current.wordsRead,
      -current.pointsEarned,
    );
    return { chapterId, ...UNREAD, pointsChange: -current.pointsEarned, ...totals };
  });
}

export interface LanguageProgressRow {
  id: number;
  language: PublicLanguageRow;
  nativeLanguage: PublicLanguageRow | null;
  totalWordsRead: number;
  totalPoints: number;
  currentLevel: string;
}

/** The learner's language entries, oldest first (the first is the one a new session selects). */
export async function listLanguageProgress(
  db: Database,
  userId: string,
  only?: number,
): Promise<LanguageProgressRow[]> {
  const rows = await db
    .select({
      id: userLanguageProgress.id,
      nativeLanguageId: userLanguageProgress.nativeLanguageId,
      totalWordsRead: userLanguageProgress.totalWordsRead,
      totalPoints: userLanguageProgress.totalPoints,
      currentLevel: userLanguageProgress.currentLevel,
      language: publicLanguageColumns,
    })
    .from(userLanguageProgress)
    .innerJoin(languages, eq(languages.id, userLanguageProgress.languageId))
    .where(
      and(
        eq(userLanguageProgress.userId, userId),
        only === undefined ? undefined : eq(userLanguageProgress.id, only),
      ),
    )
    .orderBy(asc(userLanguageProgress.createdAt), asc(userLanguageProgress.id));
  const nativeIds = [
    ...new Set(rows.flatMap((row) => (row.nativeLanguageId === null ? [] : [row.nativeLanguageId]))),
  ];
  const natives =
    nativeIds.length === 0
      ? []
      : await db.select(publicLanguageColumns).from(languages).where(inArray(languages.id, nativeIds));
  const byId = new Map(natives.map((language) => [language.id, language]));
  return rows.map(({ nativeLanguageId, ...row }) => ({
    ...row,
    nativeLanguage: nativeLanguageId === null ? null : (byId.get(nativeLanguageId) ?? null),
  }));
}

/**
 * Creates the learner's entry for a language, or keeps the one there is unchanged (choosing a language again
 * must not reset its level). The native language defaults to the base language.
 */
export async function ensureLanguageProgress(
  db: Database,
  userId: string,
  input: LanguageProgressInput,
): Promise<{ entry: LanguageProgressRow; isCreated: boolean }> {
  const wanted = [input.language_id, ...(input.native_language_id ? [input.native_language_id] : [])];
  const found = await db.select({ id: languages.id }).from(languages).where(inArray(languages.id, wanted));
  const known = new Set(found.map((language) => language.id));
  if (!known.has(input.language_id)) throw new HttpError(400, NO_SUCH_LANGUAGE);
  if (input.native_language_id && !known.has(input.native_language_id)) {
    throw new HttpError(400, 'That native language does not exist.');
  }
  const [created] = await db
    .insert(userLanguageProgress)
    .values({
      userId,
      languageId: input.language_id,
      nativeLanguageId:
        input.native_language_id ??
        sql`(SELECT ${languages.id} FROM ${languages} WHERE ${languages.code} = ${BASE_LANGUAGE_CODE})`,
      currentLevel: input.current_level,
    })
    .onConflictDoNothing({ target: [userLanguageProgress.userId, userLanguageProgress.languageId] })
    .returning({ id: userLanguageProgress.id });
  const [existing] = created
    ? [created]
    : await db
        .select({ id: userLanguageProgress.id })
        .from(userLanguageProgress)
        .where(
          and(
            eq(userLanguageProgress.userId, userId),
            eq(userLanguageProgress.languageId, input.language_id),
          ),
        );
  // Gone only if the language was deleted in between.
  const [entry] = existing ? await listLanguageProgress(db, userId, existing.id) : [];
  if (!entry) throw new HttpError(400, NO_SUCH_LANGUAGE);
  return { entry, isCreated: created !== undefined };
}
