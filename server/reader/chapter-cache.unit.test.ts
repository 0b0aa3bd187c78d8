import { describe, expect, it } from 'vitest';
import { matchesEtag } from '#server/http/etag.ts';
import { ChapterFragmentCache, type ChapterFragments } from './chapter-cache.ts';
import { deflatePiece } from './gzip.ts';

const fragments = (version: string, bytes: number): ChapterFragments => ({
  version,
  content: '""',
  words: null,
  terms: '{}',
  readAlong: null,
  deflated: { content: deflatePiece('""'), words: null, terms: deflatePiece('{}') },
  bytes,
});

describe('ChapterFragmentCache', () => {
  it('answers a copy only for its version, and the version it holds', () => {
    const cache = new ChapterFragmentCache(100);
    expect(cache.versionOf(1)).toBe('');
    cache.set(1, fragments('7', 10));
    expect(cache.versionOf(1)).toBe('7');
    expect(cache.get(1, '7')?.version).toBe('7');
    expect(cache.get(1, '8')).toBeUndefined();
    cache.set(1, fragments('8', 10));
    expect(cache.get(1, '7')).toBeUndefined();
  });

  it('drops the least recently used past its bound, and never keeps a copy larger than it', () => {
    const cache = new ChapterFragmentCache(100);
    cache.set(1, fragments('a', 40));
    cache.set(2, fragments('b', 40));
    cache.get(1, 'a');
    cache.set(3, fragments('c', 40));
    expect(cache.versionOf(2)).toBe('');
    expect(cache.versionOf(1)).toBe('a');
    expect(cache.versionOf(3)).toBe('c');
    cache.set(4, fragments('d', 101));
    expect(cache.versionOf(4)).toBe('');
    // Replacing a copy counts its bytes once.
    for (let i = 0; i < 10; i += 1) cache.set(1, fragments(`a${i}`, 40));
    expect(cache.versionOf(3)).toBe('c');
  });
});

describe('matchesEtag', () => {
  it('compares weakly, in a list, and takes *', () => {
    expect(matchesEtag(undefined, 'W/"x"')).toBe(false);
    expect(matchesEtag('W/"x"', 'W/"x"')).toBe(true);
    expect(matchesEtag('"x"', 'W/"x"')).toBe(true);
    expect(matchesEtag('W/"y", W/"x"', 'W/"x"')).toBe(true);
    expect(matchesEtag('W/"y"', 'W/"x"')).toBe(false);
    expect(matchesEtag('*', 'W/"x"')).toBe(true);
  });
});
