import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { goalPercentage } from '#common/activity.ts';
import { getDailyGoal } from '#common/endpoints/activity.ts';
import { listLanguages } from '#common/endpoints/languages.ts';
import { listStories } from '#common/endpoints/library.ts';
import { chooseLanguage, listLanguageProgress } from '#common/endpoints/progress.ts';
import type { DailyGoal } from '#common/schemas/library.ts';
import { DEFAULT_LEARNER_LEVEL, type LearnerLevel } from '#common/schemas/reading.ts';
import { perform } from '#web/features/offline/sync.ts';
import { call } from '#web/lib/call.ts';
import { holdsDrawnAnswer } from '#web/lib/drawnAnswers.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { type StoryFilters, storyListInput, storyListQuery } from './filters.ts';

/** How often the daily goal is asked again (spec/learner.md §9: every 30 seconds). */
export const GOAL_POLL_MS = 30_000;

/** The languages to learn and the base (GET /api/languages/, public). */
export function useLanguages() {
  return useQuery({
    queryKey: queryKeys.languages(),
    queryFn: ({ signal }) => call(listLanguages, { signal }),
    staleTime: 10 * 60_000,
  });
}

/** The learner's languages, oldest first (GET /api/user/language-progress/). */
export function languageProgressQuery() {
  return queryOptions({
    queryKey: queryKeys.languageProgress(),
    queryFn: ({ signal }) => call(listLanguageProgress, { signal }),
  });
}

/**
 * Saves a language the learner picked (spec/learner.md §7), at the beginner level unless they told their level
 * (issue 23); an entry already saved keeps its level.
 */
export function saveLanguageProgress(
  languageId: number,
  nativeLanguageId: number | undefined,
  level: LearnerLevel = DEFAULT_LEARNER_LEVEL,
) {
  return call(chooseLanguage, {
    body: { language_id: languageId, native_language_id: nativeLanguageId, current_level: level },
  });
}

/**
 * Today's reading against the goal in a language, asked every 30 seconds, and again whenever a screen showing it
 * opens (the minutes just read count), except for the goal the server drew the page with moments ago: asking
 * for it again at once was the one call of a drawn library's load, and its first check of an API schema the
 * load's largest piece of work after React's own (docs/decisions/121).
 */
export function useDailyGoal(language: string | undefined) {
  return useQuery({
    queryKey: queryKeys.dailyGoal(language),
    queryFn: ({ signal }) => call(getDailyGoal, { query: { language: language ?? '' }, signal }),
    enabled: language !== undefined,
    refetchInterval: GOAL_POLL_MS,
    staleTime: (query) => (holdsDrawnAnswer(query) ? GOAL_POLL_MS : 0),
  });
}

/** Sets the goal (PUT /api/daily-goal/), answering the updated goal. */
/**
 * Saves the learner's goal through the outbox (issue 24): offline, it waits there and the goal is shown as
 * changed at once, against today's minutes as last known.
 */
export async function saveDailyGoal(
  owner: string,
  language: string,
  goalMinutes: number,
  current: DailyGoal,
): Promise<DailyGoal> {
  const outcome = await perform(owner, 'daily-goal', {
    query: { language },
    body: { goal_minutes: goalMinutes },
  });
  if (outcome.sent) return outcome.answer;
  return {
    goal_minutes: goalMinutes,
    today_minutes: current.today_minutes,
    percentage: goalPercentage(current.today_minutes, goalMinutes),
  };
}

/** The stories of a language with the applied filters and search; the last list stays while the next loads. */
export function useStoryList(language: string | undefined, filters: StoryFilters, search: string) {
  const query = language ? storyListQuery(language, filters, search) : '';
  return useQuery({
    queryKey: queryKeys.storyList(query),
    queryFn: ({ signal }) =>
      call(listStories, { query: storyListInput(language ?? '', filters, search), signal }),
    enabled: language !== undefined,
    placeholderData: keepPreviousData,
  });
}
