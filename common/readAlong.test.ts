import { describe, expect, it } from 'vitest';
import { sentenceAt, type TimedSentence, timedStartFrom } from './readAlong.ts';

const timed: TimedSentence[] = [
  [0, 1, 0.5],
  [2, 3, 2.4],
  [4, 4, null],
  [5, 7, 6],
  [8, 9, null],
  [10, 12, 9.75],
];

describe('sentenceAt', () => {
  it('answers the last timed sentence started by then, -1 before the first', () => {
    expect(sentenceAt(timed, 0)).toBe(-1);
    expect(sentenceAt(timed, 0.5)).toBe(0);
    expect(sentenceAt(timed, 2.39)).toBe(0);
    expect(sentenceAt(timed, 2.4)).toBe(1);
    expect(sentenceAt(timed, 5.9)).toBe(1);
    expect(sentenceAt(timed, 6)).toBe(3);
    expect(sentenceAt(timed, 9.7)).toBe(3);
    expect(sentenceAt(timed, 100)).toBe(5);
  });

  it('agrees with a walk through every sentence at every tenth of a second', () => {
    for (let tenth = 0; tenth <= 120; tenth++) {
      const seconds = tenth / 10;
      let expected = -1;
      for (const [index, sentence] of timed.entries())
        if (sentence[2] !== null && sentence[2] <= seconds) expected = index;
      expect(sentenceAt(timed, seconds)).toBe(expected);
    }
  });

  it('answers -1 without timings', () => {
    expect(sentenceAt([], 3)).toBe(-1);
    expect(sentenceAt([[0, 1, null]], 3)).toBe(-1);
  });
});

describe('timedStartFrom', () => {
  it('finds the nearest timed start back or on, skipping sentences without one', () => {
    expect(timedStartFrom(timed, 2, 1)).toBe(6);
    expect(timedStartFrom(timed, 2, -1)).toBe(2.4);
    expect(timedStartFrom(timed, 4, 1)).toBe(9.75);
    expect(timedStartFrom(timed, 6, 1)).toBeUndefined();
    expect(timedStartFrom(timed, -1, -1)).toBeUndefined();
  });
});
