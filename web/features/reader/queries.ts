import { queryOptions } from '@tanstack/react-query';
import { getChapter } from '#common/endpoints/reader.ts';
import { perform } from '#web/features/offline/sync.ts';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';

/** A chapter as the reader shows it (GET /api/chapters/{id}/). */
export function chapterQuery(chapterId: number) {
  return queryOptions({
    queryKey: queryKeys.chapter(chapterId),
    queryFn: ({ signal }) => call(getChapter, { params: { id: chapterId }, signal }),
  });
}

/**
 * Marks a chapter read (spec/learner.md §7: its word count, 100 %, no time), through the outbox (issue 24):
 * offline it waits there, and counts on the day it was done once sent.
 */
export function markChapterRead(owner: string, chapter: { id: number; word_count: number }) {
  return perform(owner, 'mark-read', {
    params: { id: chapter.id },
    body: { words_read: chapter.word_count, completion_percentage: 100, time_spent: 0 },
  });
}
