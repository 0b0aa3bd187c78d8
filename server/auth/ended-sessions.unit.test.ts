import { describe, expect, it } from 'vitest';
import {
  ENDED_SESSIONS_KEPT_MS,
  ENDED_SESSIONS_OVERLAP_MS,
  type EndedRead,
  EndedSessions,
} from './ended-sessions.ts';

const at = (iso: string) => new Date(iso);

/** A reader that answers what the test queues, and records what it was asked since. */
function reader() {
  const asked: (Date | undefined)[] = [];
  const answers: (EndedRead | Error)[] = [];
  const read = async (since: Date | undefined) => {
    asked.push(since);
    const next = answers.shift();
    if (!next) throw new Error('no answer queued');
    if (next instanceof Error) throw next;
    return next;
  };
  return { read, asked, answers };
}

describe('EndedSessions', () => {
  it('knows no session before a read, and the ended ones after it', async () => {
    const { read, answers } = reader();
    const sessions = new EndedSessions(read);
    expect(sessions.has('a')).toBe(false);
    expect(sessions.isKnown).toBe(false);

    answers.push({
      readAt: at('2026-11-26T12:00:00Z'),
      ended: [{ sessionId: 'a', endedAt: at('2026-11-26T11:59:59Z') }],
    });
    await sessions.refresh();

    expect(sessions.has('a')).toBe(true);
    expect(sessions.has('b')).toBe(false);
    expect(sessions.isKnown).toBe(true);
  });

  it('asks first for the last hour (since undefined), then from before the last read by the overlap', async () => {
    const { read, asked, answers } = reader();
    const sessions = new EndedSessions(read);
    answers.push(
      { readAt: at('2026-11-26T12:00:00Z'), ended: [] },
      { readAt: at('2026-11-26T12:00:02Z'), ended: [] },
    );

    await sessions.refresh();
    await sessions.refresh();

    expect(asked[0]).toBeUndefined();
    expect(asked[1]?.getTime()).toBe(at('2026-11-26T12:00:00Z').getTime() - ENDED_SESSIONS_OVERLAP_MS);
  });

  it('keeps what it knew when a read fails, and adds to it on the next', async () => {
    const { read, answers } = reader();
    const sessions = new EndedSessions(read);
    answers.push(
      {
        readAt: at('2026-11-26T12:00:00Z'),
        ended: [{ sessionId: 'a', endedAt: at('2026-11-26T12:00:00Z') }],
      },
      new Error('connection refused'),
      {
        readAt: at('2026-11-26T12:00:04Z'),
        ended: [{ sessionId: 'b', endedAt: at('2026-11-26T12:00:03Z') }],
      },
    );
    await sessions.refresh();

    await expect(sessions.refresh()).rejects.toThrow('connection refused');
    expect(sessions.has('a')).toBe(true);
    await sessions.refresh();
    expect(sessions.has('a') && sessions.has('b')).toBe(true);
  });

  it('forgets a session once no token issued before its end can still be valid', async () => {
    const { read, answers } = reader();
    const sessions = new EndedSessions(read);
    const endedAt = at('2026-11-26T12:00:00Z');
    answers.push(
      { readAt: endedAt, ended: [{ sessionId: 'a', endedAt }] },
      { readAt: new Date(endedAt.getTime() + ENDED_SESSIONS_KEPT_MS - 1), ended: [] },
      { readAt: new Date(endedAt.getTime() + ENDED_SESSIONS_KEPT_MS + 1), ended: [] },
    );
    await sessions.refresh();
    await sessions.refresh();
    expect(sessions.has('a')).toBe(true);

    await sessions.refresh();

    expect(sessions.has('a')).toBe(false);
    expect(sessions.size).toBe(0);
    // An access token lives an hour: the record outlives it.
    expect(ENDED_SESSIONS_KEPT_MS).toBeGreaterThan(60 * 60 * 1000);
  });
});
