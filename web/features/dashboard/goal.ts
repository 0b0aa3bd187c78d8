import { DAILY_GOAL_MAX_MINUTES, DAILY_GOAL_MIN_MINUTES } from '#common/activity.ts';

/** The sentences of the goal (spec/learner.md §2, §5, §8). */
export const GOAL_TEXT = {
  completed: '🎉 Goal completed!',
  hint: 'Recommended: 15-60 minutes per day',
  saveFailed: 'Failed to update goal',
  networkFailed: 'An error occurred while saving your goal',
} as const;

/** Whether a typed goal is a whole number of minutes from 1 to 300 (spec/learner.md §5). */
export function parseGoal(text: string): number | undefined {
  if (!/^\s*\d+\s*$/.test(text)) return undefined;
  const minutes = Number(text);
  return minutes >= DAILY_GOAL_MIN_MINUTES && minutes <= DAILY_GOAL_MAX_MINUTES ? minutes : undefined;
}
