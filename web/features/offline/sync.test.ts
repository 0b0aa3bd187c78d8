import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, OCCURRED_AT_HEADER } from '#common/offline.ts';
import { ApiError, setAccessTokenProvider } from '#web/lib/api.ts';
import { pendingEntries } from './outbox.ts';
import { flush, onSync, perform, type SyncEvent } from './sync.ts';

const fetchMock = vi.fn<typeof fetch>();

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const STATUS = { language: 'es', term: 'gato', status: 'known' as const };
const GOAL = { goal_minutes: 30, today_minutes: 0, percentage: 0 };

/** What was sent: each call's method, address, key, moment and body. */
function sent() {
  return fetchMock.mock.calls.map(([url, init]) => {
    const headers = new Headers(init?.headers);
    return {
      call: `${init?.method} ${String(url)}`,
      key: headers.get(IDEMPOTENCY_KEY_HEADER),
      at: headers.get(OCCURRED_AT_HEADER),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
  });
}

let owner = '';
let count = 0;
beforeEach(() => {
  // The outbox's own retries (5 s on) stay out of the tests: each test sends when it says so.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('fetch', fetchMock);
  setAccessTokenProvider(() => 'token');
  // A learner of their own per test: the outbox is one database for the file.
  count += 1;
  owner = `learner${count}@example.com`;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('the outbox', () => {
  it('sends a change at once when it can, with its idempotency key and moment, and keeps nothing after', async () => {
    fetchMock.mockResolvedValue(json(200, { ...STATUS }));
    const outcome = await perform(owner, 'term-status', { body: STATUS });
    expect(outcome).toEqual({ sent: true, answer: STATUS });
    const [first] = sent();
    expect(first?.call).toBe('PUT /api/terms/status/');
    expect(first?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(first?.at ?? '')).toBeLessThanOrEqual(Date.now());
    expect(await pendingEntries(owner)).toEqual([]);
  });

  it('keeps what cannot be sent, in order, and sends it all in that order later with the same keys', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await perform(owner, 'mark-read', { params: { id: 7 }, body: { words_read: 10 } })).toEqual({
      sent: false,
    });
    expect(await perform(owner, 'term-status', { body: STATUS })).toEqual({ sent: false });
    expect(
      await perform(owner, 'daily-goal', { query: { language: 'es' }, body: { goal_minutes: 30 } }),
    ).toEqual({ sent: false });
    const tried = sent().map((attempt) => attempt.key);
    // Nothing overtakes the first change that waits: later ones are not even tried while it fails.
    expect(new Set(tried).size).toBe(1);
    expect((await pendingEntries(owner)).map((entry) => entry.kind)).toEqual([
      'mark-read',
      'term-status',
      'daily-goal',
    ]);
    const keys = (await pendingEntries(owner)).map((entry) => entry.key);

    fetchMock.mockReset();
    fetchMock
      .mockResolvedValueOnce(
        json(200, {
          chapter_id: 7,
          is_completed: true,
          completion_percentage: 100,
          words_read: 10,
          points_earned: 10,
          points_change: 10,
          total_words_read: 10,
          total_points: 10,
        }),
      )
      .mockResolvedValueOnce(json(200, STATUS))
      .mockResolvedValueOnce(json(200, GOAL));
    const heard: SyncEvent[] = [];
    const stop = onSync((event) => heard.push(event));
    await flush(owner);
    stop();
    expect(sent().map((attempt) => attempt.call)).toEqual([
      'POST /api/chapters/7/mark-read/',
      'PUT /api/terms/status/',
      'PUT /api/daily-goal/?language=es',
    ]);
    expect(sent().map((attempt) => attempt.key)).toEqual(keys);
    expect(await pendingEntries(owner)).toEqual([]);
    expect(heard).toContainEqual({ type: 'sent', count: 3 });
  });

  it('waits on a busy or unavailable server (503, 429) and a session to refresh (401), never dropping', async () => {
    for (const status of [503, 429, 401]) {
      fetchMock.mockResolvedValueOnce(json(status, { error: 'Not now.' }));
      expect(await perform(owner, 'term-status', { body: STATUS })).toEqual({ sent: false });
    }
    expect(await pendingEntries(owner)).toHaveLength(3);
  });

  it('drops what the server refuses for good, tells the screen waiting for it, and goes on with the rest', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { error: 'status must be one of the statuses.' }));
    await expect(perform(owner, 'term-status', { body: STATUS })).rejects.toBeInstanceOf(ApiError);
    expect(await pendingEntries(owner)).toEqual([]);

    // Refused after waiting offline (too old, say): nobody waits on screen, so the sentence is told instead.
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await perform(owner, 'term-status', { body: STATUS });
    await perform(owner, 'daily-goal', { query: { language: 'es' }, body: { goal_minutes: 30 } });
    fetchMock.mockReset();
    fetchMock
      .mockResolvedValueOnce(
        json(400, { error: 'This was done more than 7 days ago and can no longer be counted.' }),
      )
      .mockResolvedValueOnce(json(200, GOAL));
    const heard: SyncEvent[] = [];
    const stop = onSync((event) => heard.push(event));
    await flush(owner);
    stop();
    expect(heard).toContainEqual({
      type: 'refused',
      messages: ['This was done more than 7 days ago and can no longer be counted.'],
    });
    expect(heard).toContainEqual({ type: 'sent', count: 1 });
    expect(await pendingEntries(owner)).toEqual([]);
  });

  it('sends only the signed-in learner’s changes', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await perform(owner, 'term-status', { body: STATUS });
    const other = `other-${owner}`;
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(json(200, STATUS));
    await flush(other);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await pendingEntries(owner)).toHaveLength(1);
    await flush(owner);
    expect(await pendingEntries(owner)).toEqual([]);
  });
});
