import type { LearnerLevel } from './schemas/reading.ts';
import type { Difficulty } from './stories.ts';

/** One answer to "How well do you know {language}?": what it stores and where the library opens. */
export interface LevelAnswer {
  label: string;
  /** The language's current_level it saves (learner.md §3). */
  level: LearnerLevel;
  /** The story difficulties the library opens filtered at, easiest first. */
  difficulties: readonly Difficulty[];
}

/**
 * The answers a learner gives when they choose a language for the first time (issue 23, decision 080), easiest
 * first. The four answers fit the three stored levels (both beginner answers are beginner), and each opens the
 * library at two neighbouring difficulties, one step harder per answer: answer i at DIFFICULTIES[i] and [i + 1].
 */
export const LEVEL_ANSWERS = [
  { label: 'New to it', level: 'beginner', difficulties: ['infant', 'child'] },
  { label: 'A little', level: 'beginner', difficulties: ['child', 'teen'] },
  { label: 'Intermediate', level: 'intermediate', difficulties: ['teen', 'adult'] },
  { label: 'Advanced', level: 'advanced', difficulties: ['adult', 'expert'] },
] as const satisfies readonly LevelAnswer[];
