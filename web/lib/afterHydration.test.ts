import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDailyGoal } from '#common/endpoints/activity.ts';

const fetchMock = vi.fn<typeof fetch>();
const idle: (() => void)[] = [];

beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  fetchMock.mockImplementation(async () =>
    Response.json({ goal_minutes: 20, today_minutes: 5, percentage: 25 }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  idle.length = 0;
});

/** The modules afresh (their state is the page's): the hold, and the call that waits on it. */
async function modules() {
  const hold = await import('./afterHydration.ts');
  const { call } = await import('./call.ts');
  const { setAccessTokenProvider } = await import('./api.ts');
  const tokenAsked = vi.fn(() => null);
  setAccessTokenProvider(tokenAsked);
  return { ...hold, call, tokenAsked };
}

describe('hydrationSettled', () => {
  it('holds nothing on a page that is not hydrated from the server', async () => {
    const { hydrationSettled, call, tokenAsked } = await modules();
    expect(hydrationSettled()).toBeUndefined();
    const sent = call(getDailyGoal, { query: { language: 'es' } });
    expect(tokenAsked).toHaveBeenCalledTimes(1);
    await sent;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(idle).toHaveLength(0);
  });

  it('holds a drawn page’s calls until the first idle moment after the first one, then lets them all go', async () => {
    const { holdUntilHydrated, hydrationSettled, call, tokenAsked } = await modules();
    holdUntilHydrated();
    const first = call(getDailyGoal, { query: { language: 'es' } });
    const second = call(getDailyGoal, { query: { language: 'fr' } });
    // Unheld, a call asks for the token before its first await: held, it has not.
    expect(tokenAsked).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    expect(fetchMock).not.toHaveBeenCalled();

    idle[0]?.();
    await Promise.all([first, second]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/daily-goal/?language=es',
      '/api/daily-goal/?language=fr',
    ]);
    // Once settled, nothing waits any more.
    expect(hydrationSettled()).toBeUndefined();
    await call(getDailyGoal, { query: { language: 'de' } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(idle).toHaveLength(1);
  });

  // Decision 125: together, the held works were one long task after the hydration.
  it('runs the works held on a drawn page one a task, in order, from the idle moment', async () => {
    const { holdUntilHydrated, afterHydration } = await modules();
    holdUntilHydrated();
    const ran: string[] = [];
    afterHydration(() => ran.push('service worker'));
    afterHydration(() => ran.push('page session'));
    afterHydration(() => ran.push('outbox'));
    expect(idle).toHaveLength(1);

    idle[0]?.();
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    expect(ran).toEqual(['service worker']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ran).toEqual(['service worker', 'page session']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ran).toEqual(['service worker', 'page session', 'outbox']);

    // Once settled, a work runs at once.
    afterHydration(() => ran.push('later'));
    expect(ran.at(-1)).toBe('later');
  });
});
