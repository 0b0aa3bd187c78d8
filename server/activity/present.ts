import { goalPercentage, wholeMinutes } from '#common/activity.ts';
import type { Activity, DailyGoal, TrackReadingTimeResult } from '#common/schemas/library.ts';
import type { ActivityDayRow, DailyGoalRow, ReadingTimeResult } from './service.ts';

/** The goal in whole minutes, with today's minutes and how much of the goal they are. */
export function presentGoal(goal: DailyGoalRow): DailyGoal {
  const todayMinutes = wholeMinutes(goal.todaySeconds);
  return {
    goal_minutes: goal.goalMinutes,
    today_minutes: todayMinutes,
    percentage: goalPercentage(todayMinutes, goal.goalMinutes),
  };
}

/** A reading-time report's answer: what was counted, on the learner's date. */
export function presentReadingTime(day: string, result: ReadingTimeResult): TrackReadingTimeResult {
  return {
    date: day,
    language: result.language,
    seconds_counted: result.secondsCounted,
    time_spent: result.timeSpent,
  };
}

/** The activity calendar: the streak, and the days with reading. */
export function presentActivity(activity: { streak: number; days: ActivityDayRow[] }): Activity {
  return {
    streak: activity.streak,
    days: activity.days.map((day) => ({
      date: day.date,
      time_spent: day.timeSpent,
      words_read: day.wordsRead,
    })),
  };
}
