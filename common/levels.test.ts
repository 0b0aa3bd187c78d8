import { describe, expect, it } from 'vitest';
import { LEVEL_ANSWERS } from './levels.ts';
import { LEARNER_LEVELS } from './schemas/reading.ts';
import { DIFFICULTIES } from './stories.ts';

describe('the answers to a first choice of language', () => {
  it('store a level that never falls as the answers grow harder, and use every level', () => {
    const ranks = LEVEL_ANSWERS.map((answer) => LEARNER_LEVELS.indexOf(answer.level));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(ranks).size).toBe(LEARNER_LEVELS.length);
  });

  it('open the library one difficulty harder per answer, two neighbouring difficulties each, all covered', () => {
    LEVEL_ANSWERS.forEach((answer, index) => {
      expect(answer.difficulties).toEqual(DIFFICULTIES.slice(index, index + 2));
    });
    expect(new Set(LEVEL_ANSWERS.flatMap((answer) => answer.difficulties))).toEqual(new Set(DIFFICULTIES));
  });
});
