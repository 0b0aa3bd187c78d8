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

import { type AnalysedPiece, AnalysedWords } from '#common/analysedWords.ts';
import { readingParts } from '#common/readings.ts';
import type { ChapterWord } from '#common/schemas/reading.ts';
import { isChapterHtml } from '#common/stories.ts';
import { splitWords } from '#common/words.ts';
import { STATUS_MARKS, type TermStatuses } from './termStatuses.ts';

export { splitWords };

/** The tags of a chapter's HTML that the reader keeps (the sanitiser's allow-list, server/stories/sanitize.ts). */
const KEPT_TAGS = new Set(['p', 'br', 'em', 'strong', 'i', 'b', 'u', 'span']);
/** Tags whose content is never text to read. */
const DROPPED_TAGS = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math']);

export type TextPiece = AnalysedPiece<ChapterWord>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => ESCAPES[character] ?? character);
}

/** How the chapter is built: its language, the server's words, and whether their readings show above them. */
interface Build {
  languageCode: string;
  analysed: AnalysedWords<ChapterWord> | undefined;
  showReadings: boolean;
  /** The learner's statuses, written on each word's span as it is built (issue 22). */
  statuses: TermStatuses | undefined;
  /** Read-along (issue 23): the sentence that starts at a word (by its index), for a play mark before it. */
  sentenceStarts: ReadonlyMap<number, number> | undefined;
  /** The index of the next word span among the chapter's words. */
  wordIndex: number;
  /** The word whose play mark is already written, before the punctuation that opens its sentence. */
  markedAt: number;
}

/**
 * The punctuation that opens a sentence, at the end of the text before its first word: «, “, (, 「, ¡, ¿, a
 * dialogue dash. The play mark goes before it, and the spoken sentence's highlight takes it in.
 */
export const OPENING_PUNCTUATION = /[\p{Ps}\p{Pi}\p{Pd}¡¿"'«]+$/u;

/** The label of the play mark before a sentence with a timed start (issue 23). */
export const PLAY_MARK_LABEL = 'Play from this sentence';

/** A play mark before the word at build.wordIndex, if a sentence that can be played from starts there. */
function playMark(build: Build): string {
  const sentence = build.sentenceStarts?.get(build.wordIndex);
  if (sentence === undefined || build.markedAt === build.wordIndex) return '';
  return `<button type="button" class="play-mark" data-n="${sentence}" tabindex="-1" aria-label="${PLAY_MARK_LABEL}"></button>`;
}

/** A word's status as its span carries it: ` data-s="k"`, or nothing for a new word. */
function statusAttribute(text: string, build: Build): string {
  const term = build.statuses?.termOf(text);
  const status = term === undefined ? undefined : build.statuses?.statusOf(term);
  return status ? ` data-s="${STATUS_MARKS[status]}"` : '';
}

/** The word's text, with its reading above it in ruby (furigana, pinyin) when readings show. */
function wordInner(text: string, reading: string | undefined, build: Build): string {
  if (!build.showReadings || !reading) return escapeHtml(text);
  return readingParts(build.languageCode, text, reading)
    .map((part) =>
      part.ruby
        ? `<ruby>${escapeHtml(part.text)}<rt>${escapeHtml(part.ruby)}</rt></ruby>`
        : escapeHtml(part.text),
    )
    .join('');
}

/** A word's span: its dictionary form and reading ride along for the lookup and the word panel. */
function wordSpan(text: string, analysed: ChapterWord | undefined, build: Build): string {
  const lemma = analysed?.lemma ? ` data-l="${escapeHtml(analysed.lemma)}"` : '';
  const reading = analysed?.reading ? ` data-r="${escapeHtml(analysed.reading)}"` : '';
  const pos = analysed?.part_of_speech ? ` data-p="${escapeHtml(analysed.part_of_speech)}"` : '';
  const status = statusAttribute(text, build);
  const mark = playMark(build);
  build.wordIndex += 1;
  return `${mark}<span data-w${lemma}${reading}${pos}${status}>${wordInner(text, analysed?.reading, build)}</span>`;
}

function wordsHtml(text: string, build: Build): string {
  const { analysed, languageCode } = build;
  let html = '';
  const pieces: TextPiece[] = analysed ? analysed.pieces(text, languageCode) : splitWords(text, languageCode);
  for (const [index, piece] of pieces.entries()) {
    if (piece.word) html += wordSpan(piece.text, piece.analysed, build);
    else if (pieces[index + 1]?.word) html += beforeWord(piece.text, build);
    else html += escapeHtml(piece.text);
  }
  return html;
}

/** The text before a word: the word's play mark, if it starts a timed sentence, before what opens it. */
function beforeWord(text: string, build: Build): string {
  const opening = OPENING_PUNCTUATION.exec(text)?.[0] ?? '';
  const mark = playMark(build);
  if (mark === '' || opening === '') return escapeHtml(text);
  build.markedAt = build.wordIndex;
  return escapeHtml(text.slice(0, text.length - opening.length)) + mark + escapeHtml(opening);
}

/**
 * A word the author marked (`<span data-w>` in the chapter's HTML: "Buenos Aires", 食べさせられた) is one word
 * as written, never cut again; its own data-l and data-r, if any, before the server's.
 */
function authoredWordHtml(element: Element, build: Build): string {
  const whole = element.textContent ?? '';
  const text = whole.trim();
  if (text === '') return escapeHtml(whole);
  // The spaces around a marked word stay between the words, as the server reads them.
  const lead = whole.slice(0, whole.length - whole.trimStart().length);
  const trail = whole.slice(whole.trimEnd().length);
  const server = build.analysed?.take(text);
  const own = (element as HTMLElement).dataset;
  const word: ChapterWord = { ...server, text };
  const lemma = own.l?.trim();
  const reading = own.r?.trim();
  if (lemma) word.lemma = lemma;
  if (reading) word.reading = reading;
  return escapeHtml(lead) + wordSpan(text, word, build) + escapeHtml(trail);
}

/** Plain text: paragraphs on blank lines, a single line break kept as a break. */
function plainTextHtml(content: string, build: Build): string {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n[^\S\n]*\n\s*/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map(
      (paragraph) =>
        `<p>${paragraph
          .split('\n')
          .map((line) => wordsHtml(line, build))
          .join('<br>')}</p>`,
    )
    .join('');
}

function nodeHtml(node: Node, build: Build): string {
  if (node.nodeType === Node.TEXT_NODE) return wordsHtml(node.textContent ?? '', build);
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const tag = (node as Element).localName;
  if (DROPPED_TAGS.has(tag)) return '';
  if (tag === 'span' && (node as Element).hasAttribute('data-w'))
    return authoredWordHtml(node as Element, build);
  let inner = '';
  for (const child of node.childNodes) inner += nodeHtml(child, build);
  if (tag === 'br') return '<br>';
  // A tag off the list gives up its markup but keeps its words.
  return KEPT_TAGS.has(tag) ? `<${tag}>${inner}</${tag}>` : inner;
}

/** HTML content: the kept tags (without attributes) around the words of its text. */
function markupHtml(content: string, build: Build): string {
  // DOMParser builds an inert document: nothing in it loads or runs.
  const body = new DOMParser().parseFromString(content, 'text/html').body;
  let html = '';
  for (const child of body.childNodes) html += nodeHtml(child, build);
  return html;
}

/**
 * The reader's markup for a chapter's content, plain text or HTML; with the server's words of a language
 * written without spaces, those words (and their dictionary forms and readings) rather than the browser's,
 * their readings above them in ruby when `showReadings`, each word's status (`data-s`) from `statuses`, and a
 * play mark before each sentence of `sentenceStarts` (first word index → sentence index).
 */
export function chapterHtml(
  content: string,
  languageCode: string,
  words?: readonly ChapterWord[],
  {
    showReadings = false,
    statuses,
    sentenceStarts,
  }: {
    showReadings?: boolean;
    statuses?: TermStatuses | undefined;
    sentenceStarts?: ReadonlyMap<number, number> | undefined;
  } = {},
): string {
  const analysed = words && words.length > 0 ? new AnalysedWords(words) : undefined;
  const build: Build = {
    languageCode,
    analysed,
    showReadings,
    statuses,
    sentenceStarts,
    wordIndex: 0,
    markedAt: -1,
  };
  return isChapterHtml(content) ? markupHtml(content, build) : plainTextHtml(content, build);
}

/**
 * The word spans of a chapter as the reader marks them up, in a detached document: for work on its words away
 * from the screen (a download's lookups, the terms a mark-known would make known offline).
 */
export function chapterWordSpans(chapter: {
  content: string;
  story: { language: { code: string } };
  words?: readonly ChapterWord[] | undefined;
}): HTMLElement[] {
  const html = chapterHtml(chapter.content, chapter.story.language.code, chapter.words);
  const body = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html').body;
  return [...body.querySelectorAll<HTMLElement>('span[data-w]')];
}

/** A word span's text as written, without the readings set above it (`<rt>`). */
export function wordText(span: Element): string {
  let text = '';
  for (const node of span.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
    else if (node.nodeType === Node.ELEMENT_NODE && (node as Element).localName !== 'rt') {
      text += wordText(node as Element);
    }
  }
  return text;
}

/** The longest sentence kept with a saved word (common/schemas/reading.ts MAX_SAVED_SENTENCE_LENGTH). */
const MAX_SENTENCE = 500;

/**
 * The sentence a word span stands in, as the reader shows it (readings above the words left out, runs of white
 * space made one), for the saved word (issue 22): the paragraph's text cut by the language's sentence
 * boundaries; a sentence too long is cut to a window around the word.
 */
export function sentenceAround(span: Element, languageCode: string): string | undefined {
  const paragraph = span.closest('p') ?? span.parentElement;
  if (!paragraph) return undefined;
  let text = '';
  let at = -1;
  const walk = (node: Node) => {
    if (node === span) at = text.length;
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
    else if (node.nodeType === Node.ELEMENT_NODE && (node as Element).localName !== 'rt') {
      for (const child of node.childNodes) walk(child);
    } else if ((node as Element).localName === 'br') text += ' ';
  };
  walk(paragraph);
  if (at < 0) return undefined;
  let sentence = text;
  for (const segment of new Intl.Segmenter(languageCode, { granularity: 'sentence' }).segment(text)) {
    if (at >= segment.index && at < segment.index + segment.segment.length) {
      sentence = segment.segment;
      at -= segment.index;
      break;
    }
  }
  const characters = [...sentence.slice(0, at)].length;
  const all = [...sentence];
  const start =
    all.length <= MAX_SENTENCE ? 0 : Math.max(0, Math.min(characters - 200, all.length - MAX_SENTENCE));
  const cut = all.slice(start, start + MAX_SENTENCE).join('');
  const tidy = cut.replace(/\s+/gu, ' ').trim();
  return tidy === '' ? undefined : tidy;
}
