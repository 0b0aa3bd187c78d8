import { describe, expect, it } from 'vitest';
import { formatDuration } from './formatDuration.ts';

describe('formatDuration', () => {
  it('writes minutes and two-digit seconds', () => {
    expect([0, 5, 59, 60, 67, 600].map(formatDuration)).toEqual([
      '0:00',
      '0:05',
      '0:59',
      '1:00',
      '1:07',
      '10:00',
    ]);
  });

  it('keeps counting minutes past an hour', () => {
    expect(formatDuration(3660)).toBe('61:00');
  });

  it('rounds a fractional duration read from a file to the nearest second', () => {
    expect([4.4, 4.6, 59.6].map(formatDuration)).toEqual(['0:04', '0:05', '1:00']);
  });

  it('shows 0:00 for a duration that cannot be read', () => {
    expect([-3, Number.NaN, Number.POSITIVE_INFINITY].map(formatDuration)).toEqual(['0:00', '0:00', '0:00']);
  });
});
