import { describe, expect, it } from 'vitest';
import { DIFFICULTIES } from '#common/stories.ts';
import { difficultyBadge, difficultyLabel } from './difficulty.ts';

describe('the difficulty badge', () => {
  it('is green for infant and child, blue for teen and purple above', () => {
    expect(DIFFICULTIES.map((level) => [difficultyLabel(level), difficultyBadge(level)])).toEqual([
      ['Infant', 'green'],
      ['Child', 'green'],
      ['Teen', 'blue'],
      ['Adult', 'purple'],
      ['Expert', 'purple'],
    ]);
  });
});
