import { describe, expect, it } from 'vitest';
import { formatStart, nudged, timedSummary } from './timings.ts';

describe('formatStart', () => {
  it('shows minutes, seconds and tenths', () => {
    expect(formatStart(0)).toBe('0:00.0');
    expect(formatStart(2.64)).toBe('0:02.6');
    expect(formatStart(62.55)).toBe('1:02.6');
    expect(formatStart(59.96)).toBe('1:00.0');
    expect(formatStart(null)).toBe('–');
  });
});

describe('nudged', () => {
  const starts = [0, 2.64, null, 6.62];

  it('moves a start by a tenth either way', () => {
    expect(nudged(starts, 1, 0.1)).toEqual([0, 2.74, null, 6.62]);
    expect(nudged(starts, 1, -0.1)).toEqual([0, 2.54, null, 6.62]);
  });

  it('never past its timed neighbours, below zero or beyond the audio', () => {
    expect(nudged([0, 0.05, 1], 1, -0.1)).toEqual([0, 0, 1]);
    expect(nudged([0, 0.95, 1], 1, 0.1)).toEqual([0, 1, 1]);
    expect(nudged(starts, 0, -0.1)).toEqual(starts);
    // Over the untimed sentence, to the next timed one.
    expect(nudged([0, 6.58, null, 6.62], 1, 0.1)).toEqual([0, 6.62, null, 6.62]);
    expect(nudged([0, 23.85], 1, 0.1, 23.88)).toEqual([0, 23.88]);
  });

  it('leaves an untimed sentence untimed', () => {
    expect(nudged(starts, 2, 0.1)).toEqual(starts);
  });
});

describe('timedSummary', () => {
  it('counts the timed sentences', () => {
    expect(timedSummary([0, null, 3])).toBe('2 of 3 sentences timed');
    expect(timedSummary([0])).toBe('1 of 1 sentence timed');
  });
});
