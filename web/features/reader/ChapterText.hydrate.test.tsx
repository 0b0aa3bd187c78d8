// The reader's text on a page the server drew (docs/decisions/104): hydrating it takes the drawn markup as it is
// rather than building it again in the hydration's task (docs/decisions/114), and keeps the drawn nodes.
import { act } from '@testing-library/react';
import { createElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const CONTENT = 'La gata mira la luna.\n\nEl perro duerme en la casa.';
const OTHER = 'Cada noche la gata sube al tejado.';

let roots: Root[] = [];

beforeEach(() => {
  vi.resetModules();
  // The active word is scrolled to; jsdom lays nothing out.
  Element.prototype.scrollIntoView ??= () => {};
  performance.clearMarks();
});
afterEach(() => {
  for (const root of roots) act(() => root.unmount());
  roots = [];
  document.body.innerHTML = '';
});

/** Fresh modules (the hold is the page's state), the text drawn as the server draws it, in #root. */
async function drawnPage() {
  const hold = await import('#web/lib/afterHydration.ts');
  const { ChapterText } = await import('./ChapterText.tsx');
  const onWord = vi.fn();
  const text = (content: string) => createElement(ChapterText, { content, language: 'es', onWord });
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = renderToString(text(CONTENT));
  document.body.append(root);
  // The server's own marks are not the browser's.
  performance.clearMarks();
  return { ...hold, root, text, onWord };
}

const built = () => performance.getEntriesByName('reader:text-start').length;

describe('the chapter text of a drawn page', () => {
  it('is hydrated without being built again, its drawn words kept and tappable', async () => {
    const page = await drawnPage();
    page.holdUntilHydrated();
    const word = page.root.querySelector<HTMLElement>('[data-w]');
    expect(word?.textContent).toBe('La');
    const recoverable = vi.fn();

    await act(async () => {
      roots.push(hydrateRoot(page.root, page.text(CONTENT), { onRecoverableError: recoverable }));
    });

    expect(built()).toBe(0);
    expect(recoverable).not.toHaveBeenCalled();
    // The very nodes the server drew: React did not set the markup anew.
    expect(page.root.querySelector('[data-w]')).toBe(word);
    // The set mark the reading benchmark waits for is still made.
    expect(performance.getEntriesByName('reader:text-set')).toHaveLength(1);
    act(() => word?.click());
    expect(page.onWord).toHaveBeenCalledWith(
      'La',
      expect.objectContaining({ sentence: 'La gata mira la luna.' }),
    );
  });

  it('is built as usual once what it shows changes', async () => {
    const page = await drawnPage();
    page.holdUntilHydrated();
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(page.root, page.text(CONTENT));
    });
    if (root) roots.push(root);

    await act(async () => root?.render(page.text(OTHER)));

    expect(built()).toBe(1);
    const words = [...page.root.querySelectorAll('[data-w]')].map((span) => span.textContent);
    expect(words.slice(0, 3)).toEqual(['Cada', 'noche', 'la']);
  });

  it('is built while hydrating when the page was not drawn by the server', async () => {
    const page = await drawnPage();

    await act(async () => {
      roots.push(hydrateRoot(page.root, page.text(CONTENT)));
    });

    expect(built()).toBe(1);
  });

  it('takes the drawn markup once: a second text on the page builds its own', async () => {
    const page = await drawnPage();
    page.holdUntilHydrated();

    expect(page.drawnMarkup('[data-reader-text]')).toContain('data-w');
    expect(page.drawnMarkup('[data-reader-text]')).toBeUndefined();
    expect(page.drawnMarkup('[data-no-such-element]')).toBeUndefined();
  });
});
