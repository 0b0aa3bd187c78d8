import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query.tsx';
import { useWordLookup, wordSavesSettled } from './useWordLookup.ts';

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

/** Whether the word saves started so far have all settled, as the test goes on. */
function watchSavesSettled(): { settled: boolean; done: Promise<void> } {
  const watch = { settled: false, done: Promise.resolve() };
  watch.done = wordSavesSettled().then(() => {
    watch.settled = true;
  });
  return watch;
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

/** The answer of a first save, as the server gives it. */
const savedWord = (word: string) => ({
  id: 1,
  word,
  language: 'ja',
  occurrences: 1,
  last_seen_at: '2026-11-27T08:00:00.000Z',
  first_seen_at: '2026-11-27T08:00:00.000Z',
  term: word,
  status: 'learning-1',
  meaning: null,
  sentence: null,
});

describe('useWordLookup saving the word', () => {
  /** Saves that wait until released, as a slow network would hold them; the lookups answer at once. */
  function holdSaves() {
    const answer = fetchMock.getMockImplementation();
    onTestFinished(() => {
      if (answer) fetchMock.mockImplementation(answer);
    });
    const held: { body: { word: string }; release: () => void; signal: AbortSignal | null | undefined }[] =
      [];
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/words/save/') {
        return new Promise<Response>((resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          held.push({
            body: JSON.parse(String(init?.body)),
            signal: init?.signal,
            release: () =>
              resolve(Response.json(savedWord(JSON.parse(String(init?.body)).word), { status: 201 })),
          });
        });
      }
      return Response.json(FOUND('x'));
    });
    return held;
  }

  it('keeps saving a word after the panel is closed or another word is tapped', async () => {
    const held = holdSaves();
    const { result } = renderLookup();

    // Each step inside act until its save is sent: the saves stay held, so lookUp's promises do not settle.
    const taps: Promise<void>[] = [];
    await act(async () => {
      taps.push(result.current.lookUp('一'));
      await vi.waitFor(() => expect(held).toHaveLength(1));
    });
    act(() => result.current.close());
    await act(async () => {
      taps.push(result.current.lookUp('二'));
      await vi.waitFor(() => expect(held).toHaveLength(2));
    });

    // Neither save was cancelled: a word looked up is a word saved (learner.md), however quickly one moves on.
    expect(held.map((save) => [save.body.word, save.signal?.aborted ?? false])).toEqual([
      ['一', false],
      ['二', false],
    ]);
    await act(async () => {
      for (const save of held) save.release();
      await Promise.all(taps);
    });
    expect(result.current.state).toMatchObject({ word: '二', saved: true });
  });
});

describe('useWordLookup closed before its answer', () => {
  /** Lookups that wait until released, as a busy server holds them; the saves answer at once. */
  function holdLookups() {
    const answer = fetchMock.getMockImplementation();
    onTestFinished(() => {
      if (answer) fetchMock.mockImplementation(answer);
    });
    const held: (() => void)[] = [];
    const saved: string[] = [];
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/words/save/') {
        const { word } = JSON.parse(String(init?.body)) as { word: string };
        saved.push(word);
        return Response.json(savedWord(word), { status: 201 });
      }
      return new Promise<Response>((resolve) => held.push(() => resolve(Response.json(FOUND('x')))));
    });
    return { held, saved };
  }

  // Seen in CI (e2e/known-words.spec.ts): the reader shows a tapped word learning at once; the learner closed
  // the panel while the lookup was on its way, the word was never saved, and Mark as Read made it known.
  it('still saves the word, and a mark-known waits for that save from the tap', async () => {
    const { held, saved } = holdLookups();
    const { result } = renderLookup();
    let tap: Promise<void> | undefined;
    act(() => {
      tap = result.current.lookUp('niña');
    });
    await vi.waitFor(() => expect(held).toHaveLength(1));
    act(() => result.current.close());

    const saves = watchSavesSettled();
    await Promise.resolve();
    expect(saves.settled).toBe(false);
    await act(async () => {
      held[0]?.();
      await saves.done;
      await tap;
    });
    expect(saved).toEqual(['niña']);
    expect(result.current.state).toEqual({ status: 'idle' });
  });

  it('saves a word whose lookup another tap overtook, and shows only the latest', async () => {
    const { held, saved } = holdLookups();
    const { result } = renderLookup();
    const taps: Promise<void>[] = [];
    act(() => {
      taps.push(result.current.lookUp('uno'));
    });
    await vi.waitFor(() => expect(held).toHaveLength(1));
    act(() => {
      taps.push(result.current.lookUp('dos'));
    });
    await vi.waitFor(() => expect(held).toHaveLength(2));
    await act(async () => {
      for (const release of held) release();
      await Promise.all(taps);
    });
    expect(saved.sort()).toEqual(['dos', 'uno']);
    expect(result.current.state).toMatchObject({ word: 'dos', saved: true });
  });
});

describe('wordSavesSettled', () => {
  it('waits for a word save on its way, so a mark-known after it finds the word learning', async () => {
    dictionary = { niña: FOUND('niña') };
    let answerSave: (() => void) | undefined;
    fetchMock.mockImplementationOnce(async () => Response.json(NOT_FOUND));
    fetchMock.mockImplementationOnce(
      () =>
        new Promise<Response>((done) => (answerSave = () => done(Response.json({ id: 1 }, { status: 201 })))),
    );
    const { result } = renderLookup();
    await act(async () => {
      void result.current.lookUp('niña');
    });
    await waitFor(() => expect(answerSave).toBeDefined());

    const saves = watchSavesSettled();
    await Promise.resolve();
    expect(saves.settled).toBe(false);
    await act(async () => {
      answerSave?.();
      await saves.done;
    });
    expect(saves.settled).toBe(true);
  });
});
