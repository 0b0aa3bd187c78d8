// What a learner knows (issue 22). A term is a word's dictionary form where it is known (the analyser's for
// Japanese and Chinese, the dictionary's for the others), else the word as written; keyed as the dictionary
// keys words (NFC, lower case by the language's rules, reading aids folded), so "Pequeña" and "pequeña" are one
// term, and knowing "hablar" makes "habló" known. Each term has a status per learner and language: new (never
// marked: no status kept), learning 1 to 4, known or ignored.
import { normalizeLookup } from './dictionary.ts';

/** The statuses a term can be given, weakest first. A term without one is new. */
export const TERM_STATUSES = [
  'learning-1',
  'learning-2',
  'learning-3',
  'learning-4',
  'known',
  'ignored',
] as const;
export type TermStatus = (typeof TERM_STATUSES)[number];

/** The status a lookup gives a new term. */
export const LOOKED_UP_STATUS: TermStatus = 'learning-1';

/** Statuses whose words a learner understands: counted as known in the share of a text they know. */
export const UNDERSTOOD_STATUSES: readonly TermStatus[] = ['known', 'ignored'];

/**
 * Known terms a learner needs in a language before the library shows how much of each story they know: below
 * it, a share says more about how little they have marked than about the story.
 */
export const COMPREHENSION_MIN_KNOWN_TERMS = 50;

/**
 * The known shares, in whole percent, of a story 'Just right for you' in the library: mostly understood, with
 * a few words still to learn (comprehensible input's 90-98 %).
 */
export const JUST_RIGHT_PERCENT = { min: 90, max: 98 } as const;

/** The term of a word as written, or of its dictionary form when one is known; undefined for no word at all. */
export function termOf(word: string, languageCode: string, lemma?: string): string | undefined {
  if (lemma) {
    const byLemma = normalizeLookup(lemma, languageCode)?.lower;
    if (byLemma) return byLemma;
  }
  return normalizeLookup(word, languageCode)?.lower;
}

/** The number stored for a status (1-4 learning, 5 known, 6 ignored), so statuses sort as they rank. */
export function statusNumber(status: TermStatus): number {
  return TERM_STATUSES.indexOf(status) + 1;
}

/** The status a stored number stands for; undefined for a number no status has. */
export function statusOfNumber(value: number): TermStatus | undefined {
  return TERM_STATUSES[value - 1];
}
