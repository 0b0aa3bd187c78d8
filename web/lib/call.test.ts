import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZodError } from 'zod';
import { listStories } from '#common/endpoints/library.ts';
import { getDailyGoal, setDailyGoal } from '#common/endpoints/progress.ts';
import { deleteChapter, updateChapter } from '#common/endpoints/stories.ts';
import { setAccessTokenProvider } from './api.ts';
import { call, queryString } from './call.ts';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: string) {
  return new Response(status === 204 ? null : body, {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setAccessTokenProvider(() => null);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const GOAL = { goal_minutes: 20, today_minutes: 5, percentage: 25 };

describe('queryString', () => {
  it('keeps the values that are set, joining lists with commas as the server reads them', () => {
    expect(queryString({ language: 'es', difficulty: ['infant', 'child'], search: undefined, n: 0 })).toBe(
      '?language=es&difficulty=infant%2Cchild&n=0',
    );
    expect(queryString({})).toBe('');
    expect(queryString(undefined)).toBe('');
  });
});

describe('call', () => {
  it('sends the declared method to the path with its parameters filled in, and the body as JSON', async () => {
    fetchMock.mockResolvedValue(answer(400, '{"error":"Title and content are required"}'));

    await expect(
      call(updateChapter, { params: { id: 42 }, body: { title: 'Uno', content: '' } }),
    ).rejects.toThrow('Title and content are required');

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/chapters/42/');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ title: 'Uno', content: '' });
  });

  it('puts the query in the address and checks the answer against the declared schema', async () => {
    fetchMock.mockResolvedValue(answer(200, JSON.stringify(GOAL)));

    expect(await call(getDailyGoal, { query: { language: 'es' } })).toEqual(GOAL);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/daily-goal/?language=es');

    fetchMock.mockResolvedValue(answer(200, JSON.stringify({ ...GOAL, goal_minutes: 'twenty' })));
    await expect(
      call(setDailyGoal, { query: { language: 'es' }, body: { goal_minutes: 20 } }),
    ).rejects.toThrow(ZodError);
  });

  it('answers undefined for an endpoint that answers nothing', async () => {
    fetchMock.mockResolvedValue(answer(204, ''));

    expect(await call(deleteChapter, { params: { id: 3 } })).toBeUndefined();
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
  });

  it('hands the abort signal to fetch', async () => {
    fetchMock.mockResolvedValue(answer(200, '[]'));
    const controller = new AbortController();

    await call(listStories, { query: { language: 'es' }, signal: controller.signal });

    expect(fetchMock.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
  });
});
