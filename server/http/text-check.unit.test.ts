import { describe, expect, it } from 'vitest';
import { unstorableTextAt } from './text-check.ts';

describe('unstorableTextAt', () => {
  it('names the path of the first string with U+0000 or a lone surrogate', () => {
    expect(unstorableTextAt({ a: 'ok', b: [{ c: 'x' }, { d: 'y\u0000' }] })).toBe('b.1.d');
    expect(unstorableTextAt({ a: '\udfff' })).toBe('a');
    expect(unstorableTextAt('\ud800')).toBe('');
  });

  it('passes text with paired surrogates, other controls, and values that are not text', () => {
    expect(unstorableTextAt({ a: '😀 \t\u0007', b: 1, c: null, d: true, e: [] })).toBeUndefined();
    expect(unstorableTextAt(undefined)).toBeUndefined();
  });

  it('walks a body nested far deeper than the stack would allow', () => {
    const depth = 200_000;
    const deep = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`);
    expect(unstorableTextAt(deep)?.split('.').length).toBe(depth);
  });
});
