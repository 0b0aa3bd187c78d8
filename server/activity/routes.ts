import type { FastifyInstance } from 'fastify';
import { addDays, daysBetween, MAX_ACTIVITY_RANGE_DAYS } from '#common/activity.ts';
import * as activity from '#common/endpoints/activity.ts';
import { ACTIVITY_RANGE_ERROR } from '#common/schemas/library.ts';
import { route } from '#server/http/contract.ts';
import { HttpError, MAX_SERIAL_ID } from '#server/http/errors.ts';
import { learnerDayOf, learnerToday } from '#server/http/today.ts';
import { CHAPTER_NOT_FOUND } from '#server/policies/rules.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { presentActivity, presentGoal, presentReadingTime } from './present.ts';
import { getActivity, getDailyGoal, setDailyGoal, trackFreeReport, trackReadingTime } from './service.ts';

/**
 * The learner's daily goal per language, reading-time reports, and the activity calendar with its streak
 * (learner.md §7). Every one needs a token; "today" is the learner's own date.
 */
export async function activityRoutes(app: FastifyInstance): Promise<void> {
  route(app, activity.getDailyGoal, async ({ query }, request) => {
    const { userId } = viewerOf(request);
    return presentGoal(await getDailyGoal(app.pool, userId, query.language, learnerToday(request)));
  });

  // Changed offline (decision 084): dated when it was made; the answer's minutes are still today's.
  route(app, activity.setDailyGoal, async ({ query, body, offline }, request) => {
    const { userId } = viewerOf(request);
    const goal = {
      languageCode: query.language,
      goalMinutes: body.goal_minutes,
      today: learnerToday(request),
    };
    return presentGoal(await setDailyGoal(offline.db, userId, { ...goal, changedAt: offline.occurredAt }));
  });

  // Read offline (decision 084): counted on the learner's date when they read. A report_id and an
  // Idempotency-Key are both honoured: a repeat of either counts nothing.
  route(
    app,
    activity.trackReadingTime,
    async ({ body, offline }, request) => {
      const viewer = viewerOf(request);
      // Past the serial range no chapter exists, and the database would refuse the number.
      if (body.chapter_id > MAX_SERIAL_ID) throw new HttpError(404, CHAPTER_NOT_FOUND);
      const day = learnerDayOf(request, offline.occurredAt);
      const report = { chapterId: body.chapter_id, seconds: body.seconds, reportId: body.report_id };
      // With a key, everything goes through its transaction (offline.db); the one-statement path needs the pool.
      const database = offline.key === undefined ? app : { db: offline.db };
      return presentReadingTime(day, await trackReadingTime(database, viewer, report, day));
    },
    {
      // The reader sends each report with its id as its key (useReadingTime.ts): a new one on a free story is
      // counted with its key in one statement with the others of the moment (decision 095).
      keyed: async ({ body }, request, change) => {
        const reportId = body.report_id?.toLowerCase();
        if (body.chapter_id > MAX_SERIAL_ID || reportId !== change.key) return undefined;
        const day = learnerDayOf(request, change.occurredAt);
        const report = { chapterId: body.chapter_id, seconds: body.seconds, reportId };
        const counted = await trackFreeReport(app.pool, viewerOf(request).userId, report, day, change);
        return counted && presentReadingTime(day, counted);
      },
    },
  );

  route(app, activity.getActivity, async ({ query }, request) => {
    const { userId } = viewerOf(request);
    const today = learnerToday(request);
    const to = query.to ?? today;
    const from = query.from ?? addDays(to, 1 - MAX_ACTIVITY_RANGE_DAYS);
    const span = daysBetween(from, to);
    if (span < 0 || span >= MAX_ACTIVITY_RANGE_DAYS) throw new HttpError(400, ACTIVITY_RANGE_ERROR);
    const activity = await getActivity(app.pool, userId, { languageCode: query.language, from, to, today });
    return presentActivity(activity);
  });
}
