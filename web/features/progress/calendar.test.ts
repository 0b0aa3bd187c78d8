import { describe, expect, it } from 'vitest';
import {
  calendarDays,
  intensity,
  isSameOrLaterMonth,
  monthOf,
  monthRange,
  monthWeeks,
  shiftMonth,
  todayLocal,
} from './calendar.ts';

describe('the progress calendar', () => {
  it('lays a month out in weeks starting on Sunday', () => {
    // November 2026 starts on a Sunday and has 30 days: five weeks, the last with two days.
    const november = monthWeeks({ year: 2026, month: 11 });
    expect(november).toHaveLength(5);
    expect(november[0]?.[0]).toBe('2026-11-01');
    expect(november[4]).toEqual(['2026-11-29', '2026-11-30', null, null, null, null, null]);
    // February 2026 starts on a Sunday and fills four weeks exactly; March 2026 starts on a Sunday too.
    expect(monthWeeks({ year: 2026, month: 2 })).toHaveLength(4);
    // A month starting on Saturday leaves six empty cells before its first day.
    const august = monthWeeks({ year: 2026, month: 8 });
    expect(august[0]?.slice(0, 7)).toEqual([null, null, null, null, null, null, '2026-08-01']);
    expect(august.flat().filter(Boolean)).toHaveLength(31);
  });

  it('knows leap years, and moves across years', () => {
    expect(monthRange({ year: 2028, month: 2 })).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange({ year: 2026, month: 2 }).to).toBe('2026-02-28');
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(isSameOrLaterMonth({ year: 2026, month: 11 }, { year: 2026, month: 11 })).toBe(true);
    expect(isSameOrLaterMonth({ year: 2026, month: 10 }, { year: 2026, month: 11 })).toBe(false);
    expect(monthOf('2026-11-22')).toEqual({ year: 2026, month: 11 });
  });

  it("takes today from the device's own clock", () => {
    expect(todayLocal(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('colours a day by its minutes: 0, under 15, 15, 30, 45, 60 or more', () => {
    expect([0, 1, 14, 15, 29, 30, 44, 45, 59, 60, 240].map(intensity)).toEqual([
      0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]);
    expect(intensity(Number.NaN)).toBe(0);
  });

  it('shades every day the activity lists, as the streak counts it, even with under a minute read', () => {
    const days = calendarDays([
      { date: '2026-11-25', time_spent: 40, words_read: 0 },
      { date: '2026-11-26', time_spent: 0, words_read: 45 },
      { date: '2026-11-27', time_spent: 16 * 60 + 59, words_read: 0 },
      { date: '2026-11-28', time_spent: 60, words_read: 0 },
    ]);
    expect(days.get('2026-11-25')).toEqual({ intensity: 1, label: '<1m', spoken: 'less than a minute' });
    expect(days.get('2026-11-26')).toEqual({ intensity: 1, label: '<1m', spoken: 'less than a minute' });
    expect(days.get('2026-11-27')).toEqual({ intensity: 2, label: '16m', spoken: '16 minutes' });
    expect(days.get('2026-11-28')).toEqual({ intensity: 1, label: '1m', spoken: '1 minute' });
    expect(days.get('2026-11-24')).toBeUndefined();
  });
});
