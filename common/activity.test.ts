import { describe, expect, it } from 'vitest';
import {
  addDays,
  DEFAULT_TIME_ZONE,
  daysBetween,
  goalPercentage,
  isCalendarDate,
  isTimeZone,
  localDate,
  readingStreak,
  timeZoneOrDefault,
  wholeMinutes,
} from './activity.ts';

const at = (iso: string) => new Date(iso);

describe('localDate', () => {
  it('answers the date an instant falls on in the zone, not in UTC', () => {
    const instant = at('2024-06-01T02:00:00Z');
    expect(localDate(instant, 'UTC')).toBe('2024-06-01');
    expect(localDate(instant, 'America/Los_Angeles')).toBe('2024-05-31');
    expect(localDate(instant, 'Asia/Tokyo')).toBe('2024-06-01');
    expect(localDate(at('2024-06-01T16:00:00Z'), 'Asia/Tokyo')).toBe('2024-06-02');
    expect(localDate(instant.getTime(), 'Asia/Kolkata')).toBe('2024-06-01');
  });

  it('puts 23:30 of a learner in UTC-8 on their own day, though UTC is already on the next one', () => {
    // 23:30 Pacific Standard Time on 15 January is 07:30 UTC on the 16th.
    const evening = at('2024-01-16T07:30:00Z');
    expect(localDate(evening, 'America/Los_Angeles')).toBe('2024-01-15');
    expect(localDate(evening, 'Etc/GMT+8')).toBe('2024-01-15');
    expect(localDate(evening, 'UTC')).toBe('2024-01-16');
  });

  it('follows New York across both daylight-saving changes', () => {
    // Clocks go forward at 02:00 on 10 March 2024 (UTC-5 to UTC-4), back at 02:00 on 3 November.
    expect(localDate(at('2024-03-10T04:59:59Z'), 'America/New_York')).toBe('2024-03-09');
    expect(localDate(at('2024-03-10T05:00:00Z'), 'America/New_York')).toBe('2024-03-10');
    expect(localDate(at('2024-03-11T03:59:59Z'), 'America/New_York')).toBe('2024-03-10');
    expect(localDate(at('2024-03-11T04:00:00Z'), 'America/New_York')).toBe('2024-03-11');
    expect(localDate(at('2024-11-03T03:59:59Z'), 'America/New_York')).toBe('2024-11-02');
    expect(localDate(at('2024-11-04T04:59:59Z'), 'America/New_York')).toBe('2024-11-03');
    expect(localDate(at('2024-11-04T05:00:00Z'), 'America/New_York')).toBe('2024-11-04');
  });

  it('follows Berlin across both daylight-saving changes', () => {
    // Clocks go forward at 02:00 on 31 March 2024 (UTC+1 to UTC+2), back at 03:00 on 27 October.
    expect(localDate(at('2024-03-30T22:59:59Z'), 'Europe/Berlin')).toBe('2024-03-30');
    expect(localDate(at('2024-03-30T23:00:00Z'), 'Europe/Berlin')).toBe('2024-03-31');
    expect(localDate(at('2024-03-31T21:59:59Z'), 'Europe/Berlin')).toBe('2024-03-31');
    expect(localDate(at('2024-03-31T22:00:00Z'), 'Europe/Berlin')).toBe('2024-04-01');
    expect(localDate(at('2024-10-27T22:59:59Z'), 'Europe/Berlin')).toBe('2024-10-27');
    expect(localDate(at('2024-10-27T23:00:00Z'), 'Europe/Berlin')).toBe('2024-10-28');
  });

  it('uses UTC for a zone that does not exist', () => {
    expect(localDate(at('2024-01-16T07:30:00Z'), 'Mars/Olympus_Mons')).toBe('2024-01-16');
  });
});

describe('time zones from a request', () => {
  it('accepts IANA names and UTC', () => {
    for (const zone of ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Etc/GMT+8']) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
  });

  it('refuses what is not a zone', () => {
    for (const zone of ['', 'Mars/Olympus_Mons', 'Europe/Berlin; DROP TABLE', 'x'.repeat(100)]) {
      expect(isTimeZone(zone), zone).toBe(false);
    }
  });

  it('falls back to UTC when the header is missing, empty, repeated or unknown', () => {
    expect(timeZoneOrDefault(undefined)).toBe(DEFAULT_TIME_ZONE);
    expect(timeZoneOrDefault('')).toBe('UTC');
    expect(timeZoneOrDefault(['Europe/Berlin', 'Asia/Tokyo'])).toBe('UTC');
    expect(timeZoneOrDefault('Nowhere/Special')).toBe('UTC');
    expect(timeZoneOrDefault(' Europe/Berlin ')).toBe('Europe/Berlin');
  });
});

describe('calendar dates', () => {
  it('knows real dates from impossible or badly written ones', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-13-01')).toBe(false);
    expect(isCalendarDate('2024-1-01')).toBe(false);
    expect(isCalendarDate('2024-01-01T00:00:00Z')).toBe(false);
    expect(isCalendarDate('0999-01-01')).toBe(false);
    expect(isCalendarDate('yesterday')).toBe(false);
  });

  it('counts days by the calendar, whatever the clocks did in between', () => {
    expect(addDays('2024-03-09', 1)).toBe('2024-03-10');
    expect(addDays('2024-03-10', 1)).toBe('2024-03-11');
    expect(addDays('2024-10-27', 1)).toBe('2024-10-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -366)).toBe('2024-01-01');
    expect(daysBetween('2024-03-09', '2024-03-11')).toBe(2);
    expect(daysBetween('2024-03-11', '2024-03-09')).toBe(-2);
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(365);
  });
});

describe('readingStreak', () => {
  it('counts consecutive days ending today', () => {
    expect(readingStreak(['2024-05-01', '2024-05-02', '2024-05-03'], '2024-05-03')).toBe(3);
  });

  it('still counts a streak that ended yesterday while today has no reading yet', () => {
    expect(readingStreak(['2024-05-01', '2024-05-02'], '2024-05-03')).toBe(2);
  });

  it('is 0 when neither today nor yesterday has reading', () => {
    expect(readingStreak(['2024-05-01'], '2024-05-03')).toBe(0);
    expect(readingStreak([], '2024-05-03')).toBe(0);
  });

  it('stops at the first day without reading, and ignores order, repeats and later dates', () => {
    const days = ['2024-05-03', '2024-04-30', '2024-05-02', '2024-05-02', '2024-05-05'];
    expect(readingStreak(days, '2024-05-03')).toBe(2);
  });

  it('runs across month and year ends and leap days', () => {
    const days = ['2023-12-30', '2023-12-31', '2024-01-01', '2024-02-28', '2024-02-29', '2024-03-01'];
    expect(readingStreak(days, '2024-01-01')).toBe(3);
    expect(readingStreak(days, '2024-03-01')).toBe(3);
  });

  it('keeps a New York learner who reads at 22:30 every evening through the spring clock change', () => {
    // 22:30 local on 8–11 March 2024: EST (UTC-5) before the change on the 10th, EDT (UTC-4) after it.
    const readings = [
      '2024-03-09T03:30:00Z',
      '2024-03-10T03:30:00Z',
      '2024-03-11T02:30:00Z',
      '2024-03-12T02:30:00Z',
    ];
    const days = readings.map((instant) => localDate(at(instant), 'America/New_York'));
    expect(days).toEqual(['2024-03-08', '2024-03-09', '2024-03-10', '2024-03-11']);
    expect(readingStreak(days, localDate(at('2024-03-12T03:00:00Z'), 'America/New_York'))).toBe(4);
  });

  it('keeps a Berlin learner who reads at 00:30 every night through the autumn clock change', () => {
    // 00:30 local on 26–29 October 2024: CEST (UTC+2) until the 27th, CET (UTC+1) from then on.
    const readings = [
      '2024-10-25T22:30:00Z',
      '2024-10-26T22:30:00Z',
      '2024-10-27T23:30:00Z',
      '2024-10-28T23:30:00Z',
    ];
    const days = readings.map((instant) => localDate(at(instant), 'Europe/Berlin'));
    expect(days).toEqual(['2024-10-26', '2024-10-27', '2024-10-28', '2024-10-29']);
    expect(readingStreak(days, '2024-10-29')).toBe(4);
  });

  it('counts the days of a learner in UTC-8 who reads at 23:30 by their own calendar', () => {
    // 23:30 PST on 14 and 15 January is 07:30 UTC on the 15th and 16th. Next morning, 08:00 local:
    const readings = ['2024-01-15T07:30:00Z', '2024-01-16T07:30:00Z'];
    const morning = at('2024-01-16T16:00:00Z');
    const local = readings.map((instant) => localDate(at(instant), 'America/Los_Angeles'));
    expect(local).toEqual(['2024-01-14', '2024-01-15']);
    expect(readingStreak(local, localDate(morning, 'America/Los_Angeles'))).toBe(2);
    // Counted in UTC the same evenings fall on the 15th and 16th: a different calendar.
    expect(readings.map((instant) => localDate(at(instant), 'UTC'))).toEqual(['2024-01-15', '2024-01-16']);
  });
});

describe('the daily goal', () => {
  it('shows whole minutes and whole percent, above 100 once the goal is passed', () => {
    expect(wholeMinutes(0)).toBe(0);
    expect(wholeMinutes(59)).toBe(0);
    expect(wholeMinutes(3599)).toBe(59);
    expect(goalPercentage(0, 60)).toBe(0);
    expect(goalPercentage(59, 60)).toBe(98);
    expect(goalPercentage(60, 60)).toBe(100);
    expect(goalPercentage(90, 60)).toBe(150);
    expect(goalPercentage(1, 300)).toBe(0);
  });
});

describe('localDate kept per minute', () => {
  const reference = (ms: number, timeZone: string) => {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(ms);
    const part = (type: string) => parts.find((p) => p.type === type)?.value;
    return `${part('year')}-${part('month')}-${part('day')}`;
  };

  it('answers what formatting each instant would, across midnights and clock changes in odd-offset zones', () => {
    const zones = [
      'Europe/Berlin',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Pacific/Chatham',
      'America/St_Johns',
    ];
    // Around the 2026 clock changes of both hemispheres, every 7 min 13 s, each zone asked in turn.
    for (const start of [
      Date.UTC(2026, 2, 27),
      Date.UTC(2026, 3, 3),
      Date.UTC(2026, 9, 2),
      Date.UTC(2026, 9, 24),
    ]) {
      for (let ms = start; ms < start + 4 * 24 * 3600_000; ms += 433_000) {
        for (const zone of zones) expect(localDate(ms, zone)).toBe(reference(ms, zone));
        // The same minute asked again, a few seconds on, from the kept date.
        for (const zone of zones) expect(localDate(ms + 5_000, zone)).toBe(reference(ms + 5_000, zone));
      }
    }
  });
});
