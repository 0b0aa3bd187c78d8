// The learner's languages and their totals, the daily goal, reading time and the activity calendar
// (learner.md §7).
import { endpoint } from '../contract.ts';
import {
  Activity,
  ActivityQuery,
  DailyGoal,
  DailyGoalInput,
  DailyGoalQuery,
  TrackReadingTimeInput,
  TrackReadingTimeResult,
} from '../schemas/library.ts';
import { LanguageProgressEntry, LanguageProgressInput, LanguageProgressList } from '../schemas/reading.ts';

export const listLanguageProgress = endpoint({
  method: 'GET',
  path: '/api/user/language-progress/',
  access: 'signed-in',
  response: LanguageProgressList,
});

/** Answers 201 with a new entry, 200 with the one there was. */
export const chooseLanguage = endpoint({
  method: 'POST',
  path: '/api/user/language-progress/',
  access: 'signed-in',
  body: LanguageProgressInput,
  response: LanguageProgressEntry,
});

export const getDailyGoal = endpoint({
  method: 'GET',
  path: '/api/daily-goal/',
  access: 'signed-in',
  query: DailyGoalQuery,
  response: DailyGoal,
});

export const setDailyGoal = endpoint({
  method: 'PUT',
  path: '/api/daily-goal/',
  access: 'signed-in',
  query: DailyGoalQuery,
  body: DailyGoalInput,
  response: DailyGoal,
});

export const trackReadingTime = endpoint({
  method: 'POST',
  path: '/api/track-reading-time/',
  access: 'signed-in',
  body: TrackReadingTimeInput,
  response: TrackReadingTimeResult,
});

export const getActivity = endpoint({
  method: 'GET',
  path: '/api/activity/',
  access: 'signed-in',
  query: ActivityQuery,
  response: Activity,
});
