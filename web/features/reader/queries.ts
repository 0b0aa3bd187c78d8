import { queryOptions } from '@tanstack/react-query';
import { ChapterProgressResult, ReaderChapter } from '#common/schemas/reading.ts';
import { api } from '#web/lib/api.ts';

/** The query keys of the reading screens; a change of progress invalidates what shows it. */
export const READING_KEYS = {
  chapter: (chapterId: number) => ['chapters', chapterId],
  story: (storyId: number) => ['stories', storyId],
  stories: ['stories'],
  languageProgress: ['language-progress'],
} as const;

/** A chapter as the reader shows it (GET /api/chapters/{id}/). */
export function chapterQuery(chapterId: number) {
  return queryOptions({
    queryKey: READING_KEYS.chapter(chapterId),
    queryFn: ({ signal }) => api(`/api/chapters/${chapterId}/`, { schema: ReaderChapter, signal }),
  });
}

/** Marks a chapter read (spec/learner.md §7: its word count, 100 %, no time), answering the points credited. */
export function markChapterRead(chapter: { id: number; word_count: number }) {
  return api(`/api/chapters/${chapter.id}/mark-read/`, {
    method: 'POST',
    body: { words_read: chapter.word_count, completion_percentage: 100, time_spent: 0 },
    schema: ChapterProgressResult,
  });
}
