/** The smallest and largest daily reading goal, in minutes (learner.md §5, §9). */
export const DAILY_GOAL_MIN_MINUTES = 1;
export const DAILY_GOAL_MAX_MINUTES = 300;
/** The goal of a language whose goal the learner never set (learner.md §9, "shown default 60"). */
export const DEFAULT_DAILY_GOAL_MINUTES = 60;
/** The sentence for a goal out of range or not a whole number (learner.md §5). */
export const DAILY_GOAL_ERROR = 'Goal must be between 1 and 300 minutes';

/** One reading-time report counts at most this many seconds (the client reports every 30 s). */
export const MAX_READING_REPORT_SECONDS = 300;
/** No day holds more reading time than the day has. */
export const MAX_READING_SECONDS_PER_DAY = 24 * 3600;
/** The longest span of days one activity request may ask for (a calendar year, leap day included). */
export const MAX_ACTIVITY_RANGE_DAYS = 366;
/** The zone used when the browser names none, or one that does not exist. */
export const DEFAULT_TIME_ZONE = 'UTC';

// Zones arrive with every request; building a formatter costs tens of microseconds, so each is made once.
const formatters = new Map<string, Intl.DateTimeFormat | null>();
const MAX_CACHED_ZONES = 1000;

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  const cached = formatters.get(timeZone);
  if (cached !== undefined) return cached;
  let formatter: Intl.DateTimeFormat | null;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  } catch {
    formatter = null; // RangeError: not a time zone
  }
  if (formatters.size >= MAX_CACHED_ZONES) {
    formatters.clear();
    lastMinutes.clear();
  }
  formatters.set(timeZone, formatter);
  return formatter;
}

/** True when `value` names a time zone this runtime knows (an IANA name such as Europe/Berlin, or UTC). */
export function isTimeZone(value: string): boolean {
  return value.length > 0 && value.length <= 64 && formatterFor(value) !== null;
}

/** The zone a request named (the `X-Timezone` header), or UTC when it named none or one that does not exist. */
export function timeZoneOrDefault(value: unknown): string {
  return typeof value === 'string' && isTimeZone(value.trim()) ? value.trim() : DEFAULT_TIME_ZONE;
}

/**
 * The calendar date (YYYY-MM-DD) an instant falls on in a time zone; UTC for a zone that does not exist. Every
 * zone's offset has been a whole number of minutes since 1972, so a date changes only on a minute's boundary:
 * the date of the minute last asked is kept per zone (formatting costs microseconds on every request).
 */
export function localDate(instant: Date | number, timeZone: string): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const minute = Math.floor(ms / 60_000);
  const known = lastMinutes.get(timeZone);
  if (known && known.minute === minute) return known.date;
  const date = formattedDate(ms, timeZone);
  if (ms >= WHOLE_MINUTE_OFFSETS_SINCE && formatters.has(timeZone))
    lastMinutes.set(timeZone, { minute, date });
  return date;
}

/** From 1980 on (well after the last offset with seconds, Monrovia's until 1972). */
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1980, 0, 1);
/** Per zone (those with a formatter only), the minute last asked and its date. */
const lastMinutes = new Map<string, { minute: number; date: string }>();

function formattedDate(ms: number, timeZone: string): string {
  const formatter = formatterFor(timeZone) ?? (formatterFor(DEFAULT_TIME_ZONE) as Intl.DateTimeFormat);
  let year = '';
  let month = '';
  let day = '';
  for (const part of formatter.formatToParts(ms)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year.padStart(4, '0')}-${month}-${day}`;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 3600 * 1000;

/** Days since 1970-01-01 of a calendar date: day arithmetic on dates, untouched by any zone's clock changes. */
function dayNumber(date: string): number {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`Not a calendar date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

function fromDayNumber(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** True for a real calendar date written YYYY-MM-DD, from year 1000 to 9999 (no 2023-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match || Number(match[1]) < 1000) return false;
  return fromDayNumber(dayNumber(value)) === value;
}

/** The calendar date `days` days after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** How many days `to` is after `from` (negative when before): 2024-03-09 to 2024-03-11 is 2. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/**
 * The reading streak: how many consecutive days with reading end today, or end yesterday when the learner has
 * not read yet today (the streak is not lost before the day is over). Dates are the learner's local dates.
 */
export function readingStreak(activeDates: Iterable<string>, today: string): number {
  const active = new Set(activeDates);
  let day = active.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (active.has(day)) {
    streak++;
    day = addDays(day, -1);
  }
  return streak;
}

/** Whole minutes in a number of seconds, as the goal bar shows them. */
export function wholeMinutes(seconds: number): number {
  return Math.floor(seconds / 60);
}

/** How much of the goal today's minutes reach, in whole percent; above 100 once exceeded (the bar caps it). */
export function goalPercentage(todayMinutes: number, goalMinutes: number): number {
  return goalMinutes > 0 ? Math.floor((todayMinutes * 100) / goalMinutes) : 0;
}
