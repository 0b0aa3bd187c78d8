// The words of a text as a reader of its language sees them (issue 21): for the languages written without
// spaces, an analyser that knows their words; for the others, nothing here (the reader's Intl.Segmenter and the
// spaces between words are enough). Each analyser is loaded on first use.
import { japaneseWords } from './japanese.ts';

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
};

/** Whether texts in this language are cut into words by an analyser of its own. */
export const hasAnalyser = (languageCode: string): boolean => languageCode in ANALYSERS;

/** The text's words, covering it whole; undefined for a language without an analyser. */
export function analyseText(languageCode: string, text: string): AnalysedWord[] | undefined {
  return ANALYSERS[languageCode]?.(text);
}
