import {
  type KeyboardEvent,
  type MouseEvent,
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import { textDirection } from '#common/languages.ts';
import type { ReaderSettings } from '#common/schemas/readerSettings.ts';
import type { ChapterWord } from '#common/schemas/reading.ts';
import type { TermStatus } from '#common/terms.ts';
import { drawnMarkup } from '#web/lib/afterHydration.ts';
import { markAfterNextPaint } from '#web/lib/marks.ts';
import { useSpokenSentence } from './spokenSentence.ts';
import { STATUS_MARKS, type TermStatuses } from './termStatuses.ts';
import { chapterHtml, sentenceAround, wordText } from './text.ts';
import type { ReadAlong } from './useReadAlong.ts';
import type { WordAnalysis } from './useWordLookup.ts';

const ACTIVE_ID = 'reader-active-word';
const KEYBOARD_HINT_ID = 'reader-keyboard-hint';
/**
 * A chapter longer than this (about 2,000 words, eight phone screens) lets its paragraphs off screen skip
 * style and layout (styles.css, `data-long`). A shorter one renders whole: the skipped paragraphs' estimated
 * height would otherwise move the completion section into view after the first frame (Lighthouse's layout
 * shift on the demo chapter, 0.061).
 */
export const LONG_CHAPTER_CHARACTERS = 12_000;

export interface ChapterTextProps {
  content: string;
  language: string;
  /** The server's words of a language written without spaces (Japanese, Chinese); the browser's otherwise. */
  words?: readonly ChapterWord[] | undefined;
  /** Readings (furigana, pinyin) above the server's words. */
  showReadings?: boolean | undefined;
  /** The learner's statuses of the chapter's terms (issue 22), marked on the words; changes follow at once. */
  statuses?: TermStatuses | undefined;
  /** Whether the words show their statuses (the reader's 'Word marks' switch). */
  showMarks?: boolean | undefined;
  /** The narration's sentences (issue 23): the spoken one highlighted, a play mark before each timed one. */
  readAlong?: ReadAlong | undefined;
  /** The learner's text size, line spacing and typeface (issue 23); the defaults otherwise. */
  appearance?: Pick<ReaderSettings, 'text_size' | 'line_spacing' | 'typeface'> | undefined;
  /** A status key (1-4, k, i) pressed on the active word: its term and the status. */
  onStatusKey?: (term: string, status: TermStatus) => void;
  /**
   * Called with the word as written in the text, punctuation not yet stripped, and what the server found of it
   * (dictionary form, reading, part of speech), if anything.
   */
  onWord: (word: string, analysis?: WordAnalysis) => void;
}

/**
 * The tapped word's text as written (without its ruby), the server's analysis that rides on its span, and its
 * term when the reader knows the learner's statuses.
 */
function wordOf(
  span: HTMLElement,
  statuses: TermStatuses | undefined,
  language: string,
): [string, WordAnalysis] {
  const { l, r, p } = span.dataset;
  const text = wordText(span);
  const term = statuses?.termOf(text);
  return [text, { lemma: l, reading: r, partOfSpeech: p, term, sentence: sentenceAround(span, language) }];
}

/**
 * The chapter's text, every word tappable. One listener on the text finds the word under a tap (design.md);
 * from the keyboard, the text takes the focus once and the arrow keys walk its words, Enter looks the current
 * one up, so a chapter is not thousands of tab stops. The markup is built once per content (see text.ts).
 */
export const ChapterText = memo(function ChapterText({
  content,
  language,
  words,
  showReadings = false,
  statuses,
  showMarks = true,
  readAlong,
  appearance,
  onStatusKey,
  onWord,
}: ChapterTextProps) {
  const html = useChapterMarkup(content, language, words, showReadings, statuses, readAlong?.starts);
  const container = useRef<HTMLDivElement>(null);
  const active = useRef<HTMLElement | null>(null);
  useStatusMarks(container, statuses, html);
  useMarkupSet(html, container, active);
  useSpokenSentence(container, html, readAlong);

  function activate(word: HTMLElement | null) {
    active.current = markActive(container.current, active.current, word);
  }

  function handleClick(event: MouseEvent<HTMLDivElement>) {
    const word = tappedWord(event, container.current, readAlong);
    if (!word) return;
    activate(word);
    onWord(...wordOf(word, statuses, language));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    event.currentTarget.removeAttribute('data-pointer');
    textKey(event, {
      container: container.current,
      active: active.current,
      language,
      statuses,
      onStatusKey,
      onWord,
      activate,
    });
  }

  return (
    <>
      <p id={KEYBOARD_HINT_ID} className="sr-only">
        Use the arrow keys to move from word to word and Enter to look a word up.
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of words with an active one, not a form fieldset */}
      <div
        ref={container}
        role="group"
        data-reader-text
        data-readings={showReadings && words ? '' : undefined}
        data-marks={statuses && showMarks ? '' : undefined}
        data-long={content.length > LONG_CHAPTER_CHARACTERS ? '' : undefined}
        data-size={appearance?.text_size}
        data-spacing={appearance?.line_spacing}
        data-typeface={appearance?.typeface}
        aria-label="Chapter text"
        aria-describedby={KEYBOARD_HINT_ID}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the text is one stop that the arrow keys walk
        tabIndex={0}
        lang={language}
        dir={textDirection(language)}
        onClick={handleClick}
        // The focus ring is for the keyboard: a tap or click hides it until the next key (styles.css), even
        // where the browser would keep it from an earlier key press.
        onPointerDown={(event) => event.currentTarget.setAttribute('data-pointer', '')}
        onKeyDown={handleKeyDown}
        className="reader-text rounded-lg text-slate-800"
        // The markup is chapterHtml's: escaped text and allow-listed tags without attributes (text.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
        dangerouslySetInnerHTML={html}
      />
    </>
  );
});

/** The word a tap or click landed on, if any; a tap on a play mark plays from its sentence instead. */
function tappedWord(
  event: MouseEvent<HTMLDivElement>,
  container: HTMLElement | null,
  readAlong: ReadAlong | undefined,
): HTMLElement | undefined {
  const mark = (event.target as Element).closest<HTMLElement>('.play-mark');
  if (mark && readAlong) {
    readAlong.playFrom(Number(mark.dataset.n));
    return undefined;
  }
  const word = (event.target as Element).closest<HTMLElement>('[data-w]');
  if (!word || !container?.contains(word)) return undefined;
  // When the tap happened (the event's own time, before any queueing): the word panel marks its paints.
  performance.mark('reader:tap', { startTime: event.timeStamp });
  return word;
}

/** The text's markup (text.ts), built again only when what it shows changes; marked for the benchmarks. */
function useChapterMarkup(
  content: string,
  language: string,
  words: readonly ChapterWord[] | undefined,
  showReadings: boolean,
  statuses: TermStatuses | undefined,
  sentenceStarts: ReadonlyMap<number, number> | undefined,
) {
  return useMemo(() => {
    // The text the server drew, being hydrated: the markup is on the screen already, built from the same
    // props (the page's state), so it is taken as it is rather than built again in the hydration's task
    // (docs/decisions/114). Any later change of these props builds it as usual.
    const drawn = drawnMarkup('[data-reader-text]');
    if (drawn !== undefined) return { __html: drawn };
    performance.mark('reader:text-start');
    const markup = {
      __html: chapterHtml(content, language, words, { showReadings, statuses, sentenceStarts }),
    };
    performance.mark('reader:text-html');
    return markup;
  }, [content, language, words, showReadings, statuses, sentenceStarts]);
}

/** A key on the text: a status for the active word, Enter to look it up, or a move to another word. */
function textKey(
  event: KeyboardEvent<HTMLDivElement>,
  text: {
    container: HTMLElement | null;
    active: HTMLElement | null;
    language: string;
    statuses: TermStatuses | undefined;
    onStatusKey: ChapterTextProps['onStatusKey'];
    onWord: ChapterTextProps['onWord'];
    activate: (word: HTMLElement | null) => void;
  },
) {
  const words = text.container?.querySelectorAll<HTMLElement>('[data-w]');
  if (!words || words.length === 0) return;
  if (statusKey(event, text.active, text.statuses, text.onStatusKey)) return;
  if (event.key === 'Enter' && text.active) {
    event.preventDefault();
    text.onWord(...wordOf(text.active, text.statuses, text.language));
    return;
  }
  // Shift with an arrow goes from sentence to sentence in the narration (AudioPlayer), not from word to word.
  if (event.shiftKey) return;
  const current = text.active ? Array.prototype.indexOf.call(words, text.active) : -1;
  const next = movedTo(event.key, current, words.length, text.language);
  if (next === undefined) return;
  event.preventDefault();
  text.activate(words[next] ?? null);
}

/** The keys that set the active word's status (issue 22), as LingQ and Lute have them. */
const STATUS_KEYS: Readonly<Record<string, TermStatus>> = {
  '1': 'learning-1',
  '2': 'learning-2',
  '3': 'learning-3',
  '4': 'learning-4',
  k: 'known',
  i: 'ignored',
};

/**
 * Once the markup is in the document (React set it before layout effects run): the active word's span is gone
 * with the old markup, and the set and its paint are marked for the benchmarks.
 */
function useMarkupSet(
  html: { __html: string },
  container: { current: HTMLElement | null },
  active: { current: HTMLElement | null },
) {
  useLayoutEffect(() => {
    active.current = null;
    container.current?.removeAttribute('aria-activedescendant');
    performance.mark('reader:text-set', { detail: { markupLength: html.__html.length } });
    markAfterNextPaint('reader:text-painted');
  }, [html, container, active]);
}

/** A status key on the active word: its term's status set (and the key taken); false for any other key. */
function statusKey(
  event: KeyboardEvent<HTMLDivElement>,
  word: HTMLElement | null,
  statuses: TermStatuses | undefined,
  onStatusKey: ((term: string, status: TermStatus) => void) | undefined,
): boolean {
  const keyed = STATUS_KEYS[event.key];
  const term = word && statuses?.termOf(wordText(word));
  if (!keyed || !term || !onStatusKey || event.ctrlKey || event.metaKey || event.altKey) return false;
  event.preventDefault();
  onStatusKey(term, keyed);
  return true;
}

/**
 * Keeps the words' status marks in step with `statuses`: a change marks every occurrence of its term at once.
 * The words of each term are found once (an index built on the first change), anew when the markup changes.
 */
function useStatusMarks(
  container: { current: HTMLElement | null },
  statuses: TermStatuses | undefined,
  html: unknown,
) {
  const index = useRef<Map<string, HTMLElement[]> | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new markup (html) means new spans to index
  useLayoutEffect(() => {
    index.current = undefined;
  }, [html]);
  useEffect(() => {
    if (!statuses) return;
    return statuses.subscribe((term) => {
      const root = container.current;
      if (!root) return;
      if (!index.current) {
        const built = new Map<string, HTMLElement[]>();
        for (const span of root.querySelectorAll<HTMLElement>('[data-w]')) {
          const spanTerm = statuses.termOf(wordText(span));
          if (spanTerm === undefined) continue;
          const list = built.get(spanTerm);
          if (list) list.push(span);
          else built.set(spanTerm, [span]);
        }
        index.current = built;
      }
      const status = statuses.statusOf(term);
      for (const span of index.current.get(term) ?? []) {
        if (status) span.dataset.s = STATUS_MARKS[status];
        else delete span.dataset.s;
      }
    });
  }, [statuses, container]);
}

/** Moves the active-word mark from `previous` to `word` (none when null), in view; answers the new active word. */
function markActive(
  container: HTMLElement | null,
  previous: HTMLElement | null,
  word: HTMLElement | null,
): HTMLElement | null {
  if (previous) {
    previous.removeAttribute('id');
    previous.removeAttribute('data-active');
  }
  if (!word) {
    container?.removeAttribute('aria-activedescendant');
    return null;
  }
  word.id = ACTIVE_ID;
  word.setAttribute('data-active', '');
  container?.setAttribute('aria-activedescendant', ACTIVE_ID);
  word.scrollIntoView({ block: 'nearest' });
  return word;
}

/** Where a key moves the active word, as an index of the words; undefined for a key that does not move it. */
function movedTo(key: string, current: number, count: number, language: string): number | undefined {
  // Arrows follow the reading order, which is right to left in Arabic.
  const forward = textDirection(language) === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const backward = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward) return Math.min(count - 1, current + 1);
  if (key === backward) return Math.max(0, current - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}
