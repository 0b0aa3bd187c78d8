import { describe, expect, it } from 'vitest';
import { LiveSessions, SESSION_FRESH_MS, SESSION_STALE_MS } from './live-sessions.ts';

/** A lookup whose answers the test gives, one call at a time, and a clock the test moves. */
function setup(entries?: number) {
  const calls: string[] = [];
  const waiting: { resolve: (live: boolean) => void; reject: (error: Error) => void }[] = [];
  let now = 1_000_000;
  const sessions = new LiveSessions(
    (sessionId) => {
      calls.push(sessionId);
      return new Promise<boolean>((resolve, reject) => waiting.push({ resolve, reject }));
    },
    entries,
    () => now,
  );
  const answer = async (live: boolean) => {
    waiting.shift()?.resolve(live);
    await Promise.resolve();
  };
  const fail = async () => {
    waiting.shift()?.reject(new Error('connection refused'));
    await Promise.resolve();
  };
  const advance = (ms: number) => {
    now += ms;
  };
  return { sessions, calls, answer, fail, advance };
}

describe('LiveSessions', () => {
  it('asks the database once for a session it has not seen, however many requests wait', async () => {
    const { sessions, calls, answer } = setup();
    const first = sessions.check('a');
    const second = sessions.check('a');
    expect(first).toBeInstanceOf(Promise);
    await answer(true);
    expect(await first).toBe(true);
    expect(await second).toBe(true);
    expect(calls).toEqual(['a']);
  });

  it('answers at once while the answer is fresh, without asking again', async () => {
    const { sessions, calls, answer, advance } = setup();
    const checking = sessions.check('a');
    await answer(true);
    await checking;
    advance(SESSION_FRESH_MS - 1);
    expect(sessions.check('a')).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('serves a stale answer while one new lookup runs, and uses what it finds', async () => {
    const { sessions, calls, answer, advance } = setup();
    const checking = sessions.check('a');
    await answer(true);
    await checking;
    advance(SESSION_FRESH_MS);
    expect(sessions.check('a')).toBe(true);
    expect(sessions.check('a')).toBe(true);
    expect(calls).toHaveLength(2);
    await answer(false);
    await Promise.resolve();
    expect(sessions.check('a')).toBe(false);
  });

  it('waits for the database once the answer is older than the stale limit', async () => {
    const { sessions, answer, advance } = setup();
    const checking = sessions.check('a');
    await answer(true);
    await checking;
    advance(SESSION_STALE_MS);
    const waiting = sessions.check('a');
    expect(waiting).toBeInstanceOf(Promise);
    await answer(false);
    expect(await waiting).toBe(false);
  });

  it('keeps an ended session ended without asking again', async () => {
    const { sessions, calls, answer, advance } = setup();
    const checking = sessions.check('gone');
    await answer(false);
    expect(await checking).toBe(false);
    advance(60 * 60 * 1000);
    expect(sessions.check('gone')).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it('lets a session last known live through while the database fails, and fails one it never saw', async () => {
    const { sessions, answer, fail, advance } = setup();
    const checking = sessions.check('known');
    await answer(true);
    await checking;
    advance(SESSION_STALE_MS);
    const during = sessions.check('known');
    await fail();
    expect(await during).toBe(true);

    const unknown = sessions.check('unknown');
    await fail();
    await expect(unknown).rejects.toThrow('connection refused');
    // The failure is not remembered: the next request asks again.
    const again = sessions.check('unknown');
    await answer(true);
    expect(await again).toBe(true);
  });

  it('remembers at most the given number of sessions, forgetting the least recently checked', async () => {
    const { sessions, calls, answer } = setup(2);
    for (const id of ['a', 'b', 'c']) {
      const checking = sessions.check(id);
      await answer(true);
      await checking;
    }
    expect(sessions.check('b')).toBe(true);
    expect(sessions.check('c')).toBe(true);
    const forgotten = sessions.check('a');
    expect(forgotten).toBeInstanceOf(Promise);
    await answer(true);
    await forgotten;
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });
});
