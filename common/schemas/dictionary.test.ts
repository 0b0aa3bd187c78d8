import { describe, expect, it } from 'vitest';
import { LookupQuery, readLookupQuery } from './dictionary.ts';

describe('readLookupQuery', () => {
  it('reads every query LookupQuery accepts as the schema does, and leaves every other one to it', () => {
    const languages = [undefined, 'es', ' es ', 'fr\n', 'ast', 'ES', 'e', 'espa', '', ['es', 'fr'], 3, null];
    const surfaces = [undefined, 'hablo', '', ' ¿Qué? ', 'x'.repeat(200), 'x'.repeat(201), ['a', 'b'], 5];
    const targets = [undefined, 'en', ' fr', 'EN', '', ['en'], null, 7];
    let accepted = 0;
    for (const language of languages) {
      for (const surface of surfaces) {
        for (const target of targets) {
          const query = { language, surface, ...(target === undefined ? {} : { target }), extra: 'x' };
          const parsed = LookupQuery.safeParse(query);
          const read = readLookupQuery(query);
          if (parsed.success) {
            accepted += 1;
            expect(read, JSON.stringify(query)).toEqual(parsed.data);
          } else {
            expect(read, JSON.stringify(query)).toBeUndefined();
          }
        }
      }
    }
    expect(accepted).toBe(48);
  });

  it('leaves what is not an object to the schema', () => {
    for (const input of [undefined, null, 'language=es', 3]) expect(readLookupQuery(input)).toBeUndefined();
  });
});
