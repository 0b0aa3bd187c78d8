import { describe, expect, it } from 'vitest';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';

const t = setupTestApp();
let codeSequence = 0;
const nextCode = () => `x${'abcdefghijklmnopqrstuvwxyz'[codeSequence++ % 26]}`;

/** Every admin endpoint, with a request an admin may make. Add a row with each new endpoint. */
const ADMIN_ENDPOINTS: {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
  ok: number;
}[] = [
  { method: 'GET', url: '/api/admin/languages/', ok: 200 },
  {
    method: 'POST',
    url: '/api/admin/languages/',
    payload: { code: 'qa', name: 'Qa', native_name: 'Qa' },
    ok: 201,
  },
  {
    method: 'PUT',
    url: '/api/admin/languages/{language}/',
    payload: { name: 'Qa2', native_name: 'Qa2' },
    ok: 200,
  },
  { method: 'DELETE', url: '/api/admin/languages/{language}/', ok: 204 },
  { method: 'GET', url: '/api/admin/stories/', ok: 200 },
  { method: 'POST', url: '/api/admin/stories/', payload: { title: 'T', author: 'A', language: 1 }, ok: 201 },
  { method: 'GET', url: '/api/admin/stories/{story}/', ok: 200 },
  {
    method: 'PUT',
    url: '/api/admin/stories/{story}/',
    payload: { title: 'T2', author: 'A', language: 1 },
    ok: 200,
  },
  { method: 'DELETE', url: '/api/admin/stories/{story}/', ok: 204 },
  { method: 'GET', url: '/api/admin/stories/{story}/chapters/', ok: 200 },
  {
    method: 'POST',
    url: '/api/admin/stories/{story}/chapters/',
    payload: { title: 'C', content: 'x' },
    ok: 201,
  },
  { method: 'PUT', url: '/api/admin/chapters/{chapter}/', payload: { title: 'C2', content: 'y' }, ok: 200 },
  { method: 'DELETE', url: '/api/admin/chapters/{chapter}/', ok: 204 },
  { method: 'GET', url: '/api/admin/translations/imports/', ok: 200 },
  // Uploads (multipart) are checked in server/uploads/ and server/dictionary/ tests.
];

describe('the admin API', () => {
  it.each(ADMIN_ENDPOINTS)(
    '$method $url: 401 without a token, 403 for a learner, $ok for an admin',
    async (endpoint) => {
      const learner = await signIn(t.db, await createUser(t.db));
      const admin = await signIn(t.db, await createUser(t.db, { isAdmin: true }));
      let url = endpoint.url;
      if (url.includes('{language}')) {
        const created = await t.request<{ id: number }>({
          method: 'POST',
          url: '/api/admin/languages/',
          token: admin.accessToken,
          payload: {
            code: nextCode(),
            name: 'Temp',
            native_name: 'Temp',
          },
        });
        url = url.replace('{language}', String(created.body.id));
      }
      if (url.includes('{story}') || url.includes('{chapter}')) {
        const story = await t.request<{ id: number }>({
          method: 'POST',
          url: '/api/admin/stories/',
          token: admin.accessToken,
          payload: { title: 'Temp', author: 'A', language: 1 },
        });
        const chapter = await t.request<{ id: number }>({
          method: 'POST',
          url: `/api/admin/stories/${story.body.id}/chapters/`,
          token: admin.accessToken,
          payload: { title: 'C', content: 'x' },
        });
        url = url.replace('{story}', String(story.body.id)).replace('{chapter}', String(chapter.body.id));
      }
      const request = { method: endpoint.method, url, payload: endpoint.payload };

      const anonymous = await t.request(request);
      const asLearner = await t.request({ ...request, token: learner.accessToken });
      const asAdmin = await t.request({ ...request, token: admin.accessToken });

      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ error: 'Not authenticated' });
      expect(asLearner.status).toBe(403);
      expect(asLearner.body).toEqual({ error: 'Only administrators can do this.' });
      expect(asAdmin.status).toBe(endpoint.ok);
    },
  );
});
