import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query.tsx';
import type { WordsView } from './queries.ts';
import { ANKI_EXPORT_FAILED, WordsToolbar } from './WordsToolbar.tsx';

const VIEW: WordsView = { language: 'es', search: ' dog ', sort: 'word', order: 'asc' };

/** Renders the toolbar for a view; the server answers the languages, and the deck with `deck`. */
function renderToolbar(deck: () => Response, canExport = true) {
  const sent: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      sent.push(url);
      if (url.pathname === '/api/languages/') return Response.json([]);
      if (url.pathname === '/api/words/export.apkg') return deck();
      return Response.json({ error: 'Not found' }, { status: 404 });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WordsToolbar
        view={VIEW}
        onChange={vi.fn()}
        onExport={vi.fn()}
        isExporting={false}
        canExport={canExport}
      />
    </QueryClientProvider>,
  );
  return sent;
}

describe('WordsToolbar', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('downloads the words shown as an Anki deck, with the same filters as the list', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:deck');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    let saved: HTMLAnchorElement | undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this;
    });
    const sent = renderToolbar(
      () =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { headers: { 'content-type': 'application/apkg' } }),
    );

    await user.click(screen.getByRole('button', { name: 'Export Anki deck' }));

    await vi.waitFor(() => expect(saved).toBeDefined());
    const call = sent.find((url) => url.pathname === '/api/words/export.apkg');
    expect(Object.fromEntries(call?.searchParams ?? [])).toEqual({
      language: 'es',
      search: 'dog',
      sort: 'word',
      order: 'asc',
    });
    expect(saved?.download).toMatch(/^catamaran-words-es-\d{4}-\d{2}-\d{2}\.apkg$/);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says why a deck could not be made, in the server's words when it gave some", async () => {
    const user = userEvent.setup();
    const tooLarge = 'An Anki deck holds at most 20,000 words: choose a language or search to export fewer.';
    let answer = () => Response.json({ error: tooLarge }, { status: 400 });
    renderToolbar(() => answer());

    await user.click(screen.getByRole('button', { name: 'Export Anki deck' }));
    expect((await screen.findByRole('alert')).textContent).toBe(tooLarge);

    answer = () => new Response('', { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Export Anki deck' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ANKI_EXPORT_FAILED));
  });

  it('is reached from the keyboard after the CSV export', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:deck'), revokeObjectURL: vi.fn() }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const sent = renderToolbar(() => new Response(new Uint8Array([0x50, 0x4b])));

    await user.tab(); // Language
    await user.tab(); // Search
    await user.tab(); // Export CSV
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Export Anki deck' }));
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(sent.some((url) => url.pathname === '/api/words/export.apkg')).toBe(true));
  });

  it('is off while there is nothing to export', () => {
    renderToolbar(() => Response.json({}), false);

    expect(screen.getByRole('button', { name: 'Export Anki deck' }).hasAttribute('disabled')).toBe(true);
  });
});
