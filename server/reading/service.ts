import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { normalizeLookup } from '#common/dictionary.ts';
import { BASE_LANGUAGE_CODE } from '#common/languages.ts';
import type { LanguageProgressInput, SaveWordInput } from '#common/schemas/reading.ts';
import type { Database } from '../db/client.ts';
import {
  chapterProgress,
  chapters,
  languages,
  savedWords,
  stories,
  userLanguageProgress,
} from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { canSee, isLocked } from '../policies/rules.ts';
import type { Viewer } from '../policies/viewer.ts';
import { addWordsToDay } from './activity.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const CHAPTER_NOT_FOUND = 'Chapter not found';
const PRO_ONLY = 'This story is for Pro members. Upgrade to read it.';
const NO_SUCH_LANGUAGE = 'That language does not exist.';

export interface LanguageRow {
  id: number;
  code: string;
  name: string;
  nativeName: string;
}

const languageColumns = {
  id: languages.id,
  code: languages.code,
  name: languages.name,
  nativeName: languages.nativeName,
};

/**
 * Refuses a chapter the viewer may not open: one of an unpublished story is hidden (404), one of a story not
 * marked free needs Pro (403); admins open everything. `checkPlan: false` skips the Pro rule (taking a chapter
 * back is allowed to anyone who could see it).
 */
async function requireReadable(
  viewer: Viewer,
  story: { isPublished: boolean; isFree: boolean },
  options: { checkPlan: boolean } = { checkPlan: true },
): Promise<void> {
  if (!(await canSee(viewer, story))) throw new HttpError(404, CHAPTER_NOT_FOUND);
  if (options.checkPlan && (await isLocked(viewer, story))) throw new HttpError(403, PRO_ONLY);
}

export interface ReaderChapterRow {
  id: number;
  chapterNumber: number;
  title: string;
  content: string;
  orderIndex: number;
  wordCount: number;
  audioKey: string | null;
  isCompleted: boolean;
  story: {
    id: number;
    title: string;
    isPublished: boolean;
    isFree: boolean;
    language: LanguageRow;
    chapters: { id: number; chapterNumber: number; title: string }[];
    nextChapter: { id: number; title: string } | null;
  };
}

/** A chapter as the reader shows it, with its story's outline and the learner's completion; 404 if none. */
export async function getReaderChapter(db: Database, reader: Viewer, id: number): Promise<ReaderChapterRow> {
  const [row] = await db
    .select({
      chapter: {
        id: chapters.id,
        chapterNumber: chapters.chapterNumber,
        title: chapters.title,
        content: chapters.content,
        orderIndex: chapters.orderIndex,
        wordCount: chapters.wordCount,
        audioKey: chapters.audioKey,
      },
      isCompleted: sql<boolean>`coalesce(${chapterProgress.isCompleted}, false)`,
      story: {
        id: stories.id,
        title: stories.title,
        isPublished: stories.isPublished,
        isFree: stories.isFree,
      },
      language: languageColumns,
    })
    .from(chapters)
    .innerJoin(stories, eq(stories.id, chapters.storyId))
    .innerJoin(languages, eq(languages.id, stories.languageId))
    .leftJoin(
      chapterProgress,
      and(eq(chapterProgress.chapterId, chapters.id), eq(chapterProgress.userId, reader.userId)),
    )
    .where(eq(chapters.id, id));
  if (!row) throw new HttpError(404, CHAPTER_NOT_FOUND);
  await requireReadable(reader, row.story);

  const outline = await db
    .select({ id: chapters.id, chapterNumber: chapters.chapterNumber, title: chapters.title })
    .from(chapters)
    .where(eq(chapters.storyId, row.story.id))
    .orderBy(asc(chapters.orderIndex), asc(chapters.id));
  const position = outline.findIndex((chapter) => chapter.id === id);
  const next = position >= 0 ? outline[position + 1] : undefined;
  return {
    ...row.chapter,
    isCompleted: row.isCompleted,
    story: {
      ...row.story,
      language: row.language,
      chapters: outline,
      nextChapter: next ? { id: next.id, title: next.title } : null,
    },
  };
}

/** The chapter's story and language, for the progress calls; 404 for a chapter that does not exist. */
async function chapterForProgress(db: Database, id: number) {
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
 * credits nothing. Safe against concurrent calls.
 */
export async function markChapterRead(
  db: Database,
  reader: Viewer,
  chapterId: number,
  options: { day?: string } = {},
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
        completedAt: sql`now()`,
        updatedAt: sql`now()`,
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
    // The words count on the learner's local day too, for the activity calendar (server/reading/activity.ts).
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

/**
 * Takes a chapter back ('Mark Incomplete'): the words and points it credited are removed from the language's
 * totals, once; a chapter that is not read changes nothing.
 */
export async function markChapterUnread(
  db: Database,
  reader: Viewer,
  chapterId: number,
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
      return {
        chapterId,
        isCompleted: false,
        completionPercentage: 0,
        wordsRead: 0,
        pointsEarned: 0,
        pointsChange: 0,
        ...totals,
      };
    }
    await tx
      .update(chapterProgress)
      .set({
        isCompleted: false,
        completionPercentage: 0,
        wordsRead: 0,
        pointsEarned: 0,
        completedAt: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(chapterProgress.userId, reader.userId), eq(chapterProgress.chapterId, chapterId)));
    const totals = await addToLanguageTotals(
      tx,
      reader.userId,
      chapter.languageId,
      -current.wordsRead,
      -current.pointsEarned,
    );
    return {
      chapterId,
      isCompleted: false,
      completionPercentage: 0,
      wordsRead: 0,
      pointsEarned: 0,
      pointsChange: -current.pointsEarned,
      ...totals,
    };
  });
}

export interface LanguageProgressRow {
  id: number;
  language: LanguageRow;
  nativeLanguage: LanguageRow | null;
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
      language: languageColumns,
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
      : await db.select(languageColumns).from(languages).where(inArray(languages.id, nativeIds));
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

export interface SavedWordRow {
  id: number;
  word: string;
  language: string;
  occurrences: number;
  lastSeenAt: Date;
}

/**
 * Saves a looked-up word under the learner's key for it (the dictionary's key: lower case, NFC, no reading
 * aids): a first save makes the row, each later one counts an occurrence and moves last_seen_at, atomically.
 */
export async function saveWord(
  db: Database,
  userId: string,
  input: SaveWordInput,
): Promise<{ word: SavedWordRow; isCreated: boolean }> {
  const [language] = await db
    .select({ id: languages.id, code: languages.code })
    .from(languages)
    .where(eq(languages.code, input.language));
  if (!language) throw new HttpError(400, NO_SUCH_LANGUAGE);
  const place = await wherePlace(db, input.story ?? null, input.chapter ?? null);
  // The schema has already refused a word that is empty or too long once stripped.
  const key = normalizeLookup(input.word, language.code)?.lower;
  if (!key) throw new HttpError(400, 'word is required');
  const [saved] = await db
    .insert(savedWords)
    .values({
      userId,
      languageId: language.id,
      word: key,
      lastStoryId: place.storyId,
      lastChapterId: place.chapterId,
    })
    .onConflictDoUpdate({
      target: [savedWords.userId, savedWords.languageId, savedWords.word],
      set: {
        occurrences: sql`${savedWords.occurrences} + 1`,
        lastSeenAt: sql`now()`,
        lastStoryId: sql`excluded.last_story_id`,
        lastChapterId: sql`excluded.last_chapter_id`,
      },
    })
    .returning({
      id: savedWords.id,
      word: savedWords.word,
      occurrences: savedWords.occurrences,
      lastSeenAt: savedWords.lastSeenAt,
    });
  if (!saved) throw new Error('saveWord changed nothing');
  return { word: { ...saved, language: language.code }, isCreated: saved.occurrences === 1 };
}

/** Where a word was seen: the story follows from the chapter; a chapter of another story is refused. */
async function wherePlace(
  db: Database,
  storyId: number | null,
  chapterId: number | null,
): Promise<{ storyId: number | null; chapterId: number | null }> {
  if (chapterId !== null) {
    const [chapter] = await db
      .select({ storyId: chapters.storyId })
      .from(chapters)
      .where(eq(chapters.id, chapterId));
    if (!chapter) throw new HttpError(400, 'That chapter does not exist.');
    if (storyId !== null && storyId !== chapter.storyId) {
      throw new HttpError(400, 'That chapter is not part of that story.');
    }
    return { storyId: chapter.storyId, chapterId };
  }
  if (storyId !== null) {
    const [story] = await db.select({ id: stories.id }).from(stories).where(eq(stories.id, storyId));
    if (!story) throw new HttpError(400, 'That story does not exist.');
  }
  return { storyId, chapterId: null };
}

/** The learner's saved words, most recently seen first; only one language's when a code is given. */
export async function listSavedWords(
  db: Database,
  userId: string,
  languageCode?: string,
): Promise<SavedWordRow[]> {
  return db
    .select({
      id: savedWords.id,
      word: savedWords.word,
      language: languages.code,
      occurrences: savedWords.occurrences,
      lastSeenAt: savedWords.lastSeenAt,
    })
    .from(savedWords)
    .innerJoin(languages, eq(languages.id, savedWords.languageId))
    .where(
      and(
        eq(savedWords.userId, userId),
        languageCode === undefined ? undefined : eq(languages.code, languageCode),
      ),
    )
    .orderBy(desc(savedWords.lastSeenAt), desc(savedWords.id));
}
