// The terms of a chapter's words (issue 22), as pure rules: which words the reader shows (the analyser's for
// Japanese and Chinese, common/words.ts's for the others, a word the author marked taken whole), each word's
// key, and its term from the dictionary form where one is known.
import { termOf } from '#common/terms.ts';
import { wordsOf } from '#common/words.ts';
import type { ChapterRun, StoredWord } from '#server/analysis/service.ts';

/** A word of a chapter: its key (termOf the word as written) and its dictionary form when the text says it. */
export interface KeyedWord {
  key: string;
  lemma?: string;
}

function keyed(text: string, languageCode: string, lemma?: string): KeyedWord | undefined {
  const key = termOf(text, languageCode);
  if (key === undefined) return undefined;
  return lemma ? { key, lemma } : { key };
}

/** The analysed words of a Japanese or Chinese chapter, with the analyser's (or the author's) dictionary forms. */
export function analysedWords(words: readonly StoredWord[], languageCode: string): KeyedWord[] {
  const found: KeyedWord[] = [];
  for (const word of words) {
    const entry = keyed(word.t, languageCode, word.l);
    if (entry) found.push(entry);
  }
  return found;
}

/**
 * The words of a chapter in a language written with spaces, as the reader cuts them: each text run by
 * common/words.ts, a word the author marked whole with its own dictionary form (data-l).
 */
export function segmentedWords(runs: readonly ChapterRun[], languageCode: string): KeyedWord[] {
  const found: KeyedWord[] = [];
  for (const run of runs) {
    if ('marked' in run) {
      const entry = keyed(run.marked.text, languageCode, run.marked.lemma);
      if (entry) found.push(entry);
      continue;
    }
    for (const word of wordsOf(run.text, languageCode)) {
      const entry = keyed(word, languageCode);
      if (entry) found.push(entry);
    }
  }
  return found;
}

/** The keys whose dictionary form is to be asked of the dictionary: those the text gives none for. */
export function keysWithoutLemma(words: readonly KeyedWord[]): string[] {
  return [...new Set(words.filter((word) => !word.lemma).map((word) => word.key))];
}

/** A chapter's terms: how often each occurs, and the term of each key whose term is not the key itself. */
export interface ChapterTerms {
  occurrences: Map<string, number>;
  termMap: Record<string, string>;
}

/**
 * Each word's term (its own dictionary form, else the dictionary's for its key, else the key), counted; the
 * keys whose term differs are mapped. A key met with two terms (a marked word's lemma, and the dictionary's
 * elsewhere) is mapped to the first.
 */
export function countTerms(
  words: readonly KeyedWord[],
  dictionaryLemmas: ReadonlyMap<string, string>,
  languageCode: string,
): ChapterTerms {
  const occurrences = new Map<string, number>();
  const termMap: Record<string, string> = {};
  const mapped = new Set<string>();
  for (const word of words) {
    const lemma = word.lemma ?? dictionaryLemmas.get(word.key);
    const term = termOf(word.key, languageCode, lemma) ?? word.key;
    occurrences.set(term, (occurrences.get(term) ?? 0) + 1);
    if (mapped.has(word.key)) continue;
    mapped.add(word.key);
    if (term !== word.key) termMap[word.key] = term;
  }
  return { occurrences, termMap };
}
