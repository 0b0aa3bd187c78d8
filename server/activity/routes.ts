import type { FastifyInstance } from 'fastify';
import { addDays, daysBetween, MAX_ACTIVITY_RANGE_DAYS } from '#common/activity.ts';
import * as activity from '#common/endpoints/activity.ts';
import { ACTIVITY_RANGE_ERROR } from '#common/schemas/library.ts';
import { route } from '#server/http/contract.ts';
import { HttpError, MAX_SERIAL_ID } from '#server/http/errors.ts';
import { learnerToday } from '#server/http/today.ts';
import { CHAPTER_NOT_FOUND } from '#server/policies/rules.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { presentActivity, presentGoal, presentReadingTime } from './present.ts';
import { getActivity, getDailyGoal, setDailyGoal, trackReadingTime } from './service.ts';

/**
 * The learner's daily goal per language, reading-time reports, and the activity calendar with its streak
 * (learner.md §7). Every one needs a token; "today" is the learner's own date.
 */
export async function activityRoutes(app: FastifyInstance): Promise<void> {
  route(app, activity.getDailyGoal, async ({ query }, request) => {
    const { userId } = viewerOf(request);
    return presentGoal(await getDailyGoal(app.pool, userId, query.language, learnerToday(request)));
  });

  route(app, activity.setDailyGoal, async ({ query, body }, request) => {
    const { userId } = viewerOf(request);
    await setDailyGoal(app.db, userId, query.language, body.goal_minutes);
    return presentGoal(await getDailyGoal(app.pool, userId, query.language, learnerToday(request)));
  });

  route(app, activity.trackReadingTime, async ({ body }, request) => {
    const viewer = viewerOf(request);
    // Past the serial range no chapter exists, and the database would refuse the number.
    if (body.chapter_id > MAX_SERIAL_ID) throw new HttpError(404, CHAPTER_NOT_FOUND);
    const day = learnerToday(request);
    const report = { chapterId: body.chapter_id, seconds: body.seconds, reportId: body.report_id };
    const result = await trackReadingTime(app, viewer, report, day);
    return presentReadingTime(day, result);
  });

  route(app, activity.getActivity, async ({ query }, request) => {
    const { userId } = viewerOf(request);
    const today = learnerToday(request);
    const to = query.to ?? today;
    const from = query.from ?? addDays(to, 1 - MAX_ACTIVITY_RANGE_DAYS);
    const span = daysBetween(from, to);
    if (span < 0 || span >= MAX_ACTIVITY_RANGE_DAYS) throw new HttpError(400, ACTIVITY_RANGE_ERROR);
    const activity = await getActivity(app.db, userId, { languageCode: query.language, from, to, today });
    return presentActivity(activity);
  });
}
