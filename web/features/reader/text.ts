/**
 * A chapter's text as the reader shows it (spec/learner.md §2): paragraphs, and every word wrapped in a
 * `<span data-w>` so that one listener on the text finds the word a learner tapped (design.md). Words are found
 * with Intl.Segmenter in the language of the text, so Japanese and Chinese, written without spaces, are split
 * into words too.
 *
 * The answer is markup for innerHTML, built here from text and a short allow-list of tags: one string for the
 * browser to parse is far faster than a React element per word (a 10,000-word chapter has 20,000 nodes), and
 * nothing of the chapter's own markup passes through but the tags below, without their attributes.
 */

import type { ChapterWord } from '#common/schemas/reading.ts';
import { isChapterHtml } from '#common/stories.ts';

/** The tags of a chapter's HTML that the reader keeps (the sanitiser's allow-list, server/stories/sanitize.ts). */
const KEPT_TAGS = new Set(['p', 'br', 'em', 'strong', 'i', 'b', 'u', 'span']);
/** Tags whose content is never text to read. */
const DROPPED_TAGS = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math']);

// Elided articles and pronouns that ICU keeps joined to the next word ("l'homme" is one word to it) but a
// dictionary lists apart: the learner who taps "l'école" wants "école". Language by language, as written
// before an apostrophe; "aujourd'hui" and "prud'homme" are not on the list and stay whole.
const ELISIONS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['fr', new Set(['l', 'd', 'j', 'm', 'n', 's', 't', 'c', 'qu', 'jusqu', 'lorsqu', 'puisqu', 'quoiqu'])],
  ['it', new Set(['l', 'd', 'un', 'dell', 'all', 'dall', 'nell', 'sull', 'coll', 'quell', 'bell', 'c', 'v'])],
  ['ca', new Set(['l', 'd', 'm', 't', 's', 'n'])],
]);
const APOSTROPHE = /['’ʼ]/;

export interface TextPiece {
  text: string;
  /** True for a word a learner can tap; false for spaces and punctuation. */
  word: boolean;
  /** The server's analysis of the word (issue 21): its dictionary form, reading and part of speech. */
  analysed?: ChapterWord;
}

/**
 * The words the server found in a chapter (Japanese, Chinese), taken in reading order as the text's runs are
 * met: each run is matched against the next words, and a stretch no word matches (text the analysis did not
 * see as the reader does) is cut by the browser instead, so the text always shows whole.
 */
class AnalysedWords {
  private next = 0;

  constructor(private readonly words: readonly ChapterWord[]) {}

  pieces(text: string, languageCode: string): TextPiece[] {
    const pieces: TextPiece[] = [];
    let position = 0;
    while (position < text.length) {
      const word = this.words[this.next];
      const at = word ? text.indexOf(word.text, position) : -1;
      if (!word || at === -1) break;
      if (at > position) pieces.push(...splitWords(text.slice(position, at), languageCode));
      pieces.push({ text: word.text, word: true, analysed: word });
      this.next += 1;
      position = at + word.text.length;
    }
    if (position < text.length) pieces.push(...splitWords(text.slice(position), languageCode));
    return pieces;
  }
}

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
export function splitWords(text: string, languageCode: string): TextPiece[] {
  const pieces: TextPiece[] = [];
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

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => ESCAPES[character] ?? character);
}

/** A word's span: its dictionary form and reading ride along for the lookup and the word panel. */
function wordSpan(piece: TextPiece): string {
  const { analysed } = piece;
  const lemma = analysed?.lemma ? ` data-l="${escapeHtml(analysed.lemma)}"` : '';
  const reading = analysed?.reading ? ` data-r="${escapeHtml(analysed.reading)}"` : '';
  return `<span data-w${lemma}${reading}>${escapeHtml(piece.text)}</span>`;
}

function wordsHtml(text: string, languageCode: string, analysed?: AnalysedWords): string {
  let html = '';
  for (const piece of analysed ? analysed.pieces(text, languageCode) : splitWords(text, languageCode)) {
    html += piece.word ? wordSpan(piece) : escapeHtml(piece.text);
  }
  return html;
}

/** Plain text: paragraphs on blank lines, a single line break kept as a break. */
function plainTextHtml(content: string, languageCode: string, analysed?: AnalysedWords): string {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n[^\S\n]*\n\s*/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map(
      (paragraph) =>
        `<p>${paragraph
          .split('\n')
          .map((line) => wordsHtml(line, languageCode, analysed))
          .join('<br>')}</p>`,
    )
    .join('');
}

function nodeHtml(node: Node, languageCode: string, analysed?: AnalysedWords): string {
  if (node.nodeType === Node.TEXT_NODE) return wordsHtml(node.textContent ?? '', languageCode, analysed);
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const tag = (node as Element).localName;
  if (DROPPED_TAGS.has(tag)) return '';
  let inner = '';
  for (const child of node.childNodes) inner += nodeHtml(child, languageCode, analysed);
  if (tag === 'br') return '<br>';
  // A tag off the list gives up its markup but keeps its words.
  return KEPT_TAGS.has(tag) ? `<${tag}>${inner}</${tag}>` : inner;
}

/** HTML content: the kept tags (without attributes) around the words of its text. */
function markupHtml(content: string, languageCode: string, analysed?: AnalysedWords): string {
  // DOMParser builds an inert document: nothing in it loads or runs.
  const body = new DOMParser().parseFromString(content, 'text/html').body;
  let html = '';
  for (const child of body.childNodes) html += nodeHtml(child, languageCode, analysed);
  return html;
}

/**
 * The reader's markup for a chapter's content, plain text or HTML; with the server's words of a language
 * written without spaces, those words (and their dictionary forms and readings) rather than the browser's.
 */
export function chapterHtml(content: string, languageCode: string, words?: readonly ChapterWord[]): string {
  const analysed = words && words.length > 0 ? new AnalysedWords(words) : undefined;
  return isChapterHtml(content)
    ? markupHtml(content, languageCode, analysed)
    : plainTextHtml(content, languageCode, analysed);
}
