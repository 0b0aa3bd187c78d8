// Japanese as a reader sees it (issue 21): the morphemes of IPADIC, as Lindera analyses them, grouped into the
// words a learner taps. A word is a content word with the inflections and auxiliaries that belong to it
// (食べました is one word, dictionary form 食べる); particles stand alone; every word keeps its reading in
// hiragana. The analyser is made on first use, so a server that never sees Japanese never loads its dictionary.
import { createRequire } from 'node:module';

/** One morpheme as IPADIC describes it (Lindera's field names; its "conjugationForm" is the conjugation class). */
export interface Morpheme {
  surface: string;
  /** 名詞, 動詞, 形容詞, 助詞, 助動詞, 記号…; 'UNK' for a word the dictionary does not have. */
  partOfSpeech: string;
  /** 自立, 非自立, 接尾, サ変接続, 接続助詞, 句点… */
  partOfSpeechSubcategory1?: string;
  /** The conjugation class: 一段, 五段・マ行, サ変・スル, 特殊・マス… */
  conjugationForm?: string;
  baseForm?: string;
  /** In katakana. */
  reading?: string;
  byteStart: number;
  byteEnd: number;
}

/** A piece of the text: a word to tap (its dictionary form, reading and part of speech), or what lies between. */
export interface JapaneseWord {
  text: string;
  isWord: boolean;
  /** The dictionary form, looked up first (食べる for 食べました). */
  lemma?: string;
  /** The whole word's reading, in hiragana. */
  reading?: string;
  /** The part of speech of its head, in English ("verb (ichidan)"). */
  partOfSpeech?: string;
}

const FIELD_UNSET = new Set(['', '*']);
const known = (value: string | undefined): string | undefined =>
  value === undefined || FIELD_UNSET.has(value) ? undefined : value;

/** Katakana to hiragana (the reading a learner reads above kanji); other characters as they are. */
export function toHiragana(text: string): string {
  return text.replace(/[\u30a1-\u30f6]/g, (character) => String.fromCharCode(character.charCodeAt(0) - 0x60));
}

const CONTENT = new Set(['名詞', '動詞', '形容詞', '副詞', '連体詞', '接続詞', '感動詞', 'フィラー', 'UNK']);
const PREDICATE = new Set(['動詞', '形容詞']);
/** The copula stands alone: 学生です is 学生 | です, as a dictionary has them. */
const COPULA = new Set(['特殊・デス', '特殊・ダ']);
/** Conjunctive particles that belong to the verb before them (走って, 読んで, 読めば). */
const VERB_PARTICLES = new Set(['て', 'で', 'ば']);
/** The listing たり of the verb before it (読んだり, 見たり). */
const LISTING_PARTICLES = new Set(['たり', 'だり']);

/** Whether a morpheme continues the word being built rather than starting a new one. */
function continues(word: Group, next: Morpheme): boolean {
  const { partOfSpeech: pos } = next;
  const detail = next.partOfSpeechSubcategory1;
  // A verbal noun with its する is a verb from then on (勉強します).
  const head = word.isSuru ? '動詞' : word.head.partOfSpeech;
  if (word.isPrefixOnly) return CONTENT.has(pos);
  if (PREDICATE.has(head)) {
    if (pos === '助動詞') return !COPULA.has(next.conjugationForm ?? '');
    if (pos === '動詞' || pos === '形容詞') return detail === '非自立' || detail === '接尾';
    if (pos === '助詞') {
      const joins =
        (detail === '接続助詞' && VERB_PARTICLES.has(next.surface)) ||
        (detail === '並立助詞' && LISTING_PARTICLES.has(next.surface));
      return joins && !word.endsWithParticle;
    }
    // The そう of appearance belongs to the stem before it (楽しそう, 降りそう); the そう of hearsay (降るそうだ)
    // is another word, which IPADIC tags otherwise.
    if (pos === '名詞') return detail === '接尾' && next.surface === 'そう';
    return false;
  }
  if (head === '名詞') {
    if (pos === '名詞') return detail === '接尾';
    // 勉強 + します: a verbal noun and する make one verb, 勉強する.
    if (pos === '動詞' && word.head.partOfSpeechSubcategory1 === 'サ変接続') return next.baseForm === 'する';
  }
  return false;
}

interface Group {
  head: Morpheme;
  morphemes: Morpheme[];
  /** A prefix (お, ご) waiting for the word it belongs to. */
  isPrefixOnly: boolean;
  endsWithParticle: boolean;
  /** The verbal noun's する joined it. */
  isSuru: boolean;
}

const POS_NAMES: Record<string, string> = {
  名詞: 'noun',
  動詞: 'verb',
  形容詞: 'adjective',
  副詞: 'adverb',
  連体詞: 'adnominal',
  接続詞: 'conjunction',
  感動詞: 'interjection',
  助詞: 'particle',
  助動詞: 'auxiliary verb',
  接頭詞: 'prefix',
};

/** The head's part of speech as the word panel says it: "verb (ichidan)", "adjective (i)", "noun". */
export function partOfSpeechName(head: Morpheme, isSuru = false): string | undefined {
  if (isSuru) return 'verb (suru)';
  const name = POS_NAMES[head.partOfSpeech];
  if (!name) return undefined;
  const conjugation = known(head.conjugationForm) ?? '';
  if (head.partOfSpeech === '動詞') {
    if (conjugation.startsWith('一段')) return 'verb (ichidan)';
    if (conjugation.startsWith('五段')) return 'verb (godan)';
    if (conjugation.startsWith('サ変')) return 'verb (suru)';
    if (conjugation.startsWith('カ変')) return 'verb (kuru)';
  }
  if (head.partOfSpeech === '形容詞') return 'adjective (i)';
  return name;
}

function wordOf(group: Group): JapaneseWord {
  const text = group.morphemes.map((morpheme) => morpheme.surface).join('');
  const reading = toHiragana(group.morphemes.map((m) => known(m.reading) ?? m.surface).join(''));
  const prefix = group.morphemes[0] !== group.head ? (group.morphemes[0]?.surface ?? '') : '';
  const headForm = known(group.head.baseForm) ?? group.head.surface;
  const lemma = `${prefix}${headForm}${group.isSuru ? 'する' : ''}`;
  const partOfSpeech = partOfSpeechName(group.head, group.isSuru);
  return { text, isWord: true, lemma, reading, ...(partOfSpeech ? { partOfSpeech } : {}) };
}

function startGroup(morpheme: Morpheme): Group {
  return {
    head: morpheme,
    morphemes: [morpheme],
    isPrefixOnly: morpheme.partOfSpeech === '接頭詞',
    endsWithParticle: false,
    isSuru: false,
  };
}

function extend(group: Group, morpheme: Morpheme): void {
  group.morphemes.push(morpheme);
  if (group.isPrefixOnly) {
    group.head = morpheme;
    group.isPrefixOnly = false;
    return;
  }
  if (group.head.partOfSpeech === '名詞' && morpheme.partOfSpeech === '動詞') group.isSuru = true;
  group.endsWithParticle = morpheme.partOfSpeech === '助詞';
}

/** Punctuation and symbols, and anything without a letter or a digit (& read as an unknown word): not a word. */
const isPunctuation = (morpheme: Morpheme) =>
  morpheme.partOfSpeech === '記号' || !/[\p{L}\p{N}]/u.test(morpheme.surface);

/**
 * Groups morphemes into words, covering `text` whole: what the analyser left out between morphemes (spaces,
 * line breaks) and punctuation come back as pieces that are not words, so joining every piece's text gives
 * `text` again. Offsets are the morphemes' UTF-8 byte offsets into `text`.
 */
export function groupMorphemes(text: string, morphemes: readonly Morpheme[]): JapaneseWord[] {
  const bytes = Buffer.from(text, 'utf8');
  const between = (start: number, end: number) => bytes.subarray(start, end).toString('utf8');
  const pieces: JapaneseWord[] = [];
  let group: Group | undefined;
  let offset = 0;
  const close = () => {
    if (group) pieces.push(wordOf(group));
    group = undefined;
  };
  for (const morpheme of morphemes) {
    if (morpheme.byteStart > offset) {
      close();
      pieces.push({ text: between(offset, morpheme.byteStart), isWord: false });
    }
    offset = morpheme.byteEnd;
    if (isPunctuation(morpheme)) {
      close();
      pieces.push({ text: morpheme.surface, isWord: false });
    } else if (group && continues(group, morpheme)) {
      extend(group, morpheme);
    } else {
      close();
      group = startGroup(morpheme);
    }
  }
  close();
  if (offset < bytes.length) pieces.push({ text: between(offset, bytes.length), isWord: false });
  return pieces;
}

interface LinderaTokenizer {
  tokenize(text: string): Morpheme[];
}

let tokenizer: LinderaTokenizer | undefined;

/** Lindera with IPADIC, made on first use (about 0.2 s and 190 MB, decision 067). */
function japaneseTokenizer(): LinderaTokenizer {
  if (!tokenizer) {
    // A CommonJS package with its WebAssembly beside it; required when first needed, never at start-up.
    const require = createRequire(import.meta.url);
    const { TokenizerBuilder } =
      require('lindera-wasm-nodejs-ipadic') as typeof import('lindera-wasm-nodejs-ipadic');
    const builder = new TokenizerBuilder();
    builder.setDictionary('embedded://ipadic');
    builder.setMode('normal');
    tokenizer = builder.build() as LinderaTokenizer;
  }
  return tokenizer;
}

/** Whether the Japanese analyser has been loaded in this process. */
export const isJapaneseLoaded = () => tokenizer !== undefined;

/** A Japanese text cut into the words a reader taps, with their dictionary forms and readings. */
export function japaneseWords(text: string): JapaneseWord[] {
  if (text === '') return [];
  return groupMorphemes(text, japaneseTokenizer().tokenize(text));
}
