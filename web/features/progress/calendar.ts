import { plural } from '#common/plural.ts';
import type { Activity } from '#common/schemas/library.ts';

/** A month of the calendar: its first day's year and month (1–12). */
export interface CalendarMonth {
  year: number;
  month: number;
}

/** The learner's local date as YYYY-MM-DD (the browser's own time zone). */
export function todayLocal(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The month a local date falls in. */
export function monthOf(date: string): CalendarMonth {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

/** The month before or after. */
export function shiftMonth({ year, month }: CalendarMonth, by: number): CalendarMonth {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** True when `a` is the same month as `b` or later. */
export function isSameOrLaterMonth(a: CalendarMonth, b: CalendarMonth): boolean {
  return a.year * 12 + a.month >= b.year * 12 + b.month;
}

/** The first and last local dates of a month, for the activity call's range. */
export function monthRange({ year, month }: CalendarMonth): { from: string; to: string } {
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(days)}` };
}

/**
 * The weeks of a month, Sunday first (spec/learner.md §2): each week seven cells, a date YYYY-MM-DD or null for
 * the days of the neighbouring months.
 */
export function monthWeeks({ year, month }: CalendarMonth): (string | null)[][] {
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: firstWeekday }, () => null);
  for (let day = 1; day <= days; day++) cells.push(`${year}-${pad(month)}-${pad(day)}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

/** The colour steps of a day by minutes read (spec/learner.md §2): 0, under 15, 15, 30, 45, 60 or more. */
export const INTENSITY_CLASSES = [
  'bg-white text-slate-500',
  'bg-brand-50 text-brand-900',
  'bg-brand-100 text-brand-900',
  'bg-brand-300 text-brand-950',
  'bg-brand-500 text-white',
  'bg-brand-700 text-white',
] as const;

/** Which colour step a day with this many minutes takes: 0 to 5. */
export function intensity(minutes: number): number {
  if (!(minutes > 0)) return 0;
  if (minutes < 15) return 1;
  if (minutes < 30) return 2;
  if (minutes < 45) return 3;
  if (minutes < 60) return 4;
  return 5;
}

/** A day of the calendar as its cell shows it. */
export interface CalendarDay {
  /** The colour step, 0 to 5 (INTENSITY_CLASSES). */
  intensity: number;
  /** The time read, as the cell writes it: '12m', '<1m' for under a minute; '' for a day without reading. */
  label: string;
  /** The same, spoken: '12 minutes', 'less than a minute', '0 minutes'. */
  spoken: string;
}

/** A day without reading (and a day still to come). */
export const NO_READING: CalendarDay = { intensity: 0, label: '', spoken: '0 minutes' };

/**
 * The calendar's days from the activity answer. The answer lists only days with reading (time read or a chapter
 * finished), the very days the streak counts, so each one it lists is shaded at least 'under 15', even with
 * less than a whole minute read (issue 23: today stayed blank after 40 seconds and a finished chapter while
 * the streak said one day). Minutes are whole minutes, as the goal bar counts them.
 */
export function calendarDays(days: Activity['days']): ReadonlyMap<string, CalendarDay> {
  return new Map(
    days.map((day) => {
      const minutes = Math.floor(day.time_spent / 60);
      const shown: CalendarDay =
        minutes >= 1
          ? { intensity: intensity(minutes), label: `${minutes}m`, spoken: spokenMinutes(minutes) }
          : { intensity: 1, label: '<1m', spoken: 'less than a minute' };
      return [day.date, shown];
    }),
  );
}

function spokenMinutes(minutes: number): string {
  return plural(minutes, { one: 'minute', other: 'minutes' });
}
