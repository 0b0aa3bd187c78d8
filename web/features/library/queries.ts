import { queryOptions } from '@tanstack/react-query';
import { getStory } from '#common/endpoints/library.ts';
import { markChapterUnread as markUnread } from '#common/endpoints/progress.ts';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';

/** A story with its chapters and the learner's progress (GET /api/stories/{id}/). */
export function storyDetailQuery(storyId: number) {
  return queryOptions({
    queryKey: queryKeys.story(storyId),
    queryFn: ({ signal }) => call(getStory, { params: { id: storyId }, signal }),
  });
}

/** Takes a chapter's completion back (spec/learner.md §7, POST with no body). */
export function markChapterUnread(chapterId: number) {
  return call(markUnread, { params: { id: chapterId } });
}
