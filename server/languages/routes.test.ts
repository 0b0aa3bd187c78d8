import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { SEED_LANGUAGES } from '#common/languages.ts';
import { PublicLanguageList } from '#common/schemas/languages.ts';
import { languages } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createLanguage, createUser, signIn } from '#server/testing/factories.ts';
import { SERVER_WORK_TIMEOUT } from '#server/testing/waiting.ts';

// The list is read again every 100 ms here (every 2 s by default): an edit made in the database shows soon.
const t = setupTestApp({ app: { languagesPollMs: 100 } });

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

  it('leaves out a language an administrator made inactive, and lists it at once when made active again', async () => {
    const admin = (await signIn(t.db, await createUser(t.db, { isAdmin: true }))).accessToken;
    const hidden = await createLanguage(t.db, { code: 'qz', isActive: false });
    await t.get('/api/languages/'); // the list in memory, read before the edit

    const response = await t.get<{ code: string }[]>('/api/languages/');
    const made = await t.request({
      method: 'PUT',
      url: `/api/admin/languages/${hidden.id}/`,
      token: admin,
      payload: { name: hidden.name, native_name: hidden.nativeName, is_active: true },
    });
    const again = await t.get<{ code: string }[]>('/api/languages/');

    expect(response.body.map((language) => language.code)).not.toContain(hidden.code);
    expect(made.status).toBe(200);
    expect(again.body.map((language) => language.code)).toContain('qz');
  });

  it('sees an edit made elsewhere (another server, the database) within a poll', async () => {
    const before = await t.get<{ code: string }[]>('/api/languages/');
    const edited = await createLanguage(t.db, { code: 'qy', isActive: true });

    await vi.waitFor(
      async () => {
        const list = await t.get<{ code: string }[]>('/api/languages/');
        expect(list.body.map((language) => language.code)).toContain(edited.code);
      },
      { timeout: SERVER_WORK_TIMEOUT, interval: 100 },
    );
    await t.db.update(languages).set({ isActive: false }).where(eq(languages.id, edited.id));
    await vi.waitFor(
      async () => {
        const list = await t.get<{ code: string }[]>('/api/languages/');
        expect(list.body.map((language) => language.code)).not.toContain(edited.code);
      },
      { timeout: SERVER_WORK_TIMEOUT, interval: 100 },
    );
    expect(before.body.map((language) => language.code)).not.toContain(edited.code);
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
