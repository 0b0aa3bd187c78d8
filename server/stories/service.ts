import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  type AdminChapterInput,
  type AdminStoryInput,
  CHAPTER_REQUIRED,
  hasRequiredContent,
  unwrittenChapterMessage,
} from '#common/schemas/stories.ts';
import { lengthCategory } from '#common/stories.ts';
import { ANALYSED_LANGUAGES, chapterWords } from '#server/analysis/service.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { chapters, languages, stories } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { NO_SUCH_LANGUAGE } from '#server/languages/service.ts';
import { CHAPTER_NOT_FOUND } from '#server/policies/rules.ts';
import { refreshChapterTerms } from '#server/terms/service.ts';
import { readAlongAfterSave, readAlongFromCues } from './readAlong.ts';
import { sanitizeChapterContent } from './sanitize.ts';

/** Chapter HTML cut to the allow-list, as every save keeps it (the demo seed writes chapters too). */
export { readAlongFromCues, sanitizeChapterContent };

export type StoryRow = typeof stories.$inferSelect & {
  language: { id: number; code: string; name: string };
  chapterCount: number;
};
export type ChapterRow = typeof chapters.$inferSelect;

const storyColumns = {
  story: stories,
  language: { id: languages.id, code: languages.code, name: languages.name },
  chapterCount: sql<number>`(SELECT count(*)::int FROM ${chapters} WHERE ${chapters.storyId} = ${stories.id})`,
};

/** Every story, most recently changed first, with its language and chapter count. */
export async function listStories(db: Database): Promise<StoryRow[]> {
  const rows = await db
    .select(storyColumns)
    .from(stories)
    .innerJoin(languages, eq(languages.id, stories.languageId))
    .orderBy(desc(stories.updatedAt), desc(stories.id));
  return rows.map(({ story, language, chapterCount }) => ({ ...story, language, chapterCount }));
}

/** One story, or a 404. */
export async function getStory(db: Database | Transaction, id: number): Promise<StoryRow> {
  const [row] = await db
    .select(storyColumns)
    .from(stories)
    .innerJoin(languages, eq(languages.id, stories.languageId))
    .where(eq(stories.id, id));
  if (!row) throw new HttpError(404, 'Story not found');
  return { ...row.story, language: row.language, chapterCount: row.chapterCount };
}

async function requireLanguage(tx: Transaction, id: number): Promise<void> {
  const [language] = await tx.select({ id: languages.id }).from(languages).where(eq(languages.id, id));
  if (!language) throw new HttpError(400, NO_SUCH_LANGUAGE);
}

function storyValues(input: AdminStoryInput) {
  return {
    title: input.title,
    author: input.author,
    description: input.description,
    languageId: input.language,
    difficultyLevel: input.difficulty_level,
    topics: input.topics,
    isPublished: input.is_published,
    isFree: input.is_free,
    isAdultContent: input.is_adult_content,
  };
}

/** Why a chapter of a published story cannot be emptied: learners would open a blank page. */
export const PUBLISHED_NEEDS_TEXT =
  'A chapter of a published story needs its text: write it, or unpublish the story first.';

/**
 * A story is published only once every chapter has text: a chapter idea from the bulk import may wait empty in
 * a draft, never in front of learners.
 */
async function requireWrittenChapters(tx: Transaction, storyId: number): Promise<void> {
  const [empty] = await tx
    .select({ number: chapters.chapterNumber, title: chapters.title })
    .from(chapters)
    .where(and(eq(chapters.storyId, storyId), eq(chapters.content, '')))
    .orderBy(asc(chapters.orderIndex))
    .limit(1);
  if (empty) throw new HttpError(400, unwrittenChapterMessage(empty.number, empty.title));
}

/** A new value for a media key: a key, null to remove it, undefined to keep what is there. */
export type MediaChange = string | null | undefined;

/** Creates a story with no chapters yet. */
export async function createStory(
  db: Database,
  input: AdminStoryInput,
  cover: MediaChange,
): Promise<StoryRow> {
  return db.transaction(async (tx) => {
    await requireLanguage(tx, input.language);
    const [created] = await tx
      .insert(stories)
      .values({ ...storyValues(input), coverImageKey: cover ?? null })
      .returning({ id: stories.id });
    if (!created) throw new Error('createStory inserted nothing');
    return getStory(tx, created.id);
  });
}

/**
 * Updates a story's own fields; a new language recounts its chapters (word counting depends on it). Answers
 * the key of a cover it replaced, for the caller to remove from storage.
 */
export async function updateStory(
  db: Database,
  id: number,
  input: AdminStoryInput,
  cover: MediaChange,
): Promise<{ story: StoryRow; replaced: string[] }> {
  const updated = await db.transaction(async (tx) => {
    await requireLanguage(tx, input.language);
    const [previous] = await tx
      .select({ cover: stories.coverImageKey, languageId: stories.languageId })
      .from(stories)
      .where(eq(stories.id, id))
      .for('update');
    if (!previous) throw new HttpError(404, 'Story not found');
    if (input.is_published) await requireWrittenChapters(tx, id);
    await tx
      .update(stories)
      .set({
        ...storyValues(input),
        ...(cover === undefined ? {} : { coverImageKey: cover }),
        updatedAt: new Date(),
      })
      .where(eq(stories.id, id));
    await recountStory(tx, id, { recountChapters: true });
    const isMoved = previous.languageId !== input.language;
    // Its chapters' terms are of the old language: made again below, or by the sweep if that fails.
    if (isMoved) await tx.update(chapters).set({ termsComputedAt: null }).where(eq(chapters.storyId, id));
    const replaced =
      cover !== undefined && previous.cover && previous.cover !== cover ? [previous.cover] : [];
    return { story: await getStory(tx, id), replaced, isMoved };
  });
  if (updated.isMoved) await refreshTermsOfStory(db, id);
  return { story: updated.story, replaced: updated.replaced };
}

/** Makes the terms of a story's chapters again (issue 22): its language changed. */
async function refreshTermsOfStory(db: Database, storyId: number): Promise<void> {
  const rows = await db.select({ id: chapters.id }).from(chapters).where(eq(chapters.storyId, storyId));
  for (const row of rows) await refreshChapterTerms(db, row.id);
}

/**
 * Deletes a story and, with it, its chapters; answers the object keys of their media (cover, audio), for the
 * caller to remove from storage once the deletion is committed.
 */
export async function deleteStory(db: Database, id: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const audio = await tx.select({ key: chapters.audioKey }).from(chapters).where(eq(chapters.storyId, id));
    const [deleted] = await tx
      .delete(stories)
      .where(eq(stories.id, id))
      .returning({ cover: stories.coverImageKey });
    if (!deleted) throw new HttpError(404, 'Story not found');
    return [deleted.cover, ...audio.map((row) => row.key)].filter((key): key is string => key !== null);
  });
}

/** A story's chapters in reading order. */
export async function listChapters(db: Database, storyId: number): Promise<ChapterRow[]> {
  await getStory(db, storyId);
  return db.select().from(chapters).where(eq(chapters.storyId, storyId)).orderBy(asc(chapters.orderIndex));
}

/** Adds a chapter at `order_index` (default: at the end), then renumbers and recounts the story. */
export async function createChapter(
  db: Database,
  storyId: number,
  input: AdminChapterInput,
  audio: MediaChange,
): Promise<ChapterRow> {
  const content = sanitizeChapterContent(input.content);
  if (!hasRequiredContent(content, input.generation_prompt)) throw new HttpError(400, CHAPTER_REQUIRED);
  const chapter = await db.transaction(async (tx) => {
    const story = await lockStory(tx, storyId);
    if (story.isPublished && content.trim() === '') throw new HttpError(400, PUBLISHED_NEEDS_TEXT);
    if (input.client_key) {
      // A retry of a create that already happened: the chapter it made, unchanged.
      const [existing] = await tx
        .select()
        .from(chapters)
        .where(and(eq(chapters.storyId, storyId), eq(chapters.clientKey, input.client_key)));
      if (existing) return existing;
    }
    const [created] = await tx
      .insert(chapters)
      .values({
        storyId,
        title: input.title,
        content,
        ...chapterWords(content, story.languageCode),
        // Placed and numbered for real by placeChapter, in this transaction.
        orderIndex: 2 ** 31 - 1,
        chapterNumber: 0,
        generationPrompt: input.generation_prompt ?? null,
        audioKey: audio ?? null,
        clientKey: input.client_key ?? null,
        audioDurationSeconds: audio ? (input.audio_duration_seconds ?? null) : null,
      })
      .returning({ id: chapters.id });
    if (!created) throw new Error('createChapter inserted nothing');
    await placeChapter(tx, storyId, created.id, positionOf(input));
    await recountStory(tx, storyId);
    return getChapter(tx, created.id);
  });
  // After the commit, outside the story's lock: the terms need a dictionary query (issue 22).
  if (chapter.termsComputedAt === null) await refreshChapterTerms(db, chapter.id);
  return chapter;
}

/**
 * Updates a chapter, moving it when `order_index` (or `chapter_number`) says so; renumbers and recounts.
 * Answers the key of audio it replaced, for the caller to remove from storage.
 */
export async function updateChapter(
  db: Database,
  id: number,
  input: AdminChapterInput,
  audio: MediaChange,
): Promise<{ chapter: ChapterRow; replaced: string[]; readAlongDropped: boolean }> {
  const content = sanitizeChapterContent(input.content);
  const updated = await db.transaction(async (tx) => {
    const current = await getChapter(tx, id);
    const prompt = input.generation_prompt === undefined ? current.generationPrompt : input.generation_prompt;
    if (!hasRequiredContent(content, prompt)) throw new HttpError(400, CHAPTER_REQUIRED);
    const story = await lockStory(tx, current.storyId);
    if (story.isPublished && content.trim() === '') throw new HttpError(400, PUBLISHED_NEEDS_TEXT);
    const words = chapterWords(content, story.languageCode);
    const timings = readAlongAfterSave(current, {
      content,
      words: words.words,
      languageCode: story.languageCode,
      audioKey: audio,
    });
    await tx
      .update(chapters)
      .set({
        title: input.title,
        content,
        ...words,
        ...('set' in timings ? { readAlong: timings.set } : {}),
        // Made again after the commit (issue 22); left for the sweep if that fails.
        ...(content === current.content ? {} : { termsComputedAt: null }),
        generationPrompt: prompt,
        ...audioColumns(audio, input.audio_duration_seconds),
        updatedAt: new Date(),
      })
      .where(eq(chapters.id, id));
    const isMove = input.order_index !== undefined || input.chapter_number !== undefined;
    await placeChapter(tx, current.storyId, id, isMove ? positionOf(input) : undefined);
    await recountStory(tx, current.storyId);
    const replaced =
      audio !== undefined && current.audioKey && current.audioKey !== audio ? [current.audioKey] : [];
    return { chapter: await getChapter(tx, id), replaced, readAlongDropped: timings.dropped };
  });
  if (updated.chapter.termsComputedAt === null) await refreshChapterTerms(db, id);
  return updated;
}

/** The audio columns a save changes: none when the audio is kept (its duration may still be corrected). */
function audioColumns(audio: MediaChange, duration: number | null | undefined) {
  if (audio === undefined) return duration === undefined ? {} : { audioDurationSeconds: duration };
  return { audioKey: audio, audioDurationSeconds: audio ? (duration ?? null) : null };
}

/** Deletes a chapter, then renumbers and recounts its story; answers its audio's key, if any, to remove. */
export async function deleteChapter(db: Database, id: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const current = await getChapter(tx, id);
    await lockStory(tx, current.storyId);
    await tx.delete(chapters).where(eq(chapters.id, id));
    await placeChapter(tx, current.storyId);
    await recountStory(tx, current.storyId);
    return current.audioKey ? [current.audioKey] : [];
  });
}

function positionOf(input: AdminChapterInput): number {
  if (input.order_index !== undefined) return input.order_index;
  if (input.chapter_number !== undefined) return input.chapter_number - 1;
  return Number.MAX_SAFE_INTEGER;
}

async function getChapter(tx: Database | Transaction, id: number): Promise<ChapterRow> {
  const [chapter] = await tx.select().from(chapters).where(eq(chapters.id, id));
  if (!chapter) throw new HttpError(404, CHAPTER_NOT_FOUND);
  return chapter;
}

/** Serialises edits of one story's chapters, and answers its language for counting words. */
async function lockStory(
  tx: Transaction,
  storyId: number,
): Promise<{ languageCode: string; isPublished: boolean }> {
  const [story] = await tx
    .select({ languageCode: languages.code, isPublished: stories.isPublished })
    .from(stories)
    .innerJoin(languages, eq(languages.id, stories.languageId))
    .where(eq(stories.id, storyId))
    .for('update', { of: stories });
  if (!story) throw new HttpError(404, 'Story not found');
  return story;
}

/**
 * Puts a chapter at a position among the story's others (or keeps the current order), then numbers them all:
 * chapter_number from 1 and order_index from 0.
 */
async function placeChapter(
  tx: Transaction,
  storyId: number,
  chapterId?: number,
  position?: number,
): Promise<void> {
  const ordered = await tx
    .select({ id: chapters.id })
    .from(chapters)
    .where(eq(chapters.storyId, storyId))
    .orderBy(asc(chapters.orderIndex), asc(chapters.id));
  let ids = ordered.map((row) => row.id);
  if (chapterId !== undefined && position !== undefined) {
    ids = ids.filter((id) => id !== chapterId);
    ids.splice(Math.min(Math.max(position, 0), ids.length), 0, chapterId);
  }
  if (ids.length === 0) return;
  await tx.execute(sql`
    UPDATE ${chapters} AS c SET chapter_number = o.position, order_index = o.position - 1
    FROM unnest(${`{${ids.join(',')}}`}::int[]) WITH ORDINALITY AS o(id, position)
    WHERE c.id = o.id AND (c.chapter_number <> o.position OR c.order_index <> o.position - 1)`);
}

/** The story's estimated_word_count and length_category from its chapters (admin.md §5). */
async function recountStory(tx: Transaction, storyId: number, options: { recountChapters?: boolean } = {}) {
  if (options.recountChapters) {
    const story = await lockStory(tx, storyId);
    const rows = await tx
      .select({ id: chapters.id, content: chapters.content })
      .from(chapters)
      .where(eq(chapters.storyId, storyId));
    for (const row of rows) {
      await tx
        .update(chapters)
        .set(chapterWords(row.content, story.languageCode))
        .where(eq(chapters.id, row.id));
    }
  }
  const [total] = await tx
    .select({ words: sql<number>`coalesce(sum(${chapters.wordCount}), 0)::int` })
    .from(chapters)
    .where(eq(chapters.storyId, storyId));
  const words = total?.words ?? 0;
  await tx
    .update(stories)
    .set({ estimatedWordCount: words, lengthCategory: lengthCategory(words), updatedAt: new Date() })
    .where(eq(stories.id, storyId));
}

/**
 * Finds the words of chapters saved before their language had an analyser (and of the demo library written
 * straight to the tables), a few at a time until none is left; recounts their stories. Safe on several servers
 * at once: a chapter another server has just analysed is skipped. Answers how many it analysed.
 */
export async function analyseChaptersWithoutWords(db: Database, batch = 20): Promise<number> {
  let analysed = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: chapters.id,
          storyId: chapters.storyId,
          content: chapters.content,
          language: languages.code,
        })
        .from(chapters)
        .innerJoin(stories, eq(stories.id, chapters.storyId))
        .innerJoin(languages, eq(languages.id, stories.languageId))
        .where(and(isNull(chapters.words), inArray(languages.code, [...ANALYSED_LANGUAGES])))
        .limit(batch)
        .for('update', { of: chapters, skipLocked: true });
      for (const row of rows) {
        await tx
          .update(chapters)
          // Its terms follow its new words: made by the terms sweep that follows at start-up (issue 22).
          .set({ ...chapterWords(row.content, row.language), termsComputedAt: null })
          .where(eq(chapters.id, row.id));
      }
      for (const storyId of new Set(rows.map((row) => row.storyId))) await recountStory(tx, storyId);
      return rows.length;
    });
    analysed += done;
    if (done < batch) return analysed;
  }
}

/**
 * A chapter's word count as a save would make it (POST /api/admin/word-count/): the content sanitised, then
 * counted by the language's rule, its analyser's words for Japanese and Chinese.
 */
export function countChapterWords(languageCode: string, content: string): number {
  return chapterWords(sanitizeChapterContent(content), languageCode).wordCount;
}
