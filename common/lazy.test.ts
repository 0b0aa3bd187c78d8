import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deferred, lazy } from './lazy.ts';

describe('deferred', () => {
  it('builds its object on first use, once', () => {
    let builds = 0;
    const value = deferred(() => {
      builds++;
      return { word: 'gato', count: 1 };
    });

    expect(builds).toBe(0);
    expect(value.word).toBe('gato');
    value.count = 2;
    expect(value.count).toBe(2);
    expect('word' in value).toBe(true);
    expect(Object.keys(value)).toEqual(['word', 'count']);
    expect({ ...value }).toEqual({ word: 'gato', count: 2 });
    expect(builds).toBe(1);
  });

  it('stands in for a zod schema: parses, fails, composes and answers instanceof as the schema itself', () => {
    const built = () => z.object({ title: z.string().min(1), chapters: z.number().int() });
    const Story = deferred(built);
    const List = z.array(deferred(built));

    expect(Story.parse({ title: 'Gato', chapters: 2, extra: 1 })).toEqual({ title: 'Gato', chapters: 2 });
    expect(Story).toBeInstanceOf(z.ZodObject);
    const failed = Story.safeParse({ title: '', chapters: 1.5 });
    const expected = built().safeParse({ title: '', chapters: 1.5 });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues).toEqual(expected.error?.issues);
    expect(List.parse([{ title: 'Perro', chapters: 1 }])).toEqual([{ title: 'Perro', chapters: 1 }]);
    expect(Story.extend({ adult: z.boolean() }).parse({ title: 'Gato', chapters: 2, adult: false })).toEqual({
      title: 'Gato',
      chapters: 2,
      adult: false,
    });
    expect(Story.optional().parse(undefined)).toBeUndefined();
  });
});

describe('lazy', () => {
  it('builds at once outside a page (the server needs every schema, without a stand-in on its hot paths)', () => {
    let builds = 0;
    const value = lazy(() => {
      builds++;
      return { word: 'gato' };
    });

    expect(builds).toBe(1);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
});
