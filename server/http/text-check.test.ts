import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';

const t = setupTestApp();
let admin = '';
let learner = '';
let storyId = 0;

beforeAll(async () => {
  admin = (await signIn(t.db, await createUser(t.db, { isAdmin: true }))).accessToken;
  learner = (await signIn(t.db, await createUser(t.db))).accessToken;
  const story = await t.request<{ id: number }>({
    method: 'POST',
    url: '/api/admin/stories/',
    token: admin,
    payload: { title: 'El faro', author: 'L', language: 1 },
  });
  storyId = story.body.id;
});

const sentence = (field: string) =>
  `${field} must not contain the character U+0000 or an unpaired surrogate.`;

// Text PostgreSQL cannot store: U+0000, and a surrogate without its pair (a JSON body may escape either).
const BAD = [
  ['U+0000', 'a\u0000b'],
  ['a lone surrogate', 'a\ud800b'],
] as const;

describe('text the database cannot store, refused at the edge', () => {
  it.each(BAD)('refuses %s in a JSON body of /api with 400 naming the field', async (_name, text) => {
    const calls = [
      { url: '/api/feedback/', method: 'POST', token: learner, payload: { feedback_text: text } },
      {
        url: '/api/admin/languages/',
        method: 'POST',
        token: admin,
        payload: { code: 'zz', name: text, native_name: 'Zz' },
      },
      {
        url: '/api/admin/stories/',
        method: 'POST',
        token: admin,
        payload: { title: text, author: 'A', language: 1 },
      },
      {
        url: `/api/admin/stories/${storyId}/chapters/`,
        method: 'POST',
        token: admin,
        payload: { title: 'Uno', content: text },
      },
    ] as const;
    const fields = ['feedback_text', 'name', 'title', 'content'];
    for (const [index, call] of calls.entries()) {
      const response = await t.request({ ...call, payload: JSON.parse(JSON.stringify(call.payload)) });
      expect(response, call.url).toMatchObject({
        status: 400,
        body: { error: sentence(fields[index] as string) },
      });
    }
  });

  it('refuses it in a field name', async () => {
    const key = await t.request({
      method: 'POST',
      url: '/api/feedback/',
      token: learner,
      payload: { feedback_text: 'ok', 'x\u0000': 1 },
    });
    expect(key).toMatchObject({ status: 400, body: { error: sentence('A field name') } });
  });

  it('refuses it in a query string of /api', async () => {
    const response = await t.get('/api/applicant-video/admin/signed-url/?path=a%00b', { token: admin });
    expect(response).toMatchObject({ status: 400, body: { error: sentence('path') } });
  });

  it.each(BAD)('refuses %s in /auth/v1 with 400 in GoTrue shape', async (_name, text) => {
    const response = await t.request({
      method: 'PUT',
      url: '/auth/v1/user',
      token: learner,
      payload: { data: { full_name: text } },
    });
    expect(response).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', msg: sentence('data.full_name') },
    });
  });

  it('leaves the sentences of schemas that refuse control characters themselves', async () => {
    const response = await t.get('/api/stories/?language=es&search=caf%00e', { token: learner });
    expect(response.body).toEqual({ error: 'search must not contain control characters.' });
  });

  it('takes text with paired surrogates (emoji) and other controls as before', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/feedback/',
      token: learner,
      payload: { feedback_text: 'Me encanta 😀\ttab' },
    });
    expect(response.status).toBe(201);
  });
});
