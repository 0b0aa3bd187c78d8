// Chinese words as a reader taps them (issue 21): jieba's precise mode over its own dictionary cuts the text
// into words (图书馆 one word, 很 | 喜欢 two), and pinyin-pro gives each word its pinyin with tone marks, read
// in the context of its clause so that polyphones and tone changes come out right (银行 yín háng, 行走 xíng
// zǒu, 不去 bú qù). Traditional text is cut and read through its simplified form, which jieba's and
// pinyin-pro's dictionaries hold, and every piece keeps the characters the author wrote.
//
// jieba's dictionary (9 MB) and pinyin-pro are loaded on the first Chinese text only: a server that never sees
// Chinese never loads them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as JiebaModule from '@node-rs/jieba';
import type * as PinyinPro from 'pinyin-pro';
import { simplifiedOf } from './chinese-script.ts';

/** A piece of a chapter: a word a reader taps, or the punctuation, spaces, digits and Latin between words. */
export interface ChineseWord {
  text: string;
  isWord: boolean;
  /** The word's pinyin with tone marks, one syllable after another separated by spaces: "tú shū guǎn". */
  pinyin?: string;
  /** The simplified form, when the text is written otherwise (圖書館 → 图书馆): the key both scripts share. */
  lemma?: string;
}

interface Analyser {
  jieba: JiebaModule.Jieba;
  pinyin: typeof PinyinPro.pinyin;
}

/** A piece as jieba cut it: the author's characters, the simplified ones it was cut from, jieba's tag. */
interface Token {
  text: string;
  simplified: string;
  tag: string;
  isWord: boolean;
}

const require = createRequire(import.meta.url);
const HAN = /\p{Script=Han}/u;

let analyser: Analyser | undefined;

// jieba's dictionary holds phrases a learner reads as two words, and a word is a tap that must find an entry.
// A degree adverb with an adjective or a verb (很漂亮, 太贵, 非常感谢, 挺好吃) is such a phrase: those with
// 很 always (很大 and 很快 too; the 很 | 喜欢), those with the other adverbs when the dictionary counts
// them fewer than RARE times: most of its 330 such phrases count 2 or 3, 太贵 17, while 最大 (16,299), 最好
// (721) and 更好 (2,461) are words dictionaries list. The price: a few rare words read as two (挺括, 更动,
// 越调), and 太小 (381) and 太重 (302) stay one word.
const DEGREE_ADVERBS = ['非常', '特别', '比较', '有点', '十分', '很', '太', '真', '挺', '最', '更', '越'];
const PREDICATE_TAG = /^(a|ad|an|v|vd|vn|z)$/;
const RARE = 20;
// Entries that swallow the grammar graded readers teach: 他把门打开了 (把 | 门, not 把门 "guard the gate"),
// 这本书 (这 | 本 | 书, not 这 | 本书 "this book" in an official letter), 今天天气很好, 他上床睡觉了.
const NOT_WORDS = ['把门', '本书', '这本', '那本', '今天天气', '上床睡觉'];

/** The entries of a jieba dictionary (lines "word frequency tag") that a reader should see as several words. */
export function phraseEntries(dictionary: string): string[] {
  const adverbs = new RegExp(`^(${DEGREE_ADVERBS.join('|')})([^ \\n]+) (\\d+)`, 'gm');
  const phrases = [...dictionary.matchAll(adverbs)].map(([, adverb = '', rest = '', count = '']) => ({
    adverb,
    rest,
    count: Number(count),
  }));
  const rests = new Set(phrases.map(({ rest }) => rest));
  const tags = new Map<string, string>();
  for (const [, word = '', tag = ''] of dictionary.matchAll(/^([^ \n]+) \d+ ([a-z]+)/gm)) {
    if (rests.has(word)) tags.set(word, tag);
  }
  const dropped = phrases
    .filter(
      ({ adverb, rest, count }) =>
        PREDICATE_TAG.test(tags.get(rest) ?? '') && (adverb === '很' || count < RARE),
    )
    .map(({ adverb, rest }) => adverb + rest);
  return [...dropped, ...NOT_WORDS];
}

function loadAnalyser(): Analyser {
  if (analyser) return analyser;
  const { Jieba } = require('@node-rs/jieba') as typeof JiebaModule;
  const dictionary = readFileSync(require.resolve('@node-rs/jieba/dict.txt'));
  const jieba = Jieba.withDict(dictionary);
  // A frequency of 0 takes an entry out of every cut: its log is -∞ against the characters' own.
  const dropped = phraseEntries(dictionary.toString('utf8')).map((word) => `${word} 0`);
  jieba.loadDict(Buffer.from(dropped.join('\n')));
  const { pinyin } = require('pinyin-pro') as typeof PinyinPro;
  analyser = { jieba, pinyin };
  return analyser;
}

/** Whether jieba and its dictionary have been loaded, for the test that a server without Chinese never does. */
export function chineseAnalyserLoaded(): boolean {
  return analyser !== undefined;
}

/**
 * A chapter's text cut into the words a reader taps, in order, covering it all: joining every piece's text
 * gives the text back. Words carry their pinyin; punctuation, spaces, digits and Latin letters are pieces that
 * are no words (一 and 三 are words, 3 is not).
 */
export function chineseWords(text: string): ChineseWord[] {
  if (!HAN.test(text)) return text === '' ? [] : [{ text, isWord: false }];
  const { jieba, pinyin } = loadAnalyser();
  const written = Array.from(text);
  const converted = Array.from(simplifiedOf(text));
  // OpenCC converts character for character (乾淨 → 干净); should it ever change the number of characters,
  // the text is cut as written, which jieba mostly knows in simplified script only.
  const simplified = converted.length === written.length ? converted : written;
  const tokens = tokensOf(jieba.tag(simplified.join(''), false), written, simplified);
  const syllables = readings(tokens, pinyin);
  return piecesOf(tokens, syllables);
}

/** jieba's pieces of the simplified text laid over the written one, character by character. */
function tokensOf(tagged: { word: string; tag: string }[], written: string[], simplified: string[]): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  for (const { word, tag } of tagged) {
    const length = Array.from(word).length;
    if (simplified.slice(at, at + length).join('') !== word) return characterTokens(written, simplified);
    const text = written.slice(at, at + length).join('');
    tokens.push({ text, simplified: word, tag, isWord: HAN.test(text) });
    at += length;
  }
  return at === written.length ? tokens : characterTokens(written, simplified);
}

/** One piece per character: should jieba's pieces ever not tile the text, it is still covered exactly. */
function characterTokens(written: string[], simplified: string[]): Token[] {
  return written.map((text, at) => ({
    text,
    simplified: simplified[at] ?? text,
    tag: 'x',
    isWord: HAN.test(text),
  }));
}

/**
 * Each token's syllables, read a run of words at a time (the words between two pieces of punctuation), so
 * that pinyin-pro sees the context it needs: 不 before a fourth tone is bú (不 | 去), 一 before one yì.
 */
function readings(tokens: Token[], pinyin: Analyser['pinyin']): string[][] {
  const syllables: string[][] = tokens.map(() => []);
  let start = 0;
  while (start < tokens.length) {
    let end = start;
    while (tokens[end]?.isWord) end += 1;
    if (end > start) syllables.splice(start, end - start, ...readRun(tokens.slice(start, end), pinyin));
    start = end + 1;
  }
  tokens.forEach((token, index) => {
    const reading = inContext(token, tokens[index - 1], tokens[index + 1]);
    if (reading !== undefined) syllables[index] = [reading];
  });
  return syllables;
}

const PINYIN_OPTIONS = { type: 'all', toneType: 'symbol' } as const;

/** The syllables of each word of a run, read together; characters pinyin-pro does not know have none. */
function readRun(run: Token[], pinyin: Analyser['pinyin']): string[][] {
  const read = pinyin(run.map((token) => token.simplified).join(''), PINYIN_OPTIONS);
  const lengths = run.map((token) => Array.from(token.simplified).length);
  // pinyin-pro answers one item a character; should it not, each word is read on its own.
  const aligned = read.length === lengths.reduce((sum, length) => sum + length, 0);
  let at = 0;
  return run.map((token, index) => {
    const length = lengths[index] ?? 0;
    const own = aligned ? read.slice(at, at + length) : pinyin(token.simplified, PINYIN_OPTIONS);
    at += length;
    return own.filter((item) => item.isZh && item.pinyin !== '').map((item) => item.pinyin);
  });
}

// The parts of speech jieba gives a word before 地 (慢慢地走, 高兴地说) and before 得 (跑得快, 高兴得跳起来,
// 过得很开心: jieba tags 过 an aspect particle, ug, whichever it is).
const MANNER_TAG = /^(a|b|d|z|i|l)/;
const DESCRIBED_TAG = /^(v|a|b|z|i|l|ug)/;

/**
 * The readings pinyin-pro gets wrong where the words around tell them apart: the particles 了, 地 and 得
 * (pinyin-pro reads a lone 了 liǎo, 地 dì and 得 dé), and 长 in 长得 ("looks", zhǎng).
 */
function inContext(token: Token, before: Token | undefined, after: Token | undefined): string | undefined {
  const previous = before?.isWord ? before : undefined;
  const next = after?.isWord ? after : undefined;
  switch (token.simplified) {
    case '了':
      return 'le';
    case '地':
      return previous && MANNER_TAG.test(previous.tag) ? 'de' : undefined;
    case '得':
      if (previous && DESCRIBED_TAG.test(previous.tag)) return 'de';
      // Between a subject and a verb, 得 is "must": 你得去, 他们得走了.
      return next && /^v/.test(next.tag) ? 'děi' : undefined;
    case '长':
      return next?.simplified === '得' ? 'zhǎng' : undefined;
    default:
      return undefined;
  }
}

/** The pieces a reader sees: words with their pinyin, and what lies between them joined into one piece. */
function piecesOf(tokens: Token[], syllables: string[][]): ChineseWord[] {
  const pieces: ChineseWord[] = [];
  tokens.forEach((token, index) => {
    const last = pieces[pieces.length - 1];
    if (!token.isWord) {
      if (last && !last.isWord) last.text += token.text;
      else pieces.push({ text: token.text, isWord: false });
      return;
    }
    const word: ChineseWord = { text: token.text, isWord: true };
    const reading = syllables[index] ?? [];
    if (reading.length > 0) word.pinyin = reading.join(' ');
    if (token.simplified !== token.text) word.lemma = token.simplified;
    pieces.push(word);
  });
  return pieces;
}
