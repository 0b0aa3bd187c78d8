// The read-along in the chapter's text (issue 23): the spoken sentence's words marked (jsdom has no CSS
// highlights, so the fallback marks them), a play mark before each timed sentence, and a tap on one plays from it.
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChapterText } from './ChapterText.tsx';
import { sentenceRange } from './spokenSentence.ts';
import type { ReadAlong } from './useReadAlong.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const CONTENT = 'Mora es una gata. Es negra.\n\nVive cerca del mar.';

function readAlongOf(spoken: number, overrides: Partial<ReadAlong> = {}): ReadAlong {
  return {
    sentences: [
      [0, 3],
      [4, 5],
      [6, 9],
    ],
    // The second sentence has no start: nothing plays from it.
    starts: new Map([
      [0, 0],
      [6, 2],
    ]),
    following: { current: true },
    spoken,
    playFrom: vi.fn(),
    repeat: vi.fn(),
    previous: vi.fn(),
    next: vi.fn(),
    ...overrides,
  };
}

const spokenText = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-spoken]')].map((span) => span.textContent).join(' ');

describe('the read-along in the text', () => {
  it('marks the spoken sentence, and moves the mark with it', () => {
    Element.prototype.scrollIntoView = vi.fn();
    const { container, rerender } = render(
      <ChapterText content={CONTENT} language="es" readAlong={readAlongOf(0)} onWord={vi.fn()} />,
    );
    expect(spokenText(container)).toBe('Mora es una gata');
    rerender(<ChapterText content={CONTENT} language="es" readAlong={readAlongOf(2)} onWord={vi.fn()} />);
    expect(spokenText(container)).toBe('Vive cerca del mar');
    rerender(<ChapterText content={CONTENT} language="es" readAlong={readAlongOf(-1)} onWord={vi.fn()} />);
    expect(spokenText(container)).toBe('');
  });

  it('puts a play mark before each timed sentence; a tap on one plays from it and looks nothing up', () => {
    const readAlong = readAlongOf(-1);
    const onWord = vi.fn();
    const { container } = render(
      <ChapterText content={CONTENT} language="es" readAlong={readAlong} onWord={onWord} />,
    );
    const marks = [...container.querySelectorAll<HTMLElement>('button.play-mark')];
    expect(marks.map((mark) => mark.nextElementSibling?.textContent)).toEqual(['Mora', 'Vive']);
    expect(marks.every((mark) => mark.getAttribute('aria-label') === 'Play from this sentence')).toBe(true);
    fireEvent.click(marks[1] as HTMLElement);
    expect(readAlong.playFrom).toHaveBeenCalledWith(2);
    expect(onWord).not.toHaveBeenCalled();
    // The marks hold no text: the words and sentences the reader saves are as before.
    expect(container.querySelector('[data-reader-text]')?.textContent).toBe(
      'Mora es una gata. Es negra.Vive cerca del mar.',
    );
  });

  it('has no marks and marks nothing without timings', () => {
    const { container } = render(<ChapterText content={CONTENT} language="es" onWord={vi.fn()} />);
    expect(container.querySelector('.play-mark')).toBeNull();
    expect(spokenText(container)).toBe('');
  });

  it('highlights a sentence with the punctuation that opens and closes it', () => {
    const paragraph = document.createElement('p');
    paragraph.innerHTML =
      'Dice: «¿<span data-w>Es</span> <span data-w>negra</span>?» <span data-w>Sí</span>。「<span data-w>はい</span>';
    const words = paragraph.querySelectorAll('[data-w]');
    expect(sentenceRange(words[0] as Element, words[1] as Element).toString()).toBe('«¿Es negra?»');
    expect(sentenceRange(words[2] as Element, words[2] as Element).toString()).toBe('Sí。');
    expect(sentenceRange(words[3] as Element, words[3] as Element).toString()).toBe('「はい');
  });

  it('puts the play mark before the punctuation that opens its sentence', () => {
    const readAlong = readAlongOf(-1, {
      sentences: [
        [0, 1],
        [2, 2],
      ],
      starts: new Map([
        [0, 0],
        [2, 1],
      ]),
    });
    const { container } = render(
      <ChapterText content="Mora dice. «¡Hola!»" language="es" readAlong={readAlong} onWord={vi.fn()} />,
    );
    const marks = [...container.querySelectorAll<HTMLElement>('button.play-mark')];
    expect(marks.map((mark) => mark.nextSibling?.textContent)).toEqual(['Mora', '«¡']);
    expect(marks[1]?.previousSibling?.textContent).toBe('. ');
  });
});

describe('keeping the spoken sentence in view (issue 23)', () => {
  /** Every word drawn at `top` px (jsdom lays nothing out), and a window 700 px high. */
  function wordsAt(top: number) {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(
      () => ({ top, bottom: top + 20, left: 0, right: 50, width: 50, height: 20 }) as DOMRect,
    );
  }

  it('scrolls to a sentence off screen while the learner follows, and never after they scroll away', () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    window.innerHeight = 700;
    const following = { current: true };
    wordsAt(2000);
    const { rerender } = render(
      <ChapterText
        content={CONTENT}
        language="es"
        readAlong={readAlongOf(0, { following })}
        onWord={vi.fn()}
      />,
    );
    expect(scrolled).toHaveBeenCalledTimes(1);

    // The learner scrolls away with the wheel: the next sentence, off screen too, is left where it is.
    fireEvent.wheel(window);
    expect(following.current).toBe(false);
    rerender(
      <ChapterText
        content={CONTENT}
        language="es"
        readAlong={readAlongOf(2, { following })}
        onWord={vi.fn()}
      />,
    );
    expect(scrolled).toHaveBeenCalledTimes(1);

    // A sentence control sets following again (useReadAlong does): the text comes back to the narration.
    following.current = true;
    rerender(
      <ChapterText
        content={CONTENT}
        language="es"
        readAlong={readAlongOf(1, { following })}
        onWord={vi.fn()}
      />,
    );
    expect(scrolled).toHaveBeenCalledTimes(2);
  });

  it('leaves a sentence on screen where it is, and takes the learner back to following when they see it', () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    window.innerHeight = 700;
    const following = { current: false };
    wordsAt(300);
    render(
      <ChapterText
        content={CONTENT}
        language="es"
        readAlong={readAlongOf(0, { following })}
        onWord={vi.fn()}
      />,
    );
    expect(scrolled).not.toHaveBeenCalled();
    expect(following.current).toBe(true);
  });
});
