import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PublicLanguageList } from '#common/schemas/languages.ts';
import { DailyGoal, StoryList } from '#common/schemas/library.ts';
import { LanguageProgressEntry, LanguageProgressList } from '#common/schemas/reading.ts';
import { READING_KEYS } from '#web/features/reader/queries.ts';
import { api } from '#web/lib/api.ts';
import { type StoryFilters, storyListQuery } from './filters.ts';

/** How often the daily goal is asked again (spec/learner.md §9: every 30 seconds). */
export const GOAL_POLL_MS = 30_000;

/** The languages to learn and the base (GET /api/languages/, public). */
export function useLanguages() {
  return useQuery({
    queryKey: ['languages'],
    queryFn: ({ signal }) => api('/api/languages/', { schema: PublicLanguageList, signal }),
    staleTime: 10 * 60_000,
  });
}

/** The learner's languages, oldest first (GET /api/user/language-progress/). */
export function languageProgressQuery() {
  return queryOptions({
    queryKey: READING_KEYS.languageProgress,
    queryFn: ({ signal }) => api('/api/user/language-progress/', { schema: LanguageProgressList, signal }),
  });
}

/** Saves a language the learner picked, at the beginner level (spec/learner.md §7). */
export function saveLanguageProgress(languageId: number, nativeLanguageId: number | undefined) {
  return api('/api/user/language-progress/', {
    method: 'POST',
    body: { language_id: languageId, native_language_id: nativeLanguageId, current_level: 'beginner' },
    schema: LanguageProgressEntry,
  });
}

/** Today's reading against the goal in a language, asked every 30 seconds. */
export function useDailyGoal(language: string | undefined) {
  return useQuery({
    queryKey: ['daily-goal', language],
    queryFn: ({ signal }) =>
      api(`/api/daily-goal/?${new URLSearchParams({ language: language ?? '' })}`, {
        schema: DailyGoal,
        signal,
      }),
    enabled: language !== undefined,
    refetchInterval: GOAL_POLL_MS,
    staleTime: 0,
  });
}

/** Sets the goal (PUT /api/daily-goal/), answering the updated goal. */
export function saveDailyGoal(language: string, goalMinutes: number) {
  return api(`/api/daily-goal/?${new URLSearchParams({ language })}`, {
    method: 'PUT',
    body: { goal_minutes: goalMinutes },
    schema: DailyGoal,
  });
}

/** The stories of a language with the applied filters and search; the last list stays while the next loads. */
export function useStoryList(language: string | undefined, filters: StoryFilters, search: string) {
  const query = language ? storyListQuery(language, filters, search) : '';
  return useQuery({
    queryKey: [...READING_KEYS.stories, 'list', query],
    queryFn: ({ signal }) => api(`/api/stories/?${query}`, { schema: StoryList, signal }),
    enabled: language !== undefined,
    placeholderData: keepPreviousData,
  });
}
