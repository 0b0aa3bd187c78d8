import { and, asc, eq, sql } from 'drizzle-orm';
import type { ReadingAidsInput } from '#common/schemas/reading.ts';
import type { TermStatus } from '#common/terms.ts';
import type { StoredWord } from '#server/analysis/service.ts';
import type { Database } from '#server/db/client.ts';
import {
  chapterProgress,
  chapters,
  languages,
  readingAids,
  type StoredReadAlong,
  stories,
} from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import {
  NO_SUCH_LANGUAGE,
  type PublicLanguageRow,
  publicLanguageColumns,
} from '#server/languages/service.ts';
import { CHAPTER_NOT_FOUND, requireReadable } from '#server/policies/rules.ts';
import type { Viewer } from '#server/policies/viewer.ts';
import { statusesOfChapter } from '#server/terms/service.ts';

export interface ReaderChapterRow {
  id: number;
  chapterNumber: number;
  title: string;
  content: string;
  orderIndex: number;
  wordCount: number;
  /** The analysed words of a language written without spaces; null for the others. */
  words: StoredWord[] | null;
  /** Issue 23: the audio's sentence timings, dropped by any save that changes the sentences or the audio. */
  readAlong: StoredReadAlong | null;
  audioKey: string | null;
  isCompleted: boolean;
  /** Whether the learner chose to see readings above this language's words; null until they choose. */
  showReadings: boolean | null;
  /** The terms of the chapter's words that are not the word's own key, by key (issue 22). */
  termMap: Record<string, string>;
  /** The learner's statuses of the chapter's terms, by term; a term not listed is new. */
  statuses: Record<string, TermStatus>;
  story: {
    id: number;
    title: string;
    isPublished: boolean;
    isFree: boolean;
    difficultyLevel: string;
    language: PublicLanguageRow;
    chapters: { id: number; chapterNumber: number; title: string }[];
    nextChapter: { id: number; title: string } | null;
  };
}

/** A chapter as the reader shows it, with its story's outline and the learner's completion; 404 if none. */
export async function getReaderChapter(db: Database, viewer: Viewer, id: number): Promise<ReaderChapterRow> {
  const [row] = await db
    .select({
      chapter: {
        id: chapters.id,
        chapterNumber: chapters.chapterNumber,
        title: chapters.title,
        content: chapters.content,
        orderIndex: chapters.orderIndex,
        wordCount: chapters.wordCount,
        words: chapters.words,
        readAlong: chapters.readAlong,
        audioKey: chapters.audioKey,
        termMap: chapters.termMap,
      },
      isCompleted: sql<boolean>`coalesce(${chapterProgress.isCompleted}, false)`,
      showReadings: readingAids.showReadings,
      story: {
        id: stories.id,
        title: stories.title,
        isPublished: stories.isPublished,
        isFree: stories.isFree,
        difficultyLevel: stories.difficultyLevel,
        languageId: stories.languageId,
      },
      language: publicLanguageColumns,
    })
    .from(chapters)
    .innerJoin(stories, eq(stories.id, chapters.storyId))
    .innerJoin(languages, eq(languages.id, stories.languageId))
    .leftJoin(
      chapterProgress,
      and(eq(chapterProgress.chapterId, chapters.id), eq(chapterProgress.userId, viewer.userId)),
    )
    .leftJoin(
      readingAids,
      and(eq(readingAids.languageId, stories.languageId), eq(readingAids.userId, viewer.userId)),
    )
    .where(eq(chapters.id, id));
  if (!row) throw new HttpError(404, CHAPTER_NOT_FOUND);
  await requireReadable(viewer, row.story);

  const [outline, statuses] = await Promise.all([
    db
      .select({ id: chapters.id, chapterNumber: chapters.chapterNumber, title: chapters.title })
      .from(chapters)
      .where(eq(chapters.storyId, row.story.id))
      .orderBy(asc(chapters.orderIndex), asc(chapters.id)),
    statusesOfChapter(db, viewer.userId, { id, languageId: row.story.languageId }),
  ]);
  const position = outline.findIndex((chapter) => chapter.id === id);
  const next = position >= 0 ? outline[position + 1] : undefined;
  const { languageId: _, ...story } = row.story;
  return {
    ...row.chapter,
    termMap: row.chapter.termMap ?? {},
    statuses,
    isCompleted: row.isCompleted,
    showReadings: row.showReadings,
    story: {
      ...story,
      language: row.language,
      chapters: outline,
      nextChapter: next ? { id: next.id, title: next.title } : null,
    },
  };
}

/** The learner's choice of readings above a language's words (PUT /api/reading-aids/), kept per language. */
export async function setReadingAids(
  db: Database,
  viewer: Viewer,
  input: ReadingAidsInput,
): Promise<{ language: string; showReadings: boolean }> {
  const [language] = await db
    .select({ id: languages.id })
    .from(languages)
    .where(eq(languages.code, input.language));
  if (!language) throw new HttpError(404, NO_SUCH_LANGUAGE);
  await db
    .insert(readingAids)
    .values({ userId: viewer.userId, languageId: language.id, showReadings: input.show_readings })
    .onConflictDoUpdate({
      target: [readingAids.userId, readingAids.languageId],
      set: { showReadings: input.show_readings, updatedAt: sql`now()` },
    });
  return { language: input.language, showReadings: input.show_readings };
}
