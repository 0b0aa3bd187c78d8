import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SEED_LANGUAGES } from '#common/languages.ts';
import { PublicLanguageList } from '#common/schemas/languages.ts';
import { languages } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createLanguage } from '#server/testing/factories.ts';

const t = setupTestApp();

describe('GET /api/languages/', () => {
  it('answers the 15 seeded languages to a visitor without a token', async () => {
    const response = await t.get('/api/languages/');

    expect(response.status).toBe(200);
    const list = PublicLanguageList.parse(response.body);
    expect(list.map((language) => language.code).sort()).toEqual(SEED_LANGUAGES.map((l) => l.code).sort());
    expect(list.find((language) => language.code === 'ja')).toMatchObject({
      name: 'Japanese',
      native_name: '日本語',
    });
  });

  it('presents exactly id, code, name and native_name, in alphabetical order of name', async () => {
    const response = await t.get<Record<string, unknown>[]>('/api/languages/');

    for (const language of response.body) {
      expect(Object.keys(language).sort()).toEqual(['code', 'id', 'name', 'native_name']);
    }
    const names = response.body.map((language) => String(language.name));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('leaves out a language an administrator made inactive', async () => {
    const hidden = await createLanguage(t.db, { code: 'qz', isActive: false });

    const response = await t.get<{ code: string }[]>('/api/languages/');

    expect(response.body.map((language) => language.code)).not.toContain(hidden.code);
    await t.db.update(languages).set({ isActive: true }).where(eq(languages.id, hidden.id));
    const again = await t.get<{ code: string }[]>('/api/languages/');
    expect(again.body.map((language) => language.code)).toContain('qz');
  });

  it('answers the same without the trailing slash', async () => {
    const withSlash = await t.get('/api/languages/');
    const withoutSlash = await t.get('/api/languages');

    expect(withoutSlash.status).toBe(200);
    expect(withoutSlash.body).toEqual(withSlash.body);
  });

  it('ignores a token, valid or not, since the list is public', async () => {
    const response = await t.get('/api/languages/', { token: 'not-a-real-token' });

    expect(response.status).toBe(200);
  });
});
