import { queryOptions } from '@tanstack/react-query';
import { StoryDetail } from '#common/schemas/library.ts';
import { ChapterProgressResult } from '#common/schemas/reading.ts';
import { READING_KEYS } from '#web/features/reader/queries.ts';
import { api } from '#web/lib/api.ts';

/** A story with its chapters and the learner's progress (GET /api/stories/{id}/). */
export function storyDetailQuery(storyId: number) {
  return queryOptions({
    queryKey: READING_KEYS.story(storyId),
    queryFn: ({ signal }) => api(`/api/stories/${storyId}/`, { schema: StoryDetail, signal }),
  });
}

/** Takes a chapter's completion back (spec/learner.md §7, POST with no body). */
export function markChapterUnread(chapterId: number) {
  return api(`/api/chapters/${chapterId}/mark-unread/`, { method: 'POST', schema: ChapterProgressResult });
}
