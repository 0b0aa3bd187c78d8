import type { Difficulty } from '#common/stories.ts';
import type { BadgeVariant } from '#web/components/ui/Badge.tsx';

/** A difficulty as a person reads it: 'Child'. */
export function difficultyLabel(difficulty: Difficulty): string {
  return difficulty.charAt(0).toUpperCase() + difficulty.slice(1);
}

/** The difficulty badge's colour: green for the youngest levels, blue for teen, purple above. */
export function difficultyBadge(difficulty: Difficulty): BadgeVariant {
  if (difficulty === 'infant' || difficulty === 'child') return 'green';
  if (difficulty === 'teen') return 'blue';
  return 'purple';
}
