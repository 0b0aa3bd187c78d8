import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedWord } from '#common/schemas/reading.ts';
import { createQueryClient } from '#web/lib/query.tsx';
import { NO_MATCHES, NO_WORDS, SavedWords } from './SavedWords.tsx';

const LANGUAGES = [
  { id: 1, code: 'es', name: 'Spanish', native_name: 'Español' },
  { id: 2, code: 'fr', name: 'French', native_name: 'Français' },
];

const HABLO: SavedWord = {
  id: 2,
  word: 'habló',
  language: 'es',
  occurrences: 3,
  last_seen_at: '2026-03-04T17:05:00.000Z',
  first_seen_at: '2026-03-01T08:00:00.000Z',
  term: 'hablar',
  status: 'learning-1',
  meaning: 'to speak',
  sentence: 'Ella habló con el mar.',
};
const HABLA: SavedWord = { ...HABLO, id: 3, word: 'habla', occurrences: 1, sentence: null };
const CHAT: SavedWord = {
  id: 1,
  word: 'chat',
  language: 'fr',
  occurrences: 1,
  last_seen_at: '2026-03-01T08:00:00.000Z',
  first_seen_at: '2026-03-01T08:00:00.000Z',
  term: 'chat',
  status: null,
  meaning: null,
  sentence: null,
};

interface Sent {
  method: string;
  url: URL;
  body: unknown;
}

/** Answers the page's calls: the languages, the words (by `words`), and whatever else `other` answers. */
function serve(words: (url: URL) => Promise<Response> | Response, other?: (sent: Sent) => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, url, body });
      if (url.pathname === '/api/languages/') return Response.json(LANGUAGES);
      if (url.pathname === '/api/words/' && method === 'GET') return words(url);
      return other?.({ method, url, body }) ?? Response.json({ error: 'Not found' }, { status: 404 });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SavedWords />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return sent;
}

const wordCalls = (sent: Sent[]) =>
  sent
    .filter((call) => call.url.pathname === '/api/words/' && call.method === 'GET')
    .map((call) => call.url.search);

describe('SavedWords', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows Loading... until the words arrive, then each with its meaning, status, sentence and local date', async () => {
    let answer: (response: Response) => void = () => {};
    serve(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByText('Loading...')).toBeDefined();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    answer(Response.json([HABLO, CHAT]));

    const rows = await screen.findAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Word', 'Occurrences', 'Last Seen', 'Meaning', 'Status', 'Delete']);
    const first = within(rows[1] as HTMLElement).getAllByRole('cell');
    expect(
      within(first[0] as HTMLElement)
        .getAllByText('habló')[0]
        ?.getAttribute('lang'),
    ).toBe('es');
    expect(first[0]?.textContent).toContain('hablar');
    expect(first[0]?.textContent).toContain('Ella habló con el mar.');
    expect(first[3]?.textContent).toBe('to speak');
    expect(screen.getByRole('combobox', { name: 'Status of habló' })).toHaveProperty('value', 'learning-1');
    expect(screen.getByRole('combobox', { name: 'Status of chat' })).toHaveProperty('value', '');
    expect(first[1]?.textContent).toBe('3');
    expect(first[2]?.textContent).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(HABLO.last_seen_at),
      ),
    );
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('says when there are no saved words yet', async () => {
    serve(() => Response.json([]));

    expect(await screen.findByText(NO_WORDS)).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('only logs a failed load, and shows the empty list', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    serve(() => Response.json({ error: 'Not authenticated' }, { status: 401 }));

    expect(await screen.findByText(NO_WORDS)).toBeDefined();
    expect(warn).toHaveBeenCalled();
  });

  it('lists the language chosen on the dashboard first, then all, a search, and sorts by the header clicked', async () => {
    window.localStorage.setItem('catamaran-language', 'es');
    const user = userEvent.setup();
    const sent = serve((url) => Response.json(url.searchParams.get('search') === 'zz' ? [] : [HABLO]));
    await screen.findByRole('combobox', { name: 'Status of habló' });
    const language = screen.getByRole('combobox', { name: 'Language' });
    expect(language).toHaveProperty('value', 'es');

    await user.selectOptions(language, 'all');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'speak');
    await user.click(screen.getByRole('button', { name: 'Word' }));
    await user.click(screen.getByRole('button', { name: 'Word' }));
    await vi.waitFor(() => expect(wordCalls(sent)).toContain('?search=speak&sort=word&order=desc'));
    expect(wordCalls(sent)).toContain('?language=es');
    // The search waits for typing to pause: no request per letter.
    const searches = wordCalls(sent).map((query) => new URLSearchParams(query).get('search'));
    expect(new Set(searches.filter((search) => search !== null))).toEqual(new Set(['speak']));
    expect(screen.getByRole('columnheader', { name: 'Word' }).getAttribute('aria-sort')).toBe('descending');

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zz');
    expect(await screen.findByText(NO_MATCHES)).toBeDefined();
  });

  it("changes a term's status on every word of that term at once", async () => {
    const user = userEvent.setup();
    let status: SavedWord['status'] = 'learning-1';
    const sent = serve(
      () => Response.json([HABLO, HABLA].map((word) => ({ ...word, status }))),
      ({ method, body }) => {
        status = 'known';
        return method === 'PUT' ? Response.json({ ...(body as object), term: 'hablar' }) : Response.json({});
      },
    );
    await screen.findByRole('combobox', { name: 'Status of habló' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of habló' }), 'known');

    await vi.waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Status of habla' })).toHaveProperty('value', 'known'),
    );
    expect(sent.find((call) => call.method === 'PUT')).toMatchObject({
      url: expect.objectContaining({ pathname: '/api/terms/status/' }),
      body: { language: 'es', term: 'hablar', status: 'known' },
    });
  });

  it('makes a term new again when New is chosen', async () => {
    const user = userEvent.setup();
    let status: SavedWord['status'] = 'learning-1';
    const sent = serve(
      () => Response.json([HABLO, HABLA].map((word) => ({ ...word, status }))),
      () => {
        status = null;
        return Response.json({ changed: 1 });
      },
    );
    await screen.findByRole('combobox', { name: 'Status of habló' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of habló' }), 'New');

    await vi.waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Status of habla' })).toHaveProperty('value', ''),
    );
    expect(sent.find((call) => call.method === 'POST')).toMatchObject({
      url: expect.objectContaining({ pathname: '/api/terms/reset/' }),
      body: { language: 'es', term: 'hablar' },
    });
  });

  it('deletes a word once confirmed', async () => {
    const user = userEvent.setup();
    let words = [HABLO, CHAT];
    const sent = serve(
      () => Response.json(words),
      ({ method }) => {
        if (method !== 'DELETE') return Response.json({});
        words = [CHAT];
        return new Response(null, { status: 204 });
      },
    );
    await screen.findByRole('combobox', { name: 'Status of habló' });

    await user.click(screen.getByRole('button', { name: 'Delete habló' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    await vi.waitFor(() => expect(screen.queryByRole('combobox', { name: 'Status of habló' })).toBeNull());
    expect(screen.getByText('chat')).toBeDefined();
    expect(sent.find((call) => call.method === 'DELETE')?.url.pathname).toBe('/api/words/2/');
  });

  it('exports the words shown as CSV', async () => {
    window.localStorage.setItem('catamaran-language', 'es');
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:words');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const sent = serve(
      () => Response.json([HABLO]),
      ({ url }) =>
        url.pathname === '/api/words/export.csv'
          ? new Response('\uFEFFword\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } })
          : Response.json({}),
    );
    await screen.findByRole('combobox', { name: 'Status of habló' });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(sent.find((call) => call.url.pathname === '/api/words/export.csv')?.url.search).toBe(
      '?language=es',
    );
    expect(createObjectURL).toHaveBeenCalled();
  });
});
