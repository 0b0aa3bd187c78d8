// Importing known words (POST /api/terms/import/preview/ and /api/terms/import/) and the known words over
// time (GET /api/terms/known/) through the API: the preview changes nothing, the apply keys words to their
// dictionary forms, never lowers a status, moves the stories' known shares, and shows on the day it happened.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoryDetail } from '#common/schemas/library.ts';
import type { AdminChapter, AdminStory } from '#common/schemas/stories.ts';
import type { ImportKnownResult, KnownWords } from '#common/schemas/terms.ts';
import { languages, termStatuses } from '#server/db/schema.ts';
import { NO_SUCH_LANGUAGE } from '#server/languages/service.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { importDictionary } from '#server/testing/dictionaries.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { NO_WORDS, TOO_MANY_ROWS } from './import.ts';

const t = setupTestApp();
let admin = '';

beforeAll(async () => {
  admin = (await signIn(t.db, await createUser(t.db, { isAdmin: true }))).accessToken;
  const dump = readFileSync(resolve(import.meta.dirname, '../db/demo/es-en.jsonl'), 'utf8');
  await importDictionary(t, 'es', dump);
}, 60_000);

type Answer<T> = T & { error?: string };
const post = <T>(url: string, token: string | undefined, payload: object) =>
  t.request<Answer<T>>({ method: 'POST', url, payload, ...(token ? { token } : {}) });
const preview = (token: string | undefined, payload: object) =>
  post<ImportKnownResult>('/api/terms/import/preview/', token, payload);
const apply = (token: string | undefined, payload: object) =>
  post<ImportKnownResult>('/api/terms/import/', token, payload);
const known = (token: string, query = '', timeZone?: string) =>
  t.request<Answer<KnownWords>>({
    method: 'GET',
    url: `/api/terms/known/${query}`,
    token,
    ...(timeZone ? { headers: { 'x-timezone': timeZone } } : {}),
  });
/** A new learner's token; their id is kept by token for reading their statuses. */
const ids = new Map<string, string>();
async function learner(): Promise<string> {
  const user = await createUser(t.db);
  const { accessToken } = await signIn(t.db, user);
  ids.set(accessToken, user.id);
  return accessToken;
}

async function statusesOf(token: string): Promise<Record<string, number>> {
  const [spanish] = await t.db.select().from(languages).where(eq(languages.code, 'es'));
  const found = await t.db
    .select({ term: termStatuses.term, status: termStatuses.status })
    .from(termStatuses)
    .where(and(eq(termStatuses.userId, ids.get(token) ?? ''), eq(termStatuses.languageId, spanish?.id ?? 0)));
  return Object.fromEntries(found.map((row) => [row.term, row.status]));
}

describe('importing a list of known words', () => {
  it('previews what would change without changing anything', async () => {
    const token = await learner();
    expect((await post('/api/terms/import/', token, { language: 'es', text: 'casa\n' })).status).toBe(200);

    const answer = await preview(token, {
      language: 'es',
      text: 'Casa\ncasas\nhabló\nhablo\nde vez en cuando\n',
    });

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      language: 'es',
      rows: 5,
      skipped: 1,
      terms: 2,
      to_known: 1,
      from_learning: 0,
      to_learning: 0,
      unchanged: 1,
      examples: ['hablar'],
    });
    expect(await statusesOf(token)).toEqual({ casa: 5 });
  });

  it('makes words known under their dictionary forms, raising learning ones and never lowering a status', async () => {
    const token = await learner();
    const set = (term: string, status: string) =>
      t.request({
        method: 'PUT',
        url: '/api/terms/status/',
        token,
        payload: { language: 'es', term, status },
      });
    await set('casa', 'learning-2');
    await set('perro', 'ignored');
    await set('gato', 'learning-4');
    const lingq = 'term,hint,status\nhabló,spoke,5\ncasa,house,known\nperro,dog,\ngato,cat,2\nrojo,red,3\n';

    const answer = await apply(token, { language: 'es', text: lingq });

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ rows: 5, terms: 5, to_known: 2, from_learning: 1, to_learning: 1 });
    expect(answer.body.unchanged).toBe(2);
    expect(await statusesOf(token)).toEqual({ hablar: 5, casa: 5, perro: 6, gato: 4, rojo: 3 });
    // Applied again: nothing left to change.
    expect((await apply(token, { language: 'es', text: lingq })).body).toMatchObject({
      to_known: 0,
      to_learning: 0,
      unchanged: 5,
    });
  });

  it('moves the known share of a story the words are in', async () => {
    const token = await learner();
    const [spanish] = await t.db.select().from(languages).where(eq(languages.code, 'es'));
    const story = await t.request<AdminStory>({
      method: 'POST',
      url: '/api/admin/stories/',
      token: admin,
      payload: { title: 'Import', author: 'A', language: spanish?.id, is_published: true, is_free: true },
    });
    const chapter = await t.request<AdminChapter>({
      method: 'POST',
      url: `/api/admin/stories/${story.body.id}/chapters/`,
      token: admin,
      payload: { title: 'One', content: '<p>La casa habla. Ana habló con la casa.</p>' },
    });
    expect(chapter.status).toBe(201);
    // 50 known terms pass the threshold: filler words, then the story's own.
    const filler = Array.from({ length: 50 }, (_, i) => `zq${String.fromCharCode(97 + (i % 26))}${i}`);
    expect((await apply(token, { language: 'es', text: filler.join('\n') })).body.to_known).toBe(50);
    const before = await t.request<StoryDetail>({
      method: 'GET',
      url: `/api/stories/${story.body.id}/`,
      token,
    });
    expect(before.body.comprehension).toEqual({ known_percent: 0, new_words: 5 });

    expect((await apply(token, { language: 'es', text: 'la\ncasa\nhablar\n' })).status).toBe(200);

    const after = await t.request<StoryDetail>({
      method: 'GET',
      url: `/api/stories/${story.body.id}/`,
      token,
    });
    // 8 running words: la ×2, casa ×2, habla and habló (hablar) known, 6 of 8; ana and con still new.
    expect(after.body.comprehension).toEqual({ known_percent: 75, new_words: 2 });
  });

  it('refuses a list without words, one too long, an unknown language and a bad body', async () => {
    const token = await learner();

    expect((await apply(token, { language: 'es', text: '  \n\n' })).body.error).toBe(
      'The list is empty: paste words, one per line.',
    );
    const phrases = await preview(token, { language: 'es', text: 'de vez en cuando\n...\n' });
    expect(phrases.status).toBe(400);
    expect(phrases.body.error).toBe(NO_WORDS);
    const long = await preview(token, { language: 'es', text: 'a\n'.repeat(100_001) });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe(TOO_MANY_ROWS);
    const unknown = await apply(token, { language: 'xx', text: 'casa' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(NO_SUCH_LANGUAGE);
    for (const payload of [{ text: 'casa' }, { language: 'es', text: 42 }, { language: 'es' }]) {
      const bad = await apply(token, payload);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatch(/\.|required/);
    }
    expect(await statusesOf(token)).toEqual({});
  });

  it('is for signed-in learners only', async () => {
    expect((await preview(undefined, { language: 'es', text: 'casa' })).status).toBe(401);
    expect((await apply(undefined, { language: 'es', text: 'casa' })).status).toBe(401);
  });
});

describe('the known words over time (GET /api/terms/known/)', () => {
  it('counts the known words per language, those learned today, and each day of the range', async () => {
    const token = await learner();
    await apply(token, { language: 'es', text: 'casa\nperro\ngato\n' });
    await t.request({
      method: 'PUT',
      url: '/api/terms/status/',
      token,
      payload: { language: 'es', term: 'rojo', status: 'learning-2' },
    });
    // Two of them became known ten days ago.
    await t.db.execute(sql`
      UPDATE term_statuses SET known_since = now() - interval '10 days'
      WHERE user_id = ${ids.get(token) ?? ''} AND term IN ('perro', 'gato')`);

    const answer = await known(token, '?days=14');

    expect(answer.status).toBe(200);
    expect(answer.body.languages).toHaveLength(1);
    const spanish = answer.body.languages[0];
    expect(spanish).toMatchObject({ language: 'es', name: 'Spanish', known: 3, learned_today: 1 });
    expect(spanish?.days).toHaveLength(14);
    expect(spanish?.days[0]).toEqual({ date: answer.body.from, known: 0 });
    expect(spanish?.days.at(-1)).toEqual({ date: answer.body.today, known: 3 });
    expect(spanish?.days.at(-2)?.known).toBe(2);
    expect(spanish?.days.filter((day) => day.known === 2)).toHaveLength(10);
  });

  it('forgets when a term stops being known, and dates a term known again anew', async () => {
    const token = await learner();
    const set = (status: string) =>
      t.request({
        method: 'PUT',
        url: '/api/terms/status/',
        token,
        payload: { language: 'es', term: 'mesa', status },
      });
    await set('known');
    await set('learning-3');
    expect((await known(token)).body.languages[0]).toMatchObject({ known: 0, learned_today: 0 });
    await set('known');
    expect((await known(token)).body.languages[0]).toMatchObject({ known: 1, learned_today: 1 });
    expect((await known(token)).body.languages[0]?.days).toHaveLength(30);
  });

  it("counts on the learner's own dates, and in UTC for a zone the database does not know", async () => {
    const token = await learner();
    await apply(token, { language: 'es', text: 'casa\n' });

    const tokyo = await known(token, '', 'Asia/Tokyo');
    const utc = await known(token, '', 'Not/AZone');

    expect(tokyo.status).toBe(200);
    expect(tokyo.body.languages[0]?.learned_today).toBe(1);
    expect(utc.status).toBe(200);
    expect(utc.body.today).toBe(new Date().toISOString().slice(0, 10));
  });

  it('lists a language the learner reads with no known words, and refuses a bad range', async () => {
    const token = await learner();
    const [french] = await t.db.select().from(languages).where(eq(languages.code, 'fr'));
    const [english] = await t.db.select().from(languages).where(eq(languages.code, 'en'));
    await t.request({
      method: 'POST',
      url: '/api/user/language-progress/',
      token,
      payload: { language_id: french?.id, native_language_id: english?.id, current_level: 'beginner' },
    });

    expect((await known(token)).body.languages).toEqual([
      expect.objectContaining({ language: 'fr', known: 0, learned_today: 0 }),
    ]);
    for (const days of ['3', '400', 'many', '7.5']) {
      const bad = await known(token, `?days=${days}`);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('days must be a whole number from 7 to 366.');
    }
    expect((await t.request({ method: 'GET', url: '/api/terms/known/' })).status).toBe(401);
  });
});
