import { queryOptions } from '@tanstack/react-query';
import { getStory } from '#common/endpoints/library.ts';
import { perform } from '#web/features/offline/sync.ts';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';

/** A story with its chapters and the learner's progress (GET /api/stories/{id}/). */
export function storyDetailQuery(storyId: number) {
  return queryOptions({
    queryKey: queryKeys.story(storyId),
    queryFn: ({ signal }) => call(getStory, { params: { id: storyId }, signal }),
  });
}

/** Takes a chapter's completion back (spec/learner.md §7, POST with no body), through the outbox (issue 24). */
export function markChapterUnread(owner: string, chapterId: number) {
  return perform(owner, 'mark-unread', { params: { id: chapterId } });
}
