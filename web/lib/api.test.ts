import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, api, failureText, setAccessTokenProvider } from './api.ts';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: string, statusText = '') {
  return new Response(body, { status, statusText, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setAccessTokenProvider(() => null);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('api', () => {
  it('sends the time zone and no Authorization without a session', async () => {
    fetchMock.mockResolvedValue(answer(200, '[]'));

    await api('/api/languages/');

    const [, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(headers.get('X-Timezone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(headers.has('Authorization')).toBe(false);
  });

  it('attaches the bearer token once a session provides one', async () => {
    fetchMock.mockResolvedValue(answer(200, '{}'));
    setAccessTokenProvider(async () => 'token-123');

    await api('/api/me/subscription/');

    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('sends a body as JSON and parses the JSON answer', async () => {
    fetchMock.mockResolvedValue(answer(200, '{"goal_minutes":30}'));

    const result = await api('/api/daily-goal/?language=es', { method: 'PUT', body: { goal_minutes: 30 } });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"goal_minutes":30}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(result).toEqual({ goal_minutes: 30 });
  });

  it('throws the server error sentence with its status', async () => {
    fetchMock.mockResolvedValue(answer(400, '{"error":"Goal must be between 1 and 300 minutes"}'));

    const error = await api('/api/daily-goal/', { method: 'PUT', body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Goal must be between 1 and 300 minutes' });
  });

  it('says what happened when an error answer has no sentence', async () => {
    fetchMock.mockResolvedValue(answer(502, '<html>Bad gateway</html>', 'Bad Gateway'));

    await expect(api('/api/stories/')).rejects.toMatchObject({
      status: 502,
      message: 'The server answered 502 Bad Gateway',
    });
  });

  it('turns a network failure into a readable error', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));

    await expect(api('/api/stories/')).rejects.toMatchObject({
      status: 0,
      message: 'Could not reach the server. Check your connection and try again.',
    });
  });

  it('checks the answer against a schema when given one', async () => {
    fetchMock.mockResolvedValue(answer(200, '{"is_admin":"yes"}'));

    await expect(
      api('/api/admin/check-permission/', { schema: z.object({ is_admin: z.boolean() }) }),
    ).rejects.toThrow();
  });
});

describe('failureText', () => {
  it("gives the server's sentence, else the fallback, else the sentence for an unreachable server", () => {
    expect(failureText(new ApiError(409, 'Already Pro.', true), 'Failed', 'Offline')).toBe('Already Pro.');
    expect(failureText(new ApiError(500, 'The server answered 500'), 'Failed', 'Offline')).toBe('Failed');
    expect(failureText(new ApiError(0, 'Could not reach the server.'), 'Failed', 'Offline')).toBe('Offline');
    expect(failureText(new TypeError('boom'), 'Failed', 'Offline')).toBe('Offline');
  });
});
