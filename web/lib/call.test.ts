import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZodError } from 'zod';
import { getDailyGoal, setDailyGoal, trackReadingTime } from '#common/endpoints/activity.ts';
import { checkPermission } from '#common/endpoints/admin.ts';
import { downloadBulkTemplate } from '#common/endpoints/bulk.ts';
import { listLanguages } from '#common/endpoints/languages.ts';
import { listStories } from '#common/endpoints/library.ts';
import { deleteChapter, updateChapter } from '#common/endpoints/stories.ts';
import { ApiError, setAccessTokenProvider, setSessionEndedHandler } from './api.ts';
import { call, callForReply, postOnLeave, queryString } from './call.ts';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: string, statusText = '') {
  return new Response(status === 204 ? null : body, {
    status,
    statusText,
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
    expect(queryString({ path: 'videos/a b+c.mp4' })).toBe('?path=videos%2Fa%20b%2Bc.mp4');
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

describe("call's transport", () => {
  it('sends the time zone and no Authorization without a session', async () => {
    fetchMock.mockResolvedValue(answer(200, '[]'));

    await call(listLanguages, {});

    const [, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(headers.get('X-Timezone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(headers.has('Authorization')).toBe(false);
  });

  it('attaches the bearer token once a session provides one', async () => {
    fetchMock.mockResolvedValue(answer(200, '{"is_admin":false}'));
    setAccessTokenProvider(async () => 'token-123');

    await call(checkPermission, {});

    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('sends a body as JSON and parses the JSON answer', async () => {
    fetchMock.mockResolvedValue(answer(200, JSON.stringify({ ...GOAL, goal_minutes: 30 })));

    const result = await call(setDailyGoal, { query: { language: 'es' }, body: { goal_minutes: 30 } });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"goal_minutes":30}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(result).toEqual({ ...GOAL, goal_minutes: 30 });
  });

  it('throws the server error sentence with its status', async () => {
    fetchMock.mockResolvedValue(answer(400, '{"error":"Goal must be between 1 and 300 minutes"}'));

    const error = await call(setDailyGoal, { query: { language: 'es' }, body: { goal_minutes: 0 } }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Goal must be between 1 and 300 minutes' });
  });

  it('carries the Retry-After of a refusal, so a screen can say how long to wait', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('{"error":"Too many requests from your network. Please try again in 4 minutes."}', {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '240' },
      }),
    );
    fetchMock.mockResolvedValueOnce(answer(400, '{"error":"Goal must be between 1 and 300 minutes"}'));

    await expect(call(getDailyGoal, { query: { language: 'es' } })).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 240,
    });
    const refused = await call(getDailyGoal, { query: { language: 'es' } }).catch((e: unknown) => e);
    expect((refused as ApiError).retryAfterSeconds).toBeUndefined();
  });

  it('tells the session provider when the server says the session has ended, and only then', async () => {
    const ended = vi.fn();
    setSessionEndedHandler(ended);
    fetchMock.mockResolvedValueOnce(answer(401, '{"error":"Not authenticated"}'));
    fetchMock.mockResolvedValueOnce(
      answer(401, '{"error":"Your session has ended: sign in again.","code":"session_not_found"}'),
    );

    await expect(call(getDailyGoal, { query: { language: 'es' } })).rejects.toMatchObject({ status: 401 });
    expect(ended).not.toHaveBeenCalled();
    await expect(call(getDailyGoal, { query: { language: 'es' } })).rejects.toMatchObject({
      status: 401,
      message: 'Your session has ended: sign in again.',
    });
    expect(ended).toHaveBeenCalledTimes(1);
    setSessionEndedHandler(() => undefined);
  });

  it('says what happened when an error answer has no sentence', async () => {
    fetchMock.mockResolvedValue(answer(502, '<html>Bad gateway</html>', 'Bad Gateway'));

    await expect(call(listStories, { query: { language: 'es' } })).rejects.toMatchObject({
      status: 502,
      message: 'The server answered 502 Bad Gateway',
    });
  });

  it('turns a network failure into a readable error', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));

    await expect(call(listStories, { query: { language: 'es' } })).rejects.toMatchObject({
      status: 0,
      message: 'Could not reach the server. Check your connection and try again.',
    });
  });

  it('checks the answer against the declared schema', async () => {
    fetchMock.mockResolvedValue(answer(200, '{"is_admin":"yes"}'));

    await expect(call(checkPermission, {})).rejects.toThrow(ZodError);
  });

  it('gives the reply as the server wrote it beside the answer its schema read', async () => {
    fetchMock.mockResolvedValue(answer(200, '{"extra":1,"is_admin":true}'));

    expect(await callForReply(checkPermission, {})).toEqual({
      answer: { is_admin: true },
      reply: { extra: 1, is_admin: true },
    });
  });

  it('downloads a file as a Blob, with the token', async () => {
    fetchMock.mockResolvedValue(new Response('PK', { status: 200 }));
    setAccessTokenProvider(() => 'token-123');

    const file = await call(downloadBulkTemplate, {});

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/bulk-import-stories/template/');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-123');
    expect(await file.text()).toBe('PK');
  });

  it('posts a report that outlives the page to its declared path, with the token it is given', () => {
    fetchMock.mockResolvedValue(answer(204, ''));

    void postOnLeave(trackReadingTime, { body: { chapter_id: 7, seconds: 4 } }, 'token-9');

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/track-reading-time/');
    expect([init?.method, init?.keepalive, init?.body]).toEqual([
      'POST',
      true,
      '{"chapter_id":7,"seconds":4}',
    ]);
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-9');
  });

  it('answers whether the server took the report: not when unreachable, or at a 429 or 5xx', async () => {
    const taken = async (reply: () => Promise<Response>) => {
      fetchMock.mockImplementationOnce(reply);
      return postOnLeave(trackReadingTime, { body: { chapter_id: 7, seconds: 4 } }, null);
    };

    expect(await taken(async () => answer(200, '{}'))).toBe(true);
    expect(await taken(async () => answer(403, '{"error":"Pro"}'))).toBe(true);
    expect(await taken(async () => answer(429, '{"error":"Slow down"}'))).toBe(false);
    expect(await taken(async () => answer(503, '{"error":"Down"}'))).toBe(false);
    expect(await taken(() => Promise.reject(new TypeError('Failed to fetch')))).toBe(false);
  });

  it('takes only a POST endpoint for a report that outlives the page (a type error otherwise)', () => {
    fetchMock.mockResolvedValue(answer(204, ''));
    // @ts-expect-error: a DELETE cannot be sent on leaving.
    void postOnLeave(deleteChapter, { params: { id: 3 } }, null);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
  });
});
