import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newReportId, READING_TIME_REPORT_MS, useReadingTime } from './useReadingTime.ts';

let visibility: DocumentVisibilityState = 'visible';

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The bodies sent to the reading-time call, in order, each without its report id (checked to be a UUID). */
function reports(fetchMock: ReturnType<typeof vi.fn>) {
  return sent(fetchMock).map(({ body: { report_id, ...body }, auth }) => {
    expect(report_id).toMatch(UUID);
    return { body, auth };
  });
}

/** The bodies sent to the reading-time call, in order, as they were sent. */
function sent(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls.map(([path, init]) => {
    const request = init as RequestInit & { headers: Record<string, string> };
    expect(path).toBe('/api/track-reading-time/');
    expect(request.keepalive).toBe(true);
    return { body: JSON.parse(String(request.body)), auth: request.headers.Authorization };
  });
}

describe('useReadingTime', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance'],
    });
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends the time read every 30 seconds, with the token', () => {
    renderHook(() => useReadingTime(7, 'token-a'));

    vi.advanceTimersByTime(READING_TIME_REPORT_MS);
    vi.advanceTimersByTime(READING_TIME_REPORT_MS);

    expect(reports(fetchMock)).toEqual([
      { body: { chapter_id: 7, seconds: 30 }, auth: 'Bearer token-a' },
      { body: { chapter_id: 7, seconds: 30 }, auth: 'Bearer token-a' },
    ]);
  });

  it('sends what was read when the page is hidden, and stops the clock until it is shown again', () => {
    renderHook(() => useReadingTime(7, 'token-a'));

    vi.advanceTimersByTime(12_400);
    setVisibility('hidden');
    vi.advanceTimersByTime(10 * 60_000);
    setVisibility('visible');
    vi.advanceTimersByTime(630_000 - 612_400);

    // 12.4 s before hiding; the ten hidden minutes never count; back at 612.4 s, the tick at 630 s sends
    // 17.6 s plus the 0.4 s left over.
    expect(reports(fetchMock).map((report) => report.body.seconds)).toEqual([12, 18]);
  });

  it('sends the rest when the reader is left, and nothing when under a second was read', () => {
    const first = renderHook(() => useReadingTime(7, 'token-a'));
    vi.advanceTimersByTime(4_500);
    first.unmount();

    const second = renderHook(() => useReadingTime(8, 'token-a'));
    vi.advanceTimersByTime(800);
    second.unmount();

    expect(reports(fetchMock).map((report) => report.body)).toEqual([{ chapter_id: 7, seconds: 4 }]);
  });

  it('gives each report an id of its own, and sends a report the server did not take again under its id', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('{"error":"The database is not answering."}', { status: 503 }))
      .mockResolvedValue(new Response(null, { status: 204 }));
    renderHook(() => useReadingTime(7, 'token-a'));

    await vi.advanceTimersByTimeAsync(READING_TIME_REPORT_MS); // unreachable
    await vi.advanceTimersByTimeAsync(READING_TIME_REPORT_MS); // 503, then taken
    await vi.advanceTimersByTimeAsync(READING_TIME_REPORT_MS); // taken, and a new one
    await vi.advanceTimersByTimeAsync(READING_TIME_REPORT_MS); // a new one only

    const ids = sent(fetchMock).map((report) => report.body.report_id as string);
    const [first, second, third, fourth] = new Set(ids);
    expect(ids).toEqual([first, first, second, first, third, fourth]);
    expect(new Set(ids).size).toBe(4);
    expect(sent(fetchMock).map((report) => report.body.seconds)).toEqual([30, 30, 30, 30, 30, 30]);
  });

  it('does not send again a report the server refused (a Pro chapter, 403)', async () => {
    fetchMock.mockResolvedValue(new Response('{"error":"Upgrade to read it."}', { status: 403 }));
    renderHook(() => useReadingTime(7, 'token-a'));

    await vi.advanceTimersByTimeAsync(READING_TIME_REPORT_MS);
    await vi.advanceTimersByTimeAsync(READING_TIME_REPORT_MS);

    expect(new Set(sent(fetchMock).map((report) => report.body.report_id)).size).toBe(2);
  });

  it('makes a version 4 UUID without crypto.randomUUID too (a page served over plain http)', () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });

    const ids = [newReportId(), newReportId()];

    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('sends with the newest token after a refresh', () => {
    const { rerender } = renderHook(({ token }) => useReadingTime(7, token), {
      initialProps: { token: 'old' },
    });
    rerender({ token: 'new' });

    vi.advanceTimersByTime(READING_TIME_REPORT_MS);
    window.dispatchEvent(new Event('pagehide'));

    expect(reports(fetchMock).map((report) => report.auth)).toEqual(['Bearer new']);
  });
});
