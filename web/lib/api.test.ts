import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, failureText, readRetryAfter } from './api.ts';

describe('failureText', () => {
  it("gives the server's sentence, else the fallback, else the sentence for an unreachable server", () => {
    expect(failureText(new ApiError(409, 'Already Pro.', true), 'Failed', 'Offline')).toBe('Already Pro.');
    expect(failureText(new ApiError(500, 'The server answered 500'), 'Failed', 'Offline')).toBe('Failed');
    expect(failureText(new ApiError(0, 'Could not reach the server.'), 'Failed', 'Offline')).toBe('Offline');
    expect(failureText(new TypeError('boom'), 'Failed', 'Offline')).toBe('Offline');
  });
});

describe('readRetryAfter', () => {
  it('reads seconds or an HTTP date, at least 1, and nothing from a missing or unreadable header', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(readRetryAfter('240', now)).toBe(240);
    expect(readRetryAfter(' 0 ', now)).toBe(1);
    expect(readRetryAfter('Fri, 27 Nov 2026 10:02:00 GMT', now)).toBe(120);
    expect(readRetryAfter('Fri, 27 Nov 2026 09:00:00 GMT', now)).toBe(1);
    expect(readRetryAfter(null, now)).toBeUndefined();
    expect(readRetryAfter('', now)).toBeUndefined();
    expect(readRetryAfter('soon', now)).toBeUndefined();
  });
});

describe('currentTimeZone', () => {
  const DAY = 24 * 60 * 60 * 1000;

  beforeEach(() => {
    localStorage.clear();
    vi.resetModules();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  /** A page's own copy of the module (its memory empty), as a new page load has. */
  async function newPage() {
    return (await import('./api.ts')).currentTimeZone;
  }

  /** The zone the browser reports, counting how often it is read (each read builds an Intl.DateTimeFormat). */
  function browserZone(initial: string) {
    const zone = { name: initial, reads: 0 };
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      zone.reads++;
      return { resolvedOptions: () => ({ timeZone: zone.name }) } as Intl.DateTimeFormat;
    });
    return zone;
  }

  it('reads the zone once a day while the UTC offset stays the same', async () => {
    const currentTimeZone = await newPage();
    const zone = browserZone('Europe/Madrid');
    const start = Date.parse('2030-01-10T10:00:00Z');
    expect(currentTimeZone(start)).toBe('Europe/Madrid');
    expect(currentTimeZone(start + 60_000)).toBe('Europe/Madrid');
    expect(currentTimeZone(start + DAY - 1)).toBe('Europe/Madrid');
    expect(zone.reads).toBe(1);
    zone.name = 'Africa/Ceuta';
    expect(currentTimeZone(start + DAY)).toBe('Africa/Ceuta');
    expect(zone.reads).toBe(2);
  });

  it('reads it again at once when the UTC offset changes (the learner flew, or summer time began)', async () => {
    const currentTimeZone = await newPage();
    const zone = browserZone('Europe/Madrid');
    const offset = vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-60);
    const start = Date.parse('2031-03-01T10:00:00Z');
    expect(currentTimeZone(start)).toBe('Europe/Madrid');
    zone.name = 'America/New_York';
    offset.mockReturnValue(300);
    expect(currentTimeZone(start + 1_000)).toBe('America/New_York');
    expect(zone.reads).toBe(2);
  });

  it('reads it again when the clock went back', async () => {
    const currentTimeZone = await newPage();
    const zone = browserZone('Asia/Tokyo');
    const start = Date.parse('2032-05-01T10:00:00Z');
    currentTimeZone(start);
    zone.name = 'Asia/Seoul';
    expect(currentTimeZone(start - 5_000)).toBe('Asia/Seoul');
  });

  it('takes the zone a page before kept, on the next page, without building a formatter', async () => {
    const zone = browserZone('Asia/Tokyo');
    const start = Date.parse('2032-06-01T10:00:00Z');
    expect((await newPage())(start)).toBe('Asia/Tokyo');
    expect(zone.reads).toBe(1);
    vi.resetModules();
    zone.name = 'Asia/Seoul';
    expect((await newPage())(start + 60 * 60 * 1000)).toBe('Asia/Tokyo');
    expect(zone.reads).toBe(1);
    vi.resetModules();
    expect((await newPage())(start + DAY)).toBe('Asia/Seoul');
    expect(zone.reads).toBe(2);
  });

  it('reads the zone when what storage holds is not a zone, or storage is refused', async () => {
    const zone = browserZone('Europe/Lisbon');
    const now = Date.parse('2033-01-01T10:00:00Z');
    for (const kept of [
      '{not json',
      '{"zone":"","offset":0,"at":0}',
      `{"zone":"Europe/Paris","at":${now}}`,
    ]) {
      localStorage.setItem('catamaran:time-zone', kept);
      vi.resetModules();
      expect((await newPage())(now)).toBe('Europe/Lisbon');
    }
    expect(zone.reads).toBe(3);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    vi.resetModules();
    expect((await newPage())(now)).toBe('Europe/Lisbon');
    expect(zone.reads).toBe(4);
  });

  it('asks Temporal where the browser has it: on every call, without a formatter or storage', async () => {
    const zone = browserZone('Europe/Madrid');
    let temporalZone = 'Asia/Kolkata';
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => temporalZone } });
    const currentTimeZone = await newPage();
    const start = Date.parse('2034-02-01T10:00:00Z');
    expect(currentTimeZone(start)).toBe('Asia/Kolkata');
    // A move between two zones of one offset is seen by the very next call, not a day later.
    temporalZone = 'Asia/Colombo';
    expect(currentTimeZone(start + 1_000)).toBe('Asia/Colombo');
    expect(zone.reads).toBe(0);
    expect(localStorage.getItem('catamaran:time-zone')).toBeNull();
  });

  it('reads the zone from Intl when Temporal is there but cannot say it', async () => {
    const zone = browserZone('Europe/Madrid');
    const start = Date.parse('2034-03-01T10:00:00Z');
    for (const temporal of [
      {},
      { Now: {} },
      { Now: { timeZoneId: () => '' } },
      {
        Now: {
          timeZoneId: () => {
            throw new RangeError('no zone');
          },
        },
      },
    ]) {
      vi.stubGlobal('Temporal', temporal);
      vi.resetModules();
      localStorage.clear();
      expect((await newPage())(start)).toBe('Europe/Madrid');
    }
    expect(zone.reads).toBe(4);
  });
});
