// The words of a text as a reader of its language sees them (issue 21): for the languages written without
// spaces, an analyser that knows their words; for the others, nothing here (the reader's Intl.Segmenter and the
// spaces between words are enough). Each analyser is loaded on first use. A chapter's words are found when it
// is saved and kept with it, so the reader shows and looks up the words a reader of the language sees, and the
// word count (and so the points) follows the same words.
import { wordCount } from '#common/stories.ts';
import { chineseWords } from './chinese.ts';

export { lookupCandidates } from './chinese-script.ts';

import { japaneseWords } from './japanese.ts';
import { chapterRuns } from './markup.ts';

export { type ChapterRun, chapterPlainText, chapterRuns } from './markup.ts';
export { chapterPieces, chapterSentences } from './sentences.ts';

/** A piece of a text: a word to tap, with its dictionary form and reading when known, or what lies between. */
export interface AnalysedWord {
  text: string;
  isWord: boolean;
  /** The dictionary form a lookup tries first. */
  lemma?: string;
  /** How it is read: kana for Japanese, pinyin with tone marks for Chinese. */
  reading?: string;
  /** In English, as the word panel shows it ("verb (ichidan)"). */
  partOfSpeech?: string;
}

const ANALYSERS: Record<string, (text: string) => AnalysedWord[]> = {
  ja: japaneseWords,
  // A Chinese word's reading is its pinyin; its lemma, the simplified form of a word written in traditional.
  zh: (text) =>
    chineseWords(text).map(({ pinyin, ...word }) => (pinyin ? { ...word, reading: pinyin } : word)),
};

/** The languages whose texts are cut into words by an analyser of their own. */
export const ANALYSED_LANGUAGES: readonly string[] = Object.keys(ANALYSERS);

/** The text's words, covering it whole; undefined for a language without an analyser. */
export function analyseText(languageCode: string, text: string): AnalysedWord[] | undefined {
  return ANALYSERS[languageCode]?.(text);
}

/** A word as kept on the chapter (chapters.words): short keys, as a long chapter holds thousands. */
export interface StoredWord {
  /** The word as written. */
  t: string;
  /** Its dictionary form, when it differs from the text. */
  l?: string;
  /** Its reading (kana, pinyin), when it differs from the text. */
  r?: string;
  /** Its part of speech. */
  p?: string;
}

/** An analysed piece as kept on the chapter, or nothing for what lies between words. */
function storedWord(piece: AnalysedWord): StoredWord | undefined {
  if (!piece.isWord) return undefined;
  const word: StoredWord = { t: piece.text };
  if (piece.lemma && piece.lemma !== piece.text) word.l = piece.lemma;
  if (piece.reading && piece.reading !== piece.text) word.r = piece.reading;
  if (piece.partOfSpeech) word.p = piece.partOfSpeech;
  return word;
}

/**
 * The chapter's words in reading order, for a language with an analyser; null for the others. A word the
 * author marked (`<span data-w>`) is kept whole; the text around it is analysed.
 */
export function analyseChapter(content: string, languageCode: string): StoredWord[] | null {
  if (!analyseText(languageCode, '')) return null;
  const words: StoredWord[] = [];
  for (const run of chapterRuns(content)) {
    if ('marked' in run) {
      const { text, lemma, reading } = run.marked;
      const word: StoredWord = { t: text };
      if (lemma && lemma !== text) word.l = lemma;
      if (reading && reading !== text) word.r = reading;
      words.push(word);
      continue;
    }
    for (const piece of analyseText(languageCode, run.text) ?? []) {
      const word = storedWord(piece);
      if (word) words.push(word);
    }
  }
  return words;
}

/**
 * A chapter's words and their count: for a language with an analyser (Japanese, Chinese), the words it finds,
 * kept with the chapter and counted; for the others, the count of common/stories.ts and no words kept.
 */
export function chapterWords(
  content: string,
  languageCode: string,
): { words: StoredWord[] | null; wordCount: number } {
  const words = analyseChapter(content, languageCode);
  return { words, wordCount: words ? words.length : wordCount(content, languageCode) };
}
