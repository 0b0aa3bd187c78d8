import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminChapter, AdminStory } from '#common/schemas/stories.ts';
import { chapters, languages, stories } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';

const t = setupTestApp();
let token = '';
const admin = async () => {
  if (!token) token = (await signIn(t.db, await createUser(t.db, { isAdmin: true }))).accessToken;
  return token;
};
const languageId = async (code: string) =>
  ((await t.db.select().from(languages).where(eq(languages.code, code)))[0] as { id: number }).id;

async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.request<T>({ method, url, payload, token: await admin() });
}

async function newStory(overrides: object = {}) {
  const response = await call<AdminStory>('POST', '/api/admin/stories/', {
    title: 'El faro',
    author: 'Lucía Prado',
    language: await languageId('es'),
    ...overrides,
  });
  expect(response.status).toBe(201);
  return response.body;
}

const words = (n: number) => Array.from({ length: n }, (_, i) => `palabra${i}`).join(' ');

async function chapterTitles(storyId: number) {
  const list = await call<AdminChapter[]>('GET', `/api/admin/stories/${storyId}/chapters/`);
  return list.body.map((chapter) => [chapter.chapter_number, chapter.order_index, chapter.title]);
}

describe('stories in the admin area', () => {
  it('creates a story with the defaults of admin.md §3', async () => {
    const story = await newStory();

    expect(story).toMatchObject({
      title: 'El faro',
      language: { code: 'es', name: 'Spanish' },
      difficulty_level: 'child',
      estimated_word_count: 0,
      length_category: 'very_short',
      is_published: false,
      is_free: false,
      is_adult_content: false,
      cover_image_url: null,
      chapter_count: 0,
    });
  });

  it("answers 'Title, author, and language are required' for any of them missing or blank", async () => {
    const es = await languageId('es');
    for (const payload of [
      {},
      { title: 'X', author: 'Y' },
      { title: ' ', author: 'Y', language: es },
      { author: 'Y', language: es },
    ]) {
      const response = await call('POST', '/api/admin/stories/', payload);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Title, author, and language are required' });
    }
  });

  it('refuses an unknown language or difficulty with a sentence', async () => {
    const unknown = await call('POST', '/api/admin/stories/', { title: 'X', author: 'Y', language: 99_999 });
    const difficulty = await call('POST', '/api/admin/stories/', {
      title: 'X',
      author: 'Y',
      language: await languageId('es'),
      difficulty_level: 'toddler',
    });

    expect(unknown.body).toEqual({ error: 'That language does not exist.' });
    expect(difficulty.body).toEqual({
      error: 'difficulty_level must be one of infant, child, teen, adult, expert.',
    });
  });

  it('refuses a language id past the integer column, on create and on update, as an unknown language', async () => {
    const story = await newStory();
    for (const language of [2_147_483_648, { id: 2_147_483_648 }, '99999999999']) {
      const created = await call('POST', '/api/admin/stories/', { title: 'X', author: 'Y', language });
      const updated = await call('PUT', `/api/admin/stories/${story.id}/`, {
        title: 'X',
        author: 'Y',
        language,
      });
      for (const response of [created, updated]) {
        expect(response, JSON.stringify(language)).toMatchObject({
          status: 400,
          body: { error: 'That language does not exist.' },
        });
      }
    }
  });

  it('accepts the language as an object with its id, and ignores derived values sent by the client', async () => {
    const es = await languageId('es');
    const story = await newStory({
      language: { id: es, name: 'Spanish' },
      estimated_word_count: 99_999,
      length_category: 'long',
    });

    expect(story.language.id).toBe(es);
    expect(story.estimated_word_count).toBe(0);
    expect(story.length_category).toBe('very_short');
  });

  it('answers 404 for a story that does not exist', async () => {
    expect((await call('GET', '/api/admin/stories/999999/')).status).toBe(404);
    expect((await call('GET', '/api/admin/stories/abc/')).status).toBe(404);
    // Past the largest serial id: it names nothing, and must not reach the database as an out-of-range integer.
    expect((await call('GET', '/api/admin/stories/2147483648/')).status).toBe(404);
    expect((await call('PUT', '/api/admin/chapters/99999999999/', { title: 'x', content: 'y' })).status).toBe(
      404,
    );
    expect((await call('DELETE', '/api/admin/stories/999999/')).status).toBe(404);
  });
});

describe('chapters in the admin area', () => {
  it("answers 'Title and content are required'", async () => {
    const story = await newStory();
    for (const payload of [{}, { title: 'Uno' }, { title: 'Uno', content: '   ' }]) {
      const response = await call('POST', `/api/admin/stories/${story.id}/chapters/`, payload);
      expect(response.body).toEqual({ error: 'Title and content are required' });
    }
  });

  it('refuses an order_index or chapter_number past the integer column with 400 and a sentence', async () => {
    const story = await newStory();
    const made = await call<AdminChapter>('POST', `/api/admin/stories/${story.id}/chapters/`, {
      title: 'Uno',
      content: 'hola',
    });
    const cases = [
      [{ order_index: 2_147_483_648 }, 'order_index must be a whole number from 0 to 2147483647.'],
      [{ chapter_number: 2_147_483_648 }, 'chapter_number must be a whole number from 1 to 2147483647.'],
    ] as const;
    for (const [fields, sentence] of cases) {
      const payload = { title: 'Uno', content: 'hola', ...fields };
      const created = await call('POST', `/api/admin/stories/${story.id}/chapters/`, payload);
      const updated = await call('PUT', `/api/admin/chapters/${made.body.id}/`, payload);
      expect(created, sentence).toMatchObject({ status: 400, body: { error: sentence } });
      expect(updated, sentence).toMatchObject({ status: 400, body: { error: sentence } });
    }
  });

  it('counts words on the server and keeps the story total and length bucket up to date', async () => {
    const story = await newStory();
    const first = await call<AdminChapter>('POST', `/api/admin/stories/${story.id}/chapters/`, {
      title: 'Uno',
      content: words(300),
      word_count: 5,
    });
    await call('POST', `/api/admin/stories/${story.id}/chapters/`, { title: 'Dos', content: words(250) });

    const updated = await call<AdminStory>('GET', `/api/admin/stories/${story.id}/`);
    expect(first.body.word_count).toBe(300);
    expect(updated.body).toMatchObject({
      estimated_word_count: 550,
      length_category: 'short',
      chapter_count: 2,
    });
  });

  it('numbers chapters from 1 and orders them from 0 after an insert, a move and a delete', async () => {
    const story = await newStory();
    const add = (title: string, extra: object = {}) =>
      call<AdminChapter>('POST', `/api/admin/stories/${story.id}/chapters/`, {
        title,
        content: 'hola',
        ...extra,
      });
    await add('A');
    const b = await add('B');
    await add('C');
    await add('Start', { order_index: 0 });
    expect(await chapterTitles(story.id)).toEqual([
      [1, 0, 'Start'],
      [2, 1, 'A'],
      [3, 2, 'B'],
      [4, 3, 'C'],
    ]);

    await call('PUT', `/api/admin/chapters/${b.body.id}/`, { title: 'B', content: 'hola', order_index: 0 });
    expect((await chapterTitles(story.id)).map(([, , title]) => title)).toEqual(['B', 'Start', 'A', 'C']);

    await call('PUT', `/api/admin/chapters/${b.body.id}/`, { title: 'B', content: 'hola', order_index: 3 });
    expect((await chapterTitles(story.id)).map(([, , title]) => title)).toEqual(['Start', 'A', 'C', 'B']);

    await call('DELETE', `/api/admin/chapters/${b.body.id}/`);
    expect(await chapterTitles(story.id)).toEqual([
      [1, 0, 'Start'],
      [2, 1, 'A'],
      [3, 2, 'C'],
    ]);
  });

  it('recounts words when the story moves to a language written without spaces', async () => {
    const story = await newStory();
    const chapter = await call<AdminChapter>('POST', `/api/admin/stories/${story.id}/chapters/`, {
      title: '灯台',
      content: '毎晩、ルシアは古い灯台の階段を上りました。',
    });
    expect(chapter.body.word_count).toBe(1);

    await call('PUT', `/api/admin/stories/${story.id}/`, {
      title: '灯台',
      author: 'L',
      language: await languageId('ja'),
    });

    const [recounted] = (await call<AdminChapter[]>('GET', `/api/admin/stories/${story.id}/chapters/`)).body;
    expect(recounted?.word_count).toBeGreaterThan(5);
  });

  it('creates a chapter once per client_key, so a retried save never duplicates it', async () => {
    const story = await newStory();
    const payload = { title: 'Uno', content: 'hola', client_key: 'c0ffee-1234-new-chapter' };

    const [first, second] = await Promise.all([
      call<AdminChapter>('POST', `/api/admin/stories/${story.id}/chapters/`, payload),
      call<AdminChapter>('POST', `/api/admin/stories/${story.id}/chapters/`, payload),
    ]);
    const again = await call<AdminChapter>('POST', `/api/admin/stories/${story.id}/chapters/`, payload);
    const bad = await call('POST', `/api/admin/stories/${story.id}/chapters/`, {
      ...payload,
      client_key: 'x y',
    });

    expect(first.body.id).toBe(second.body.id);
    expect(again.body.id).toBe(first.body.id);
    expect(await chapterTitles(story.id)).toEqual([[1, 0, 'Uno']]);
    expect(bad.body).toEqual({ error: 'client_key must be 8 to 64 letters, digits, dashes or underscores.' });
  });

  it('sanitises chapter HTML on save, on creation and on edit', async () => {
    const story = await newStory();
    const created = await call<AdminChapter>('POST', `/api/admin/stories/${story.id}/chapters/`, {
      title: 'Uno',
      content:
        '<p>Hola <img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">amigo</a></p>',
    });
    const edited = await call<AdminChapter>('PUT', `/api/admin/chapters/${created.body.id}/`, {
      title: 'Uno',
      content: '<p onclick="steal()">Adiós <span data-word="amigo">amigo</span></p>',
    });

    expect(created.body.content).toBe('<p>Hola amigo</p>');
    expect(created.body.word_count).toBe(2);
    expect(edited.body.content).toBe('<p>Adiós <span data-word="amigo">amigo</span></p>');
  });

  it("deletes the stored cover and audio with their story, and a chapter's audio with its chapter", async () => {
    const story = await newStory();
    const first = await call<AdminChapter>('POST', `/api/admin/stories/${story.id}/chapters/`, {
      title: 'Uno',
      content: 'a',
    });
    const second = await call<AdminChapter>('POST', `/api/admin/stories/${story.id}/chapters/`, {
      title: 'Dos',
      content: 'b',
    });
    const keys = {
      cover: `story-images/covers/${Date.now()}-c.webp`,
      first: `story-audio/chapters/${first.body.id}-${Date.now()}.webm`,
      second: `story-audio/chapters/${second.body.id}-${Date.now()}.webm`,
    };
    for (const key of Object.values(keys)) {
      await t.app.storage.put(key, Readable.from([Buffer.from('media')]), {
        contentType: 'application/octet-stream',
      });
    }
    await t.db.update(stories).set({ coverImageKey: keys.cover }).where(eq(stories.id, story.id));
    await t.db.update(chapters).set({ audioKey: keys.first }).where(eq(chapters.id, first.body.id));
    await t.db.update(chapters).set({ audioKey: keys.second }).where(eq(chapters.id, second.body.id));
    const exists = async (key: string) => (await t.fetchStored(t.app.storage.publicUrl(key))).status === 200;

    await call('DELETE', `/api/admin/chapters/${second.body.id}/`);
    expect(await exists(keys.second)).toBe(false);
    expect(await exists(keys.first)).toBe(true);

    await call('DELETE', `/api/admin/stories/${story.id}/`);
    expect(await exists(keys.first)).toBe(false);
    expect(await exists(keys.cover)).toBe(false);
  });

  it('deletes the chapters with their story', async () => {
    const story = await newStory();
    await call('POST', `/api/admin/stories/${story.id}/chapters/`, { title: 'Uno', content: 'hola' });

    expect((await call('DELETE', `/api/admin/stories/${story.id}/`)).status).toBe(204);

    expect(await t.db.select().from(chapters).where(eq(chapters.storyId, story.id))).toEqual([]);
    expect((await call('GET', `/api/admin/stories/${story.id}/chapters/`)).status).toBe(404);
  });
});
