import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query.tsx';
import { useWordLookup } from './useWordLookup.ts';

const FOUND = (lemma: string) => ({
  found: true,
  lemma,
  pos: 'verb',
  form: null,
  translations: [{ gloss: 'to eat', definition: 'to eat', example: null, source: 'wiktionary' }],
});
const NOT_FOUND = { found: false, lemma: null, pos: null, form: null, translations: [] };

let dictionary: Record<string, object>;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/words/save/' && init?.method === 'POST')
    return Response.json({ id: 1 }, { status: 201 });
  // As the server does: the dictionary form first, then the word as written.
  const lemma = url.searchParams.get('lemma');
  const surface = url.searchParams.get('surface') ?? '';
  return Response.json((lemma ? dictionary[lemma] : undefined) ?? dictionary[surface] ?? NOT_FOUND);
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function lookups() {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/dict/lookup/')
    .map((url) =>
      [url.searchParams.get('surface'), url.searchParams.get('lemma')].filter(Boolean).join(' by '),
    );
}

function renderLookup() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useWordLookup({ language: 'ja', storyId: 1, chapterId: 2 }), { wrapper });
}

describe('useWordLookup with a dictionary form', () => {
  it('sends the dictionary form with the word, in one request, and shows the word as tapped', async () => {
    dictionary = { 食べる: FOUND('食べる') };
    const { result } = renderLookup();

    await act(() => result.current.lookUp('食べました', { lemma: '食べる' }));

    await waitFor(() => expect(result.current.state.status).toBe('found'));
    expect(result.current.state).toMatchObject({ word: '食べました', result: { lemma: '食べる' } });
    expect(lookups()).toEqual(['食べました by 食べる']);
  });

  it('finds the word as written when the dictionary form is not there, still in one request', async () => {
    dictionary = { 食べました: FOUND('食べる') };
    const { result } = renderLookup();

    await act(() => result.current.lookUp('食べました', { lemma: '食べる' }));

    await waitFor(() => expect(result.current.state.status).toBe('found'));
    expect(lookups()).toEqual(['食べました by 食べる']);
  });

  it('asks once for a word that is its own dictionary form', async () => {
    dictionary = {};
    const { result } = renderLookup();

    await act(() => result.current.lookUp('猫', { lemma: '猫' }));

    await waitFor(() => expect(result.current.state.status).toBe('not_found'));
    expect(lookups()).toEqual(['猫']);
  });
});
