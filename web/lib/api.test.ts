import { describe, expect, it } from 'vitest';
import { ApiError, failureText } from './api.ts';

describe('failureText', () => {
  it("gives the server's sentence, else the fallback, else the sentence for an unreachable server", () => {
    expect(failureText(new ApiError(409, 'Already Pro.', true), 'Failed', 'Offline')).toBe('Already Pro.');
    expect(failureText(new ApiError(500, 'The server answered 500'), 'Failed', 'Offline')).toBe('Failed');
    expect(failureText(new ApiError(0, 'Could not reach the server.'), 'Failed', 'Offline')).toBe('Offline');
    expect(failureText(new TypeError('boom'), 'Failed', 'Offline')).toBe('Offline');
  });
});
