import { describe, expect, it } from 'vitest';
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
