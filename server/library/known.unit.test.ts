// The known counts as the list keeps them (StoryCounts) and as a server holds them between lists
// (KnownCountsCache): read from the query's text, found by story, answered again while the versions hold.
import { describe, expect, it } from 'vitest';
import { heldValues, type KnownColumns, KnownCountsCache, StoryCounts } from './known.ts';

describe('StoryCounts', () => {
  it("finds each story's counts in the query's text, and none for a story it does not hold", () => {
    const counts = StoryCounts.parse('3,40,7,10,0,1,250,9000,312');
    expect(counts.size).toBe(3);
    expect(counts.get(3)).toEqual({ knownOccurrences: 40, markedTerms: 7 });
    expect(counts.get(10)).toEqual({ knownOccurrences: 0, markedTerms: 1 });
    expect(counts.get(250)).toEqual({ knownOccurrences: 9000, markedTerms: 312 });
    for (const absent of [1, 4, 11, 251]) expect(counts.get(absent)).toBeUndefined();
  });

  it('holds nothing for an empty text', () => {
    expect(StoryCounts.parse('').size).toBe(0);
    expect(StoryCounts.parse('').get(1)).toBeUndefined();
  });

  it('finds every story of a library of 500', () => {
    const ids = Array.from({ length: 500 }, (_, index) => index * 3 + 7);
    const counts = StoryCounts.parse(ids.map((id) => `${id},${id * 2},${id % 5}`).join(','));
    for (const id of ids) expect(counts.get(id)).toEqual({ knownOccurrences: id * 2, markedTerms: id % 5 });
  });
});

const row = (learnerVersion: string | null, languageVersion: string, counts?: string): KnownColumns => ({
  learner_version: learnerVersion,
  language_version: languageVersion,
  known_counts: counts ?? null,
});

describe('KnownCountsCache', () => {
  it('holds the counts read at their versions and answers them while the query reads no more', () => {
    const cache = new KnownCountsCache();
    expect(heldValues(cache.get('u', 'es'))).toEqual([null, null, null]);

    const read = cache.resolve('u', 'es', 1, undefined, row('10', '4', '5,6,1'));
    expect(read?.get(5)).toEqual({ knownOccurrences: 6, markedTerms: 1 });
    const held = cache.get('u', 'es');
    expect(heldValues(held)).toEqual(['10', '4', 1]);

    // The versions held still hold: the query answered them without counts.
    expect(cache.resolve('u', 'es', 1, held, row('10', '4'))).toBe(read);
    // Moved: the counts read anew replace them.
    const next = cache.resolve('u', 'es', 1, held, row('11', '4', '5,7,2'));
    expect(next?.get(5)).toEqual({ knownOccurrences: 7, markedTerms: 2 });
    expect(heldValues(cache.get('u', 'es'))).toEqual(['11', '4', 1]);
  });

  it('answers the counts whose versions were sent, even when another request replaced them meanwhile', () => {
    const cache = new KnownCountsCache();
    cache.resolve('u', 'es', 1, undefined, row('10', '4', '5,6,1'));
    const sent = cache.get('u', 'es');
    cache.resolve('u', 'es', 1, sent, row('12', '4', '5,9,3'));

    expect(cache.resolve('u', 'es', 1, sent, row('10', '4'))?.get(5)).toEqual({
      knownOccurrences: 6,
      markedTerms: 1,
    });
    expect(heldValues(cache.get('u', 'es'))).toEqual(['12', '4', 1]);
  });

  it('answers nothing for a learner without statuses or below the threshold, and keeps learners apart', () => {
    const cache = new KnownCountsCache();
    expect(cache.resolve('u', 'es', 1, undefined, row(null, '4'))).toBeUndefined();
    expect(cache.get('u', 'es')).toBeUndefined();

    const below = { ...row('3', '4'), known_counts: '-' };
    expect(cache.resolve('u', 'es', 1, undefined, below)).toBeUndefined();
    expect(cache.resolve('u', 'es', 1, cache.get('u', 'es'), row('3', '4'))).toBeUndefined();
    expect(cache.get('v', 'es')).toBeUndefined();
    expect(cache.get('u', 'fr')).toBeUndefined();
  });

  it('lets the least recently used learner go first when full', () => {
    const cache = new KnownCountsCache(2);
    cache.resolve('a', 'es', 1, undefined, row('1', '0', '1,1,1'));
    cache.resolve('b', 'es', 1, undefined, row('2', '0', '1,2,2'));
    // a answered again from what is held: the most recently used now.
    cache.resolve('a', 'es', 1, cache.get('a', 'es'), row('1', '0'));
    cache.resolve('c', 'es', 1, undefined, row('3', '0', '1,3,3'));

    expect(cache.get('b', 'es')).toBeUndefined();
    expect(heldValues(cache.get('a', 'es'))).toEqual(['1', '0', 1]);
    expect(heldValues(cache.get('c', 'es'))).toEqual(['3', '0', 1]);
  });
});
