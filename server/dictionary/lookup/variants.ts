// The other spellings of a tapped word in its language's other scripts: Chinese written in traditional
// characters finds a simplified headword and back (issue 21). The analysis area owns the conversion.
import * as analysis from '#server/analysis/service.ts';

type Candidates = (surface: string) => string[];

// lookupCandidates (server/analysis/chinese-script.ts) is reached through the analysis area's service.ts, the
// only file of another area this one may import. Read off the module rather than imported by name while
// service.ts does not re-export it yet: without it, a Chinese word is looked up as written only.
const chineseCandidates = (analysis as unknown as { lookupCandidates?: Candidates }).lookupCandidates;

const VARIANTS: ReadonlyMap<string, Candidates> = new Map(
  chineseCandidates ? [['zh', chineseCandidates]] : [],
);

/** The word's spellings in the other scripts of its language, as written first; [] when it has none. */
export function scriptVariants(word: string, language: string): string[] {
  const candidates = VARIANTS.get(language);
  if (!candidates) return [];
  return candidates(word).filter((variant) => variant !== word);
}
