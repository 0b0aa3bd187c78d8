// The words a downloaded story's taps will look up (issue 24): exactly what the reader sends for each word, so
// the dictionary's answers saved with the download are found offline for every tap.
import { stripLookupPunctuation } from '#common/dictionary.ts';
import type { ReaderChapter } from '#common/schemas/reading.ts';
import { chapterWordSpans, wordText } from '#web/features/reader/text.ts';

/** One lookup as the reader asks for it: the word as tapped, and its dictionary form when that differs. */
export interface LookupPair {
  surface: string;
  lemma?: string;
}

/** The key of a lookup among a story's saved answers: the word as tapped, then its dictionary form, if any. */
export function lookupKey(surface: string, lemma: string | undefined): string {
  return lemma === undefined ? surface : `${surface}\u0000${lemma}`;
}

/**
 * Every distinct lookup a chapter's words make: the reader's own markup of the chapter (text.ts), each word
 * span read as a tap reads it (useWordLookup: punctuation stripped, the span's dictionary form first when it is
 * another word).
 */
export function chapterLookups(
  chapter: ReaderChapter,
  into = new Map<string, LookupPair>(),
): Map<string, LookupPair> {
  for (const span of chapterWordSpans(chapter)) {
    const surface = stripLookupPunctuation(wordText(span));
    if (surface === '') continue;
    const dictionaryForm = span.dataset.l;
    const lemma = dictionaryForm && dictionaryForm !== surface ? dictionaryForm : undefined;
    const key = lookupKey(surface, lemma);
    if (!into.has(key)) into.set(key, lemma === undefined ? { surface } : { surface, lemma });
  }
  return into;
}
