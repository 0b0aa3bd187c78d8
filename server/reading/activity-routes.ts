import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  addDays,
  daysBetween,
  goalPercentage,
  localDate,
  MAX_ACTIVITY_RANGE_DAYS,
  timeZoneOrDefault,
  wholeMinutes,
} from '#common/activity.ts';
import {
  ACTIVITY_RANGE_ERROR,
  type Activity,
  ActivityQuery,
  type DailyGoal,
  DailyGoalInput,
  DailyGoalQuery,
  TrackReadingTimeInput,
  type TrackReadingTimeResult,
} from '#common/schemas/library.ts';
import { HttpError, MAX_SERIAL_ID, parseInput } from '../http/errors.ts';
import { viewerOf } from '../policies/viewer.ts';
import { type DailyGoalRow, getActivity, getDailyGoal, setDailyGoal, trackReadingTime } from './activity.ts';

/**
 * The learner's date now, in the time zone their browser sends (`X-Timezone`, an IANA name); UTC when it
 * sends none or one that does not exist. Reading time, words and streaks are all counted on this date.
 */
export function learnerToday(request: FastifyRequest, now = Date.now()): string {
  return localDate(now, timeZoneOrDefault(request.headers['x-timezone']));
}

function presentGoal(goal: DailyGoalRow): DailyGoal {
  const todayMinutes = wholeMinutes(goal.todaySeconds);
  return {
    goal_minutes: goal.goalMinutes,
    today_minutes: todayMinutes,
    percentage: goalPercentage(todayMinutes, goal.goalMinutes),
  };
}

/**
 * The learner's daily goal per language, reading-time reports, and the activity calendar with its streak
 * (learner.md §7). Every one needs a token; "today" is the learner's own date.
 */
export async function activityRoutes(app: FastifyInstance): Promise<void> {
  app.get('/daily-goal/', async (request) => {
    const { userId } = viewerOf(request);
    const { language } = parseInput(DailyGoalQuery, request.query ?? {});
    return presentGoal(await getDailyGoal(app.pool, userId, language, learnerToday(request)));
  });

  app.put('/daily-goal/', async (request) => {
    const { userId } = viewerOf(request);
    const { language } = parseInput(DailyGoalQuery, request.query ?? {});
    const { goal_minutes } = parseInput(DailyGoalInput, request.body ?? {});
    await setDailyGoal(app.db, userId, language, goal_minutes);
    return presentGoal(await getDailyGoal(app.pool, userId, language, learnerToday(request)));
  });

  app.post('/track-reading-time/', async (request): Promise<TrackReadingTimeResult> => {
    const viewer = viewerOf(request);
    const input = parseInput(TrackReadingTimeInput, request.body ?? {});
    // Past the serial range no chapter exists, and the database would refuse the number.
    if (input.chapter_id > MAX_SERIAL_ID) throw new HttpError(404, 'Chapter not found');
    const day = learnerToday(request);
    const result = await trackReadingTime(app, viewer, input.chapter_id, input.seconds, day);
    return {
      date: day,
      language: result.language,
      seconds_counted: result.secondsCounted,
      time_spent: result.timeSpent,
    };
  });

  app.get('/activity/', async (request): Promise<Activity> => {
    const { userId } = viewerOf(request);
    const query = parseInput(ActivityQuery, request.query ?? {});
    const today = learnerToday(request);
    const to = query.to ?? today;
    const from = query.from ?? addDays(to, 1 - MAX_ACTIVITY_RANGE_DAYS);
    const span = daysBetween(from, to);
    if (span < 0 || span >= MAX_ACTIVITY_RANGE_DAYS) throw new HttpError(400, ACTIVITY_RANGE_ERROR);
    const activity = await getActivity(app.db, userId, { languageCode: query.language, from, to, today });
    return {
      streak: activity.streak,
      days: activity.days.map((day) => ({
        date: day.date,
        time_spent: day.timeSpent,
        words_read: day.wordsRead,
      })),
    };
  });
}
