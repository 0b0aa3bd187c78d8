import { describe, expect, it } from 'vitest';
import type { LookupResult } from '#common/schemas/dictionary.ts';
import { setupTestApp } from '../testing/app.ts';
import { createUser, signIn } from '../testing/factories.ts';
import { seedDemoDictionary } from './demo.ts';

const t = setupTestApp();

describe('the demo dictionary of a fresh install', () => {
  it('is imported once, through the real importer, and answers the demo stories’ words', async () => {
    const deps = { db: t.db, pool: t.app.pool, limits: t.config.dictionaryLimits, log: t.app.log };

    expect(await seedDemoDictionary(deps)).toBe(true);
    expect(await seedDemoDictionary(deps)).toBe(false);

    const token = (await signIn(t.db, await createUser(t.db))).accessToken;
    const look = async (surface: string) =>
      (
        await t.get<LookupResult>(`/api/dict/lookup/?language=es&surface=${encodeURIComponent(surface)}`, {
          token,
        })
      ).body;
    expect(await look('Habló')).toMatchObject({
      found: true,
      lemma: 'hablar',
      form: expect.stringMatching(/of hablar$/),
    });
    expect(await look('luces')).toMatchObject({ found: true, lemma: 'luz', form: 'plural of luz' });
    expect(await look('tormenta.')).toMatchObject({ found: true, translations: [{ gloss: 'storm' }] });
    expect(await look('oscura')).toMatchObject({ found: true, lemma: 'oscuro' });
  });
});
