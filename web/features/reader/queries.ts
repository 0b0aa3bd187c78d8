import { queryOptions } from '@tanstack/react-query';
import { getChapter, markChapterRead as markRead } from '#common/endpoints/reading.ts';
import { call } from '#web/lib/call.ts';

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
    queryFn: ({ signal }) => call(getChapter, { params: { id: chapterId }, signal }),
  });
}

/** Marks a chapter read (spec/learner.md §7: its word count, 100 %, no time), answering the points credited. */
export function markChapterRead(chapter: { id: number; word_count: number }) {
  return call(markRead, {
    params: { id: chapter.id },
    body: { words_read: chapter.word_count, completion_percentage: 100, time_spent: 0 },
  });
}
