import { type KeyboardEvent, type MouseEvent, memo, useLayoutEffect, useMemo, useRef } from 'react';
import { textDirection } from '#common/languages.ts';
import { markAfterNextPaint } from '#web/lib/marks.ts';
import { chapterHtml } from './text.ts';

const ACTIVE_ID = 'reader-active-word';
const KEYBOARD_HINT_ID = 'reader-keyboard-hint';

export interface ChapterTextProps {
  content: string;
  language: string;
  /** Called with the word as written in the text, punctuation not yet stripped. */
  onWord: (word: string) => void;
}

/**
 * The chapter's text, every word tappable. One listener on the text finds the word under a tap (design.md);
 * from the keyboard, the text takes the focus once and the arrow keys walk its words, Enter looks the current
 * one up, so a chapter is not thousands of tab stops. The markup is built once per content (see text.ts).
 */
export const ChapterText = memo(function ChapterText({ content, language, onWord }: ChapterTextProps) {
  const html = useMemo(() => {
    performance.mark('reader:text-start');
    const markup = { __html: chapterHtml(content, language) };
    performance.mark('reader:text-html');
    return markup;
  }, [content, language]);
  const container = useRef<HTMLDivElement>(null);
  const active = useRef<HTMLElement | null>(null);

  // The markup is in the document (React set it before layout effects run); then it is painted.
  useLayoutEffect(() => {
    performance.mark('reader:text-set', { detail: { markupLength: html.__html.length } });
    markAfterNextPaint('reader:text-painted');
  }, [html]);

  function activate(word: HTMLElement | null) {
    if (active.current) {
      active.current.removeAttribute('id');
      active.current.removeAttribute('data-active');
    }
    active.current = word;
    if (!word) {
      container.current?.removeAttribute('aria-activedescendant');
      return;
    }
    word.id = ACTIVE_ID;
    word.setAttribute('data-active', '');
    container.current?.setAttribute('aria-activedescendant', ACTIVE_ID);
    word.scrollIntoView({ block: 'nearest' });
  }

  function handleClick(event: MouseEvent<HTMLDivElement>) {
    const word = (event.target as Element).closest<HTMLElement>('[data-w]');
    if (!word || !container.current?.contains(word)) return;
    // When the tap happened (the event's own time, before any queueing): the word panel marks its paints.
    performance.mark('reader:tap', { startTime: event.timeStamp });
    activate(word);
    onWord(word.textContent ?? '');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const words = container.current?.querySelectorAll<HTMLElement>('[data-w]');
    if (!words || words.length === 0) return;
    const current = active.current ? Array.prototype.indexOf.call(words, active.current) : -1;
    // Arrows follow the reading order, which is right to left in Arabic.
    const forward = textDirection(language) === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
    let next: number | undefined;
    if (event.key === forward) next = Math.min(words.length - 1, current + 1);
    else if (event.key === backward) next = Math.max(0, current - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = words.length - 1;
    else if (event.key === 'Enter' && active.current) {
      event.preventDefault();
      onWord(active.current.textContent ?? '');
      return;
    }
    if (next === undefined) return;
    event.preventDefault();
    activate(words[next] ?? null);
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
        aria-label="Chapter text"
        aria-describedby={KEYBOARD_HINT_ID}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the text is one stop that the arrow keys walk
        tabIndex={0}
        lang={language}
        dir={textDirection(language)}
        onClick={handleClick}
        onKeyDown={handleKeyDown}
        className="reader-text rounded-lg text-lg leading-relaxed text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 sm:text-xl [&_p]:mb-5"
        // The markup is chapterHtml's: escaped text and allow-listed tags without attributes (text.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
        dangerouslySetInnerHTML={html}
      />
    </>
  );
});
