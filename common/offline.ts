// What a learner did offline, sent later by the web app's outbox (issue 24, decision 084): each request carries
// the moment it was done and a key of its own, so it counts on the day it happened and never twice. Both sides
// read the names, limits and rules from here.

/** A UUID the client makes for each change; the same key sent again is answered as before and changes nothing. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** The moment the learner did it: an ISO 8601 instant with its offset or Z. Absent means now. */
export const OCCURRED_AT_HEADER = 'Occurred-At';
/** Set on an answer given again for a key already answered. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** How long ago a change may have been done and still be counted. */
export const MAX_OFFLINE_AGE_DAYS = 7;
/** How far ahead of the server's clock a device's may run; a moment ahead by less counts as now. */
export const MAX_CLOCK_AHEAD_MINUTES = 5;
/** How long a key is kept: the oldest change that still counts, and a day for its retries. */
export const IDEMPOTENCY_KEY_KEPT_DAYS = MAX_OFFLINE_AGE_DAYS + 1;

export const IDEMPOTENCY_KEY_NOT_UUID = 'Idempotency-Key must be a UUID.';
export const OCCURRED_AT_NOT_INSTANT =
  'Occurred-At must be a date and time with its offset, such as 2026-11-27T08:30:00Z.';
export const OCCURRED_AT_TOO_OLD = `This was done more than ${MAX_OFFLINE_AGE_DAYS} days ago and can no longer be counted.`;
export const OCCURRED_AT_IN_FUTURE = `Occurred-At is more than ${MAX_CLOCK_AHEAD_MINUTES} minutes ahead of the server's clock: check the device's date and time.`;
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different request: send each change with a key of its own.';
export const IDEMPOTENCY_KEY_IN_FLIGHT =
  'A request with this Idempotency-Key is still being handled. Please try again in a moment.';

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A calendar date, a time to the minute at least, and an offset: a local time without one names no instant.
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-](\d{2}):(\d{2}))$/;

/** A header as read: its value (undefined when none was sent), or the sentence that refuses it. */
export type Parsed<T> = { value: T | undefined } | { error: string };

/** Reads an Idempotency-Key header: a UUID (any case, kept in lower case), or nothing. */
export function parseIdempotencyKey(header: string | undefined): Parsed<string> {
  if (header === undefined) return { value: undefined };
  const key = header.trim();
  return UUID.test(key) ? { value: key.toLowerCase() } : { error: IDEMPOTENCY_KEY_NOT_UUID };
}

/**
 * Reads an Occurred-At header as an instant: `2026-11-27T08:30:00Z`, `2026-11-27T17:30:00.123+09:00`. A date
 * without a time, a time without an offset, or a field out of range (the 30th of February) is refused.
 */
export function parseOccurredAt(header: string | undefined): Parsed<Date> {
  if (header === undefined) return { value: undefined };
  const match = INSTANT.exec(header.trim());
  if (!match) return { error: OCCURRED_AT_NOT_INSTANT };
  const field = (index: number) => Number(match[index] ?? '0');
  const [year, month, day, hour, minute, second] = [
    field(1),
    field(2),
    field(3),
    field(4),
    field(5),
    field(6),
  ];
  const utc = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls an out-of-range field over (31 April is 1 May); a round trip tells.
  const isReal =
    utc.getUTCFullYear() === year &&
    utc.getUTCMonth() === month - 1 &&
    utc.getUTCDate() === day &&
    utc.getUTCHours() === hour &&
    utc.getUTCMinutes() === minute &&
    utc.getUTCSeconds() === second &&
    field(9) <= 23 &&
    field(10) <= 59;
  if (!isReal) return { error: OCCURRED_AT_NOT_INSTANT };
  const milliseconds = Number((match[7] ?? '').padEnd(3, '0').slice(0, 3));
  const sign = match[8] === 'Z' ? 0 : match[8]?.startsWith('-') ? -1 : 1;
  const offset = sign * (field(9) * 60 + field(10));
  return { value: new Date(utc.getTime() + milliseconds - offset * 60_000) };
}

/**
 * When a change counts, given the server's `now`: its Occurred-At, or now when it is a little ahead (a device's
 * clock running fast); more than MAX_OFFLINE_AGE_DAYS before now, or more than MAX_CLOCK_AHEAD_MINUTES after,
 * is refused with a sentence.
 */
export function countedAt(occurredAt: Date, now: number): { value: Date } | { error: string } {
  const at = occurredAt.getTime();
  if (at < now - MAX_OFFLINE_AGE_DAYS * DAY_MS) return { error: OCCURRED_AT_TOO_OLD };
  if (at > now + MAX_CLOCK_AHEAD_MINUTES * 60_000) return { error: OCCURRED_AT_IN_FUTURE };
  return { value: at > now ? new Date(now) : occurredAt };
}
