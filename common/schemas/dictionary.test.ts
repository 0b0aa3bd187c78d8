import { describe, expect, it } from 'vitest';
import { LookupQuery, readLookupQuery } from './dictionary.ts';

describe('readLookupQuery', () => {
  it('reads every query LookupQuery accepts as the schema does, and leaves every other one to it', () => {
    const languages = [undefined, 'es', ' es ', 'fr\n', 'ast', 'ES', 'e', 'espa', '', ['es', 'fr'], 3, null];
    const surfaces = [undefined, 'hablo', '', ' ¿Qué? ', 'x'.repeat(200), 'x'.repeat(201), ['a', 'b'], 5];
    const targets = [undefined, 'en', ' fr', 'EN', '', ['en'], null, 7];
    const lemmas = [undefined, '食べる', '', 'x'.repeat(200), 'x'.repeat(201), ['a', 'b'], 3];
    let accepted = 0;
    for (const language of languages) {
      for (const surface of surfaces) {
        for (const target of targets) {
          for (const lemma of lemmas) {
            const query = {
              language,
              surface,
              ...(target === undefined ? {} : { target }),
              ...(lemma === undefined ? {} : { lemma }),
              extra: 'x',
            };
            const parsed = LookupQuery.safeParse(query);
            const read = readLookupQuery(query);
            if (parsed.success) {
              accepted += 1;
              expect(read, JSON.stringify(query)).toStrictEqual(parsed.data);
            } else {
              expect(read, JSON.stringify(query)).toBeUndefined();
            }
          }
        }
      }
    }
    expect(accepted).toBe(48 * 4);
  });

  it('refuses a lemma that is too long or not one word, with a sentence', () => {
    const refusal = (lemma: unknown) =>
      LookupQuery.safeParse({ language: 'ja', surface: '食べました', lemma }).error?.issues[0]?.message;
    expect(refusal('x'.repeat(201))).toBe('lemma is too long.');
    expect(refusal(['a', 'b'])).toBe('lemma must be a word.');
    expect(refusal('食べる')).toBeUndefined();
  });

  it('leaves what is not an object to the schema', () => {
    for (const input of [undefined, null, 'language=es', 3]) expect(readLookupQuery(input)).toBeUndefined();
  });
});
