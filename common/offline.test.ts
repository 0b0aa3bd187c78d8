import { describe, expect, it } from 'vitest';
import {
  countedAt,
  IDEMPOTENCY_KEY_NOT_UUID,
  MAX_OFFLINE_AGE_DAYS,
  OCCURRED_AT_IN_FUTURE,
  OCCURRED_AT_NOT_INSTANT,
  OCCURRED_AT_TOO_OLD,
  parseIdempotencyKey,
  parseOccurredAt,
} from './offline.ts';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('parseIdempotencyKey', () => {
  it('takes a UUID in any case, kept in lower case, and nothing when none was sent', () => {
    expect(parseIdempotencyKey('0B3F2C1E-9A4D-4C7B-8E2F-1A2B3C4D5E6F')).toEqual({
      value: '0b3f2c1e-9a4d-4c7b-8e2f-1a2b3c4d5e6f',
    });
    expect(parseIdempotencyKey(' 0b3f2c1e-9a4d-4c7b-8e2f-1a2b3c4d5e6f ')).toEqual({
      value: '0b3f2c1e-9a4d-4c7b-8e2f-1a2b3c4d5e6f',
    });
    expect(parseIdempotencyKey(undefined)).toEqual({ value: undefined });
  });

  it('refuses anything else with its sentence', () => {
    for (const key of [
      '',
      'abc',
      '0b3f2c1e9a4d4c7b8e2f1a2b3c4d5e6f',
      '0b3f2c1e-9a4d-4c7b-8e2f-1a2b3c4d5e6g',
    ]) {
      expect(parseIdempotencyKey(key)).toEqual({ error: IDEMPOTENCY_KEY_NOT_UUID });
    }
    expect(
      parseIdempotencyKey('0b3f2c1e-9a4d-4c7b-8e2f-1a2b3c4d5e6f, 1b3f2c1e-9a4d-4c7b-8e2f-1a2b3c4d5e6f'),
    ).toEqual({ error: IDEMPOTENCY_KEY_NOT_UUID });
  });
});

describe('parseOccurredAt', () => {
  it('reads an instant with Z or an offset, to the minute, second or fraction', () => {
    const cases: [string, string][] = [
      ['2026-11-27T08:30:00Z', '2026-11-27T08:30:00.000Z'],
      ['2026-11-27T08:30Z', '2026-11-27T08:30:00.000Z'],
      ['2026-11-27T17:30:00+09:00', '2026-11-27T08:30:00.000Z'],
      ['2026-11-26T23:30:00-08:00', '2026-11-27T07:30:00.000Z'],
      ['2026-11-27T08:30:00.5Z', '2026-11-27T08:30:00.500Z'],
      ['2026-11-27T08:30:00.123456789+05:30', '2026-11-27T03:00:00.123Z'],
      ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
    ];
    for (const [header, instant] of cases) {
      expect(parseOccurredAt(header), header).toEqual({ value: new Date(instant) });
    }
    expect(parseOccurredAt(undefined)).toEqual({ value: undefined });
  });

  it('refuses a date alone, a time without its offset, a field out of range, or words', () => {
    for (const header of [
      '',
      'yesterday',
      '2026-11-27',
      '2026-11-27T08:30:00',
      '2026-11-27 08:30:00Z',
      '2026-02-30T08:30:00Z',
      '2025-02-29T08:30:00Z',
      '2026-11-27T24:00:00Z',
      '2026-11-27T08:60:00Z',
      '2026-11-27T08:30:61Z',
      '2026-11-27T08:30:00+25:00',
      '2026-11-27T08:30:00+0900',
      'Fri, 27 Nov 2026 08:30:00 GMT',
      '1764232200000',
    ]) {
      expect(parseOccurredAt(header), header).toEqual({ error: OCCURRED_AT_NOT_INSTANT });
    }
  });
});

describe('countedAt', () => {
  it('counts a moment up to 7 days back as it is', () => {
    const oldest = new Date(NOW - MAX_OFFLINE_AGE_DAYS * DAY);
    expect(countedAt(oldest, NOW)).toEqual({ value: oldest });
    expect(countedAt(new Date(NOW - 2 * DAY), NOW)).toEqual({ value: new Date(NOW - 2 * DAY) });
    expect(countedAt(new Date(NOW), NOW)).toEqual({ value: new Date(NOW) });
  });

  it('refuses a moment more than 7 days back with a sentence a learner can read', () => {
    expect(countedAt(new Date(NOW - MAX_OFFLINE_AGE_DAYS * DAY - 1), NOW)).toEqual({
      error: OCCURRED_AT_TOO_OLD,
    });
    expect(countedAt(new Date(NOW - 8 * DAY), NOW)).toEqual({ error: OCCURRED_AT_TOO_OLD });
    expect(OCCURRED_AT_TOO_OLD).toBe('This was done more than 7 days ago and can no longer be counted.');
  });

  it('counts a moment up to 5 minutes ahead as now, and refuses one further ahead', () => {
    expect(countedAt(new Date(NOW + 4 * MINUTE), NOW)).toEqual({ value: new Date(NOW) });
    expect(countedAt(new Date(NOW + 5 * MINUTE), NOW)).toEqual({ value: new Date(NOW) });
    expect(countedAt(new Date(NOW + 5 * MINUTE + 1), NOW)).toEqual({ error: OCCURRED_AT_IN_FUTURE });
    expect(countedAt(new Date(NOW + 10 * MINUTE), NOW)).toEqual({ error: OCCURRED_AT_IN_FUTURE });
  });
});
