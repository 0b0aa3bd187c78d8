import type { FastifyRequest } from 'fastify';
import { localDate, timeZoneOrDefault } from '#common/activity.ts';

/**
 * The learner's date now, in the time zone their browser sends (`X-Timezone`, an IANA name); UTC when it
 * sends none or one that does not exist. Reading time, words and streaks are all counted on this date.
 */
export function learnerToday(request: FastifyRequest, now = Date.now()): string {
  return localDate(now, timeZoneOrDefault(request.headers['x-timezone']));
}
