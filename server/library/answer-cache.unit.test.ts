import { describe, expect, it } from 'vitest';
import type { StoryListQuery } from '#common/schemas/library.ts';
import { type ListAnswer, ListAnswerCache, listEtag, listKey } from './answer-cache.ts';

const answer = (size: number): ListAnswer => ({
  bytes: Buffer.alloc(size),
  encoding: 'gzip',
  etag: listEtag(Buffer.alloc(size)),
});

describe('ListAnswerCache', () => {
  it('keeps answers within its bytes, letting the least recently used go first', () => {
    const cache = new ListAnswerCache(3_100);
    cache.set('a', answer(800));
    cache.set('b', answer(800));
    cache.set('c', answer(800));
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeDefined();
    cache.set('d', answer(800));
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')].every(Boolean)).toBe(true);
    expect(cache.heldBytes).toBeLessThanOrEqual(3_100);
  });

  it('replaces an answer under the same key, and keeps none larger than its bound', () => {
    const cache = new ListAnswerCache(3_100);
    cache.set('a', answer(800));
    const held = cache.heldBytes;
    cache.set('a', answer(800));
    expect(cache.heldBytes).toBe(held);
    cache.set('huge', answer(5_000));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
  });
});

describe('listKey', () => {
  const state = { languageId: 2, version: 7, foldedWords: ['faro', 'bosque'] };
  const query = (fields: Partial<StoryListQuery>): StoryListQuery => ({ language: 'es', ...fields });

  it('is the same for queries that pick the same stories', () => {
    const one = listKey(state, 'gzip', query({ difficulty: ['teen', 'child'], hide_adult: false }), '');
    const two = listKey(
      { ...state, foldedWords: ['bosque', 'faro', 'faro'] },
      'gzip',
      query({ difficulty: ['child', 'teen', 'child'] }),
      '',
    );
    expect(one).toBe(two);
  });

  it('differs with the version, the encoding, each filter, the search and the learner’s own parts', () => {
    const base = listKey(state, 'gzip', query({}), '');
    const others = [
      listKey({ ...state, version: 8 }, 'gzip', query({}), ''),
      listKey({ ...state, languageId: 3 }, 'gzip', query({}), ''),
      listKey(state, 'br', query({}), ''),
      listKey(state, 'identity', query({}), ''),
      listKey(state, 'gzip', query({ difficulty: ['teen'] }), ''),
      listKey(state, 'gzip', query({ length: ['long'] }), ''),
      listKey(state, 'gzip', query({ topics: ['adventure'] }), ''),
      listKey(state, 'gzip', query({ hide_adult: true }), ''),
      listKey({ ...state, foldedWords: ['faro'] }, 'gzip', query({}), ''),
      listKey(state, 'gzip', query({}), 'digest'),
    ];
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });
});
