import { describe, expect, it } from 'vitest';
import { retryAfterSeconds, tooManyFromNetwork, tooSoonToSendAgain, waitPhrase } from './retry-after.ts';

describe('retry-after', () => {
  it('rounds a window left in milliseconds up to whole seconds, at least 1, as the Retry-After header does', () => {
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(59_001)).toBe(60);
  });

  it('says a wait in seconds under a minute, in minutes up to 90, then in hours, always rounded up', () => {
    expect(waitPhrase(1)).toBe('1 second');
    expect(waitPhrase(45)).toBe('45 seconds');
    expect(waitPhrase(60)).toBe('1 minute');
    expect(waitPhrase(61)).toBe('2 minutes');
    expect(waitPhrase(90 * 60)).toBe('90 minutes');
    expect(waitPhrase(90 * 60 + 1)).toBe('2 hours');
    expect(waitPhrase(3 * 3600)).toBe('3 hours');
  });

  it('tells a refused network how long to wait', () => {
    expect(tooManyFromNetwork(240_000)).toBe(
      'Too many requests from your network. Please try again in 4 minutes.',
    );
    expect(tooManyFromNetwork(30_500)).toBe(
      'Too many requests from your network. Please try again in 31 seconds.',
    );
  });

  it('tells an address that asked again too soon how many seconds are left, one in the singular', () => {
    expect(tooSoonToSendAgain(42)).toBe('For security purposes, you can only request this after 42 seconds.');
    expect(tooSoonToSendAgain(1)).toBe('For security purposes, you can only request this after 1 second.');
  });
});
