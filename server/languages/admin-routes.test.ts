import { describe, expect, it } from 'vitest';
import { stories } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';

const t = setupTestApp();
let token = '';
const asAdmin = async () => {
  if (!token) token = (await signIn(t.db, await createUser(t.db, { isAdmin: true }))).accessToken;
  return token;
};

describe('the languages of the admin area', () => {
  it('lists every language, inactive ones too, with is_active', async () => {
    const created = await t.request<{ id: number }>({
      method: 'POST',
      url: '/api/admin/languages/',
      token: await asAdmin(),
      payload: { code: 'SV', name: ' Swedish ', native_name: 'Svenska', is_active: false },
    });

    const list = await t.get<{ code: string; is_active: boolean }[]>('/api/admin/languages/', {
      token: await asAdmin(),
    });

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: 'sv',
      name: 'Swedish',
      native_name: 'Svenska',
      is_active: false,
    });
    expect(list.body.find((language) => language.code === 'sv')).toMatchObject({ is_active: false });
    expect(list.body).toHaveLength(16);
    const publicList = await t.get<{ code: string }[]>('/api/languages/');
    expect(publicList.body.map((language) => language.code)).not.toContain('sv');
  });

  it("answers 'All fields are required' when a field is missing or blank", async () => {
    for (const payload of [
      {},
      { code: 'fi', name: 'Finnish' },
      { code: 'fi', name: '  ', native_name: 'Suomi' },
    ]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/admin/languages/',
        token: await asAdmin(),
        payload,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'All fields are required' });
    }
  });

  it('accepts only a two-letter code, once', async () => {
    const bad = await t.request({
      method: 'POST',
      url: '/api/admin/languages/',
      token: await asAdmin(),
      payload: { code: 'fin', name: 'Finnish', native_name: 'Suomi' },
    });
    const taken = await t.request({
      method: 'POST',
      url: '/api/admin/languages/',
      token: await asAdmin(),
      payload: { code: 'es', name: 'Spanish again', native_name: 'Español' },
    });

    expect(bad.body).toEqual({ error: 'The language code must be two letters (ISO 639-1), such as es.' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: 'A language with the code "es" already exists.' });
  });

  it('edits names and status but never the code', async () => {
    const list = await t.get<{ id: number; code: string }[]>('/api/admin/languages/', {
      token: await asAdmin(),
    });
    const german = list.body.find((language) => language.code === 'de') as { id: number };

    const edited = await t.request({
      method: 'PUT',
      url: `/api/admin/languages/${german.id}/`,
      token: await asAdmin(),
      payload: { code: 'de', name: 'German', native_name: 'Deutsch (DE)', is_active: true },
    });
    const recoded = await t.request({
      method: 'PUT',
      url: `/api/admin/languages/${german.id}/`,
      token: await asAdmin(),
      payload: { code: 'dx', name: 'German', native_name: 'Deutsch', is_active: true },
    });
    const missing = await t.request({
      method: 'PUT',
      url: '/api/admin/languages/999999/',
      token: await asAdmin(),
      payload: { name: 'X', native_name: 'X' },
    });

    expect(edited.body).toMatchObject({ code: 'de', native_name: 'Deutsch (DE)' });
    expect(recoded.status).toBe(400);
    expect(recoded.body).toEqual({ error: 'The code of a language cannot be changed (it is "de").' });
    expect(missing.status).toBe(404);
  });

  it('refuses to delete a language that stories use, saying so', async () => {
    const list = await t.get<{ id: number; code: string }[]>('/api/admin/languages/', {
      token: await asAdmin(),
    });
    const french = list.body.find((language) => language.code === 'fr') as { id: number };
    await t.db.insert(stories).values([
      { title: 'Le phare', author: 'Claire', languageId: french.id },
      { title: 'La forêt', author: 'Claire', languageId: french.id },
    ]);

    const response = await t.request({
      method: 'DELETE',
      url: `/api/admin/languages/${french.id}/`,
      token: await asAdmin(),
    });

    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error:
        'French cannot be deleted: 2 stories use it. Delete or move those stories first, or mark the language inactive.',
    });
  });

  it('says one story in the singular when one story uses the language', async () => {
    const list = await t.get<{ id: number; code: string }[]>('/api/admin/languages/', {
      token: await asAdmin(),
    });
    const italian = list.body.find((language) => language.code === 'it') as { id: number };
    await t.db.insert(stories).values([{ title: 'Il faro', author: 'Chiara', languageId: italian.id }]);

    const response = await t.request({
      method: 'DELETE',
      url: `/api/admin/languages/${italian.id}/`,
      token: await asAdmin(),
    });

    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error:
        'Italian cannot be deleted: 1 story uses it. Delete or move that story first, or mark the language inactive.',
    });
  });

  it('deletes a language no story uses, and answers 404 after', async () => {
    const created = await t.request<{ id: number }>({
      method: 'POST',
      url: '/api/admin/languages/',
      token: await asAdmin(),
      payload: { code: 'is', name: 'Icelandic', native_name: 'Íslenska' },
    });

    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/admin/languages/${created.body.id}/`,
      token: await asAdmin(),
    });
    const again = await t.request({
      method: 'DELETE',
      url: `/api/admin/languages/${created.body.id}/`,
      token: await asAdmin(),
    });
    const notANumber = await t.request({
      method: 'DELETE',
      url: '/api/admin/languages/abc/',
      token: await asAdmin(),
    });

    expect(deleted.status).toBe(204);
    expect(again.status).toBe(404);
    expect(notANumber.status).toBe(404);
  });

  it('answers an id past the serial range as no language, as every other address does', async () => {
    const token = await asAdmin();
    const url = '/api/admin/languages/3000000000/';

    const updated = await t.request({ method: 'PUT', url, token, payload: { name: 'x' } });
    const deleted = await t.request({ method: 'DELETE', url, token });

    expect([updated.status, updated.body]).toEqual([404, { error: 'Language not found' }]);
    expect([deleted.status, deleted.body]).toEqual([404, { error: 'Language not found' }]);
  });
});
