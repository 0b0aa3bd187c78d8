import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect.ts';

describe('safeRedirect', () => {
  const site = 'https://read.example.com';

  it('keeps a URL on the site origin', () => {
    expect(safeRedirect(site, 'https://read.example.com/dashboard?x=1')).toBe(
      'https://read.example.com/dashboard?x=1',
    );
  });

  it('sends anything else to the site root', () => {
    for (const requested of [
      undefined,
      '',
      '/dashboard',
      'https://evil.example.com/',
      'http://read.example.com/',
      'https://read.example.com.evil.io/',
      'https://read.example.com:8443/',
      'javascript:alert(1)',
      '//evil.example.com',
    ]) {
      expect(safeRedirect(site, requested), String(requested)).toBe('https://read.example.com/');
    }
  });
});
