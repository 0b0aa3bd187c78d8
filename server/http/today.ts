import type { FastifyRequest } from 'fastify';
import { localDate, timeZoneOrDefault } from '#common/activity.ts';

/**
 * The learner's date now, in the time zone their browser sends (`X-Timezone`, an IANA name); UTC when it
 * sends none or one that does not exist. Reading time, words and streaks are all counted on this date.
 */
export function learnerToday(request: FastifyRequest, now = Date.now()): string {
  return localDate(now, timeZoneOrDefault(request.headers['x-timezone']));
}

/**
 * The learner's date when they made a change: the day of its Occurred-At (an offline change counts on the day it
 * was made, decision 084) in their time zone, or today when none was sent.
 */
export function learnerDayOf(request: FastifyRequest, occurredAt: Date | undefined): string {
  return learnerToday(request, occurredAt?.getTime());
}
