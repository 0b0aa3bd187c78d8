// The other spellings of a tapped word in its language's other scripts: Chinese written in traditional
// characters finds a simplified headword and back (issue 21). The analysis area owns the conversion.
import { lookupCandidates } from '#server/analysis/service.ts';

type Candidates = (surface: string) => string[];

/** By language, a word's spellings in every script (OpenCC loads on the first Chinese word looked up). */
const VARIANTS: ReadonlyMap<string, Candidates> = new Map([['zh', lookupCandidates]]);

/** The word's spellings in the other scripts of its language, as written first; [] when it has none. */
export function scriptVariants(word: string, language: string): string[] {
  const candidates = VARIANTS.get(language);
  if (!candidates) return [];
  return candidates(word).filter((variant) => variant !== word);
}
