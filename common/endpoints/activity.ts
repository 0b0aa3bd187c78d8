// Reading time, the daily goal and the activity calendar (learner.md §7).
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
  offline: true,
});

export const trackReadingTime = endpoint({
  method: 'POST',
  path: '/api/track-reading-time/',
  access: 'signed-in',
  body: TrackReadingTimeInput,
  response: TrackReadingTimeResult,
  offline: true,
});

export const getActivity = endpoint({
  method: 'GET',
  path: '/api/activity/',
  access: 'signed-in',
  query: ActivityQuery,
  response: Activity,
});
