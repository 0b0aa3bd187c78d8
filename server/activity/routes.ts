import type { FastifyInstance } from 'fastify';
import { addDays, daysBetween, MAX_ACTIVITY_RANGE_DAYS } from '#common/activity.ts';
import {
  ACTIVITY_RANGE_ERROR,
  type Activity,
  ActivityQuery,
  DailyGoalInput,
  DailyGoalQuery,
  TrackReadingTimeInput,
  type TrackReadingTimeResult,
} from '#common/schemas/library.ts';
import { HttpError, MAX_SERIAL_ID, parseInput } from '#server/http/errors.ts';
import { learnerToday } from '#server/http/today.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { presentActivity, presentGoal, presentReadingTime } from './present.ts';
import { getActivity, getDailyGoal, setDailyGoal, trackReadingTime } from './service.ts';

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
    return presentReadingTime(day, result);
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
    return presentActivity(activity);
  });
}
