import { and, asc, eq, sql } from 'drizzle-orm';
import type { StoredWord } from '#server/analysis/service.ts';
import type { Database } from '#server/db/client.ts';
import { chapterProgress, chapters, languages, stories } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { type PublicLanguageRow, publicLanguageColumns } from '#server/languages/service.ts';
import { CHAPTER_NOT_FOUND, requireReadable } from '#server/policies/rules.ts';
import type { Viewer } from '#server/policies/viewer.ts';

export interface ReaderChapterRow {
  id: number;
  chapterNumber: number;
  title: string;
  content: string;
  orderIndex: number;
  wordCount: number;
  /** The analysed words of a language written without spaces; null for the others. */
  words: StoredWord[] | null;
  audioKey: string | null;
  isCompleted: boolean;
  story: {
    id: number;
    title: string;
    isPublished: boolean;
    isFree: boolean;
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
        audioKey: chapters.audioKey,
      },
      isCompleted: sql<boolean>`coalesce(${chapterProgress.isCompleted}, false)`,
      story: {
        id: stories.id,
        title: stories.title,
        isPublished: stories.isPublished,
        isFree: stories.isFree,
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
    .where(eq(chapters.id, id));
  if (!row) throw new HttpError(404, CHAPTER_NOT_FOUND);
  await requireReadable(viewer, row.story);

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
