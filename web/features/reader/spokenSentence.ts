// The sentence being spoken, shown in the chapter's text (issue 23): one CSS Custom Highlight over the words from
// the sentence's first to its last (no element is added or changed, so nothing reflows), or the words marked
// with data-spoken where the browser has no highlights; kept in view while the learner follows, never pulled
// back once they scroll away, until they come back to it or pick a sentence.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { OPENING_PUNCTUATION } from './text.ts';
import type { ReadAlong } from './useReadAlong.ts';

const HIGHLIGHT = 'spoken-sentence';

interface HighlightRegistry {
  set(name: string, highlight: unknown): void;
  delete(name: string): void;
}
type HighlightConstructor = new (...ranges: Range[]) => unknown;

function highlights(): { registry: HighlightRegistry; Highlight: HighlightConstructor } | undefined {
  const registry = (globalThis.CSS as unknown as { highlights?: HighlightRegistry } | undefined)?.highlights;
  const Highlight = (globalThis as unknown as { Highlight?: HighlightConstructor }).Highlight;
  return registry && Highlight ? { registry, Highlight } : undefined;
}

/** What may close a sentence after its last word: anything up to a space or what opens the next one. */
const CLOSING = /^[^\s\p{Ps}\p{Pi}¡¿«]*/u;

/**
 * The text from the sentence's first word to its last, with the punctuation that opens and closes it
 * ("¡Qué bonita!", "«Sí.»", 「はい。」).
 */
export function sentenceRange(first: Element, last: Element): Range {
  const range = document.createRange();
  range.setStartBefore(first);
  range.setEndAfter(last);
  const before = first.previousSibling;
  if (before?.nodeType === Node.TEXT_NODE) {
    const text = before.textContent ?? '';
    const opening = OPENING_PUNCTUATION.exec(text)?.[0].length ?? 0;
    if (opening > 0) range.setStart(before, text.length - opening);
  }
  const after = last.nextSibling;
  if (after?.nodeType === Node.TEXT_NODE) {
    const closing = CLOSING.exec(after.textContent ?? '')?.[0].length ?? 0;
    if (closing > 0) range.setEnd(after, closing);
  }
  return range;
}

/** True when some of the element is on screen below the sticky header. */
function onScreen(element: Element, top: number): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom > top && box.top < window.innerHeight;
}

/** The bottom of the reader's sticky header: what is above it is not seen. */
function headerBottom(): number {
  return document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
}

const NOT_FOLLOWING = { current: false };

/**
 * Highlights the read-along's spoken sentence among the container's words and keeps it in view while it is
 * followed. `html` is the text's markup: new markup means new word spans.
 */
export function useSpokenSentence(
  container: { current: HTMLElement | null },
  html: unknown,
  readAlong: ReadAlong | undefined,
) {
  const sentences = readAlong?.sentences;
  const spoken = readAlong?.spoken ?? -1;
  const following = readAlong?.following ?? NOT_FOLLOWING;
  const words = useRef<NodeListOf<HTMLElement> | undefined>(undefined);
  const marked = useRef<HTMLElement[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new markup (html) means new spans to find
  useLayoutEffect(() => {
    words.current = undefined;
    // React keeps the markup when its string is the same: the words marked may still be there.
    for (const word of marked.current) word.removeAttribute('data-spoken');
    marked.current = [];
  }, [html]);

  // The learner scrolling (wheel, touch, the keys that scroll) stops the following; coming back to the spoken
  // sentence, or picking one, starts it again.
  const reading = sentences !== undefined;
  useEffect(() => {
    if (!reading) return;
    const stop = () => {
      following.current = false;
    };
    const scrollKeys = new Set(['PageUp', 'PageDown', 'Home', 'End']);
    const onKey = (event: KeyboardEvent) => {
      if (scrollKeys.has(event.key) && !(event.target as Element | null)?.closest?.('[data-reader-text]'))
        stop();
    };
    window.addEventListener('wheel', stop, { passive: true });
    window.addEventListener('touchmove', stop, { passive: true });
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchmove', stop);
      window.removeEventListener('keydown', onKey);
    };
  }, [following, reading]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new markup (html) needs the highlight again
  useLayoutEffect(() => {
    const root = container.current;
    const available = highlights();
    const clear = () => {
      available?.registry.delete(HIGHLIGHT);
      for (const word of marked.current) word.removeAttribute('data-spoken');
      marked.current = [];
    };
    const sentence = spoken >= 0 ? sentences?.[spoken] : undefined;
    if (!root || !sentence) {
      clear();
      return;
    }
    words.current ??= root.querySelectorAll<HTMLElement>('[data-w]');
    const first = words.current[sentence[0]];
    const last = words.current[sentence[1]];
    if (!first || !last) {
      clear();
      return;
    }
    if (available) {
      available.registry.set(HIGHLIGHT, new available.Highlight(sentenceRange(first, last)));
    } else {
      clear();
      for (let index = sentence[0]; index <= sentence[1]; index += 1) {
        const word = words.current[index];
        if (!word) continue;
        word.setAttribute('data-spoken', '');
        marked.current.push(word);
      }
    }
    keepInView(first, last, following);
  }, [container, sentences, spoken, following, html]);

  useEffect(() => () => highlights()?.registry.delete(HIGHLIGHT), []);
}

function keepInView(first: HTMLElement, last: HTMLElement, following: { current: boolean }) {
  const top = headerBottom();
  if (onScreen(first, top) || onScreen(last, top)) {
    // Seen: the learner is with the narration (again).
    following.current = true;
    const box = last.getBoundingClientRect();
    // Near the bottom edge: bring the sentence up before it runs off.
    if (box.bottom <= window.innerHeight - 48) return;
  } else if (!following.current) {
    return;
  }
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  first.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
}
