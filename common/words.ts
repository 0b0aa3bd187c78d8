// The words of a text in a language written with spaces, as the reader cuts them and the server counts its
// terms (issue 22): ICU's word boundaries (Intl.Segmenter) in the text's language, with French, Italian and
// Catalan elisions parted from their word. Japanese and Chinese words are the server's analyser's instead
// (server/analysis); for them this is the browser's fallback only.

/** A piece of text: a word a learner can tap, or what lies between words (spaces, punctuation). */
export interface WordPiece {
  text: string;
  word: boolean;
}

// Elided articles and pronouns that ICU keeps joined to the next word ("l'homme" is one word to it) but a
// dictionary lists apart: the learner who taps "l'école" wants "école". Language by language, as written
// before an apostrophe; "aujourd'hui" and "prud'homme" are not on the list and stay whole.
const ELISIONS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['fr', new Set(['l', 'd', 'j', 'm', 'n', 's', 't', 'c', 'qu', 'jusqu', 'lorsqu', 'puisqu', 'quoiqu'])],
  ['it', new Set(['l', 'd', 'un', 'dell', 'all', 'dall', 'nell', 'sull', 'coll', 'quell', 'bell', 'c', 'v'])],
  ['ca', new Set(['l', 'd', 'm', 't', 's', 'n'])],
]);
const APOSTROPHE = /['’ʼ]/;

const segmenters = new Map<string, Intl.Segmenter>();

function segmenterFor(languageCode: string): Intl.Segmenter {
  let segmenter = segmenters.get(languageCode);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(languageCode, { granularity: 'word' });
    segmenters.set(languageCode, segmenter);
  }
  return segmenter;
}

/** Splits "l'école" into "l'" and "école" where the language elides; any other word is answered whole. */
function splitElision(word: string, elisions: ReadonlySet<string> | undefined): string[] {
  if (!elisions) return [word];
  const match = APOSTROPHE.exec(word);
  if (!match || match.index === 0 || match.index === word.length - 1) return [word];
  const prefix = word.slice(0, match.index);
  if (!elisions.has(prefix.toLowerCase())) return [word];
  return [word.slice(0, match.index + 1), word.slice(match.index + 1)];
}

/** A run of text cut into words and what lies between them, in the language's own word boundaries. */
export function splitWords(text: string, languageCode: string): WordPiece[] {
  const pieces: WordPiece[] = [];
  const elisions = ELISIONS.get(languageCode);
  for (const segment of segmenterFor(languageCode).segment(text)) {
    if (!segment.isWordLike) {
      const last = pieces.at(-1);
      if (last && !last.word) last.text += segment.segment;
      else pieces.push({ text: segment.segment, word: false });
      continue;
    }
    for (const part of splitElision(segment.segment, elisions)) pieces.push({ text: part, word: true });
  }
  return pieces;
}

/** The words of a text, in order (what lies between them left out). */
export function wordsOf(text: string, languageCode: string): string[] {
  return splitWords(text, languageCode)
    .filter((piece) => piece.word)
    .map((piece) => piece.text);
}
