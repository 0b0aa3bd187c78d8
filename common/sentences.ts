// The sentences of a chapter (issue 23: read-along), cut the same way wherever they are needed: ICU's sentence
// boundaries (Intl.Segmenter) in the text's language, a line break (a paragraph's end) always ending one, and
// two corrections ICU's default rules lack in V8 (which ignores the `ss` locale extension): a title or initial
// before a full stop ("Sr.", "Dr.", "J.") does not end a sentence, and an opening quote or bracket left at a
// sentence's end (「, «, “ after ！) opens the next. A sentence is named by the words it holds, by their index in
// the reader's word order, so the server's sentences fit the reader's words without any character offset.
import type { WordPiece } from './words.ts';

/** A sentence: its first and last word (indices among the text's words, inclusive) and its text, tidied. */
export interface Sentence {
  firstWord: number;
  lastWord: number;
  text: string;
}

// Words that end with a full stop without ending the sentence, as written before the stop, by language; every
// language also has single letters (initials). Kept short: a missing one costs a sentence cut in two.
const ABBREVIATIONS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['en', new Set(['mr', 'mrs', 'ms', 'dr', 'st', 'prof', 'mt', 'jr', 'sr', 'vs', 'no', 'e.g', 'i.e'])],
  [
    'es',
    new Set([
      'sr',
      'sra',
      'srta',
      'dr',
      'dra',
      'd',
      'dña',
      'ud',
      'uds',
      'vd',
      'p.ej',
      'pág',
      'núm',
      'av',
      'sto',
      'sta',
    ]),
  ],
  ['fr', new Set(['m', 'mm', 'mme', 'mlle', 'dr', 'st', 'ste', 'p.ex', 'cf', 'av'])],
  ['de', new Set(['hr', 'fr', 'dr', 'prof', 'z.b', 'd.h', 'u.a', 'bzw', 'ca', 'nr', 'str', 'usw'])],
  ['it', new Set(['sig', 'sigg', 'sig.ra', 'dott', 'prof', 'ing', 'avv', 'es', 'pag'])],
  ['pt', new Set(['sr', 'sra', 'dr', 'dra', 'prof', 'profa', 'd', 'av', 'pág'])],
  ['nl', new Set(['dhr', 'mevr', 'dr', 'prof', 'bijv', 'o.a', 'nr', 'blz'])],
  ['ca', new Set(['sr', 'sra', 'dr', 'dra', 'pàg', 'núm', 'av'])],
]);

/** The word before a sentence's closing full stop, lower case: "Sr" in "El Sr. ", "p.ej" in "p.ej. ". */
const LAST_WORD_BEFORE_STOP = /(?:^|[\s(«“"'‘¿¡])([\p{L}][\p{L}.]*)\.\s*$/u;
/** Opening punctuation (Unicode Ps and Pi) and the quotes that open as often as they close, at a sentence's end. */
const TRAILING_OPENERS = /[\p{Ps}\p{Pi}"'«]+\s*$/u;

const segmenters = new Map<string, Intl.Segmenter>();

function segmenterFor(languageCode: string): Intl.Segmenter {
  let segmenter = segmenters.get(languageCode);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(languageCode, { granularity: 'sentence' });
    segmenters.set(languageCode, segmenter);
  }
  return segmenter;
}

/** Whether a sentence cut after `text` is a title or an initial's stop, not a sentence's end. */
function endsWithAbbreviation(text: string, languageCode: string): boolean {
  const match = LAST_WORD_BEFORE_STOP.exec(text);
  if (!match?.[1]) return false;
  const word = match[1].toLowerCase();
  if ([...word].length === 1 && /\p{Lu}/u.test(match[1])) return true;
  return ABBREVIATIONS.get(languageCode)?.has(word) ?? false;
}

/** Where the sentences of one line end, as offsets into the line (the last is its length). */
function lineEnds(line: string, languageCode: string): number[] {
  const ends: number[] = [];
  let start = 0;
  for (const { segment, index } of segmenterFor(languageCode).segment(line)) {
    let end = index + segment.length;
    const text = line.slice(start, end);
    if (end < line.length && endsWithAbbreviation(text, languageCode)) continue;
    const opener = end < line.length ? TRAILING_OPENERS.exec(text) : null;
    if (opener && opener.index > 0) end = start + opener.index;
    ends.push(end);
    start = end;
  }
  if (ends.at(-1) !== line.length) ends.push(line.length);
  return ends;
}

/** Where every sentence of a text ends, as offsets into it: each line's sentences, each line ending one. */
export function sentenceEnds(text: string, languageCode: string): number[] {
  const ends: number[] = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    for (const end of lineEnds(line, languageCode)) if (end > 0) ends.push(offset + end);
    offset += line.length + 1;
  }
  return ends;
}

/**
 * The sentences of a text given as its pieces in order (words and what lies between them, line breaks
 * included, as the reader builds it): each with the words whose first character falls in it. A stretch with no
 * word ("…", a lone quote) is no sentence: nothing in it can be read aloud or highlighted.
 */
export function sentencesOf(pieces: readonly WordPiece[], languageCode: string): Sentence[] {
  const text = pieces.map((piece) => piece.text).join('');
  const ends = sentenceEnds(text, languageCode);
  const sentences: Sentence[] = [];
  let sentenceIndex = 0;
  let sentenceStart = 0;
  let offset = 0;
  let wordIndex = 0;
  let current: { firstWord: number; lastWord: number; start: number; end: number } | undefined;
  const close = () => {
    if (current) {
      const { firstWord, lastWord, start, end } = current;
      sentences.push({ firstWord, lastWord, text: tidy(text.slice(start, end)) });
    }
    current = undefined;
  };
  for (const piece of pieces) {
    while (sentenceIndex < ends.length && offset >= (ends[sentenceIndex] as number)) {
      sentenceStart = ends[sentenceIndex] as number;
      sentenceIndex += 1;
      close();
    }
    if (piece.word) {
      const end = ends[sentenceIndex] ?? text.length;
      if (current) current.lastWord = wordIndex;
      else current = { firstWord: wordIndex, lastWord: wordIndex, start: sentenceStart, end };
      wordIndex += 1;
    }
    offset += piece.text.length;
  }
  close();
  return sentences;
}

function tidy(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}
