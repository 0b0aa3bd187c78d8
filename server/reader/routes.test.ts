import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import {
  ChapterProgressResult,
  LanguageProgressEntry,
  LanguageProgressList,
  ReaderChapter,
  SavedWord,
  SavedWordList,
} from '#common/schemas/reading.ts';
import { chapterProgress, chapters, languages, stories, subscriptions } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createStory, createUser, giveSubscription, signIn } from '#server/testing/factories.ts';
import { SERVER_WORK_TIMEOUT } from '#server/testing/waiting.ts';

const t = setupTestApp();

const learner = async (overrides: Parameters<typeof createUser>[1] = {}) =>
  (await signIn(t.db, await createUser(t.db, overrides))).accessToken;
const admin = () => learner({ isAdmin: true });
const languageId = async (code: string) =>
  ((await t.db.select().from(languages).where(eq(languages.code, code)))[0] as { id: number }).id;

function post<T>(url: string, token: string | undefined, payload?: object | string) {
  return t.request<T>({ method: 'POST', url, token, ...(payload === undefined ? {} : { payload }) });
}

const markRead = (chapterId: number, token: string) =>
  post<ChapterProgressResult>(`/api/chapters/${chapterId}/mark-read/`, token, {
    words_read: 10,
    completion_percentage: 100,
    time_spent: 0,
  });
const markUnread = (chapterId: number, token: string) =>
  post<ChapterProgressResult>(`/api/chapters/${chapterId}/mark-unread/`, token);

const languageTotals = async (token: string, code: string) => {
  const list = await t.get<LanguageProgressEntry[]>('/api/user/language-progress/', { token });
  return list.body.find((entry) => entry.language.code === code);
};

/**
 * Sends `count` requests that all reach the same table at once: the table is locked until every one of them
 * waits on it, then released, so the race the test is about really happens (otherwise the first request often
 * finishes before the others start).
 */
async function arriveTogether<T>(table: string, count: number, send: (index: number) => Promise<T>) {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(`LOCK TABLE ${client.escapeIdentifier(table)} IN EXCLUSIVE MODE`);
    const answers = Promise.all(Array.from({ length: count }, (_, index) => send(index)));
    await vi.waitFor(
      async () => {
        // Inside a transaction the activity view is a snapshot taken once; each poll needs a fresh one.
        await client.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await client.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity
           WHERE datname = current_database() AND application_name = 'catamaran' AND wait_event_type = 'Lock'`,
        );
        expect(rows[0]?.waiting).toBe(count);
      },
      { timeout: SERVER_WORK_TIMEOUT, interval: 10 },
    );
    await client.query('COMMIT');
    return await answers;
  } finally {
    await client.end();
  }
}

function first<T>(items: T[]): T {
  const item = items[0];
  if (item === undefined) throw new Error('expected at least one item');
  return item;
}

describe('every reading call', () => {
  it('answers 401 without a token', async () => {
    const { chapters: made } = await createStory(t.db);
    const id = first(made).id;
    const calls = [
      t.get(`/api/chapters/${id}/`),
      post(`/api/chapters/${id}/mark-read/`, undefined, {}),
      post(`/api/chapters/${id}/mark-unread/`, undefined),
      t.get('/api/user/language-progress/'),
      post('/api/user/language-progress/', undefined, { language_id: 1 }),
      post('/api/words/save/', undefined, { word: 'hola', language: 'es' }),
      t.get('/api/words/'),
      t.get(`/api/chapters/${id}/`, { token: 'not-a-real-token' }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Not authenticated' });
    }
  });
});

describe('GET /api/chapters/{id}/', () => {
  it('answers the chapter with its story, language, outline and next chapter', async () => {
    const token = await learner();
    const { story, chapters: made } = await createStory(t.db, { chapters: 3, wordsPerChapter: 12 });
    const [one, two, three] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];

    const response = await t.get<ReaderChapter>(`/api/chapters/${two.id}/`, { token });

    expect(response.status).toBe(200);
    expect(ReaderChapter.strict().parse(response.body)).toEqual({
      id: two.id,
      chapter_number: 2,
      title: 'Capítulo 2',
      content: two.content,
      order_index: 1,
      word_count: 12,
      audio_url: null,
      is_completed: false,
      // Issue 22: the factory writes the chapter straight to the table, so its terms are not made yet.
      terms: {},
      statuses: {},
      story: {
        id: story.id,
        title: story.title,
        language: { id: await languageId('es'), code: 'es', name: 'Spanish', native_name: 'Español' },
        chapters: [
          { id: one.id, chapter_number: 1, title: 'Capítulo 1' },
          { id: two.id, chapter_number: 2, title: 'Capítulo 2' },
          { id: three.id, chapter_number: 3, title: 'Capítulo 3' },
        ],
        next_chapter: { id: three.id, title: 'Capítulo 3' },
      },
    });
    const last = await t.get<ReaderChapter>(`/api/chapters/${three.id}/`, { token });
    expect(last.body.story.next_chapter).toBeNull();
  });

  it('answers the audio as a public URL and is_completed once the learner read the chapter', async () => {
    const token = await learner();
    const { chapters: made } = await createStory(t.db);
    const chapter = first(made);
    await t.db.update(chapters).set({ audioKey: 'story-audio/uno.mp3' }).where(eq(chapters.id, chapter.id));
    await markRead(chapter.id, token);

    const response = await t.get<ReaderChapter>(`/api/chapters/${chapter.id}/`, { token });
    const someoneElse = await t.get<ReaderChapter>(`/api/chapters/${chapter.id}/`, {
      token: await learner(),
    });

    expect(response.body.audio_url).toBe(t.app.storage.publicUrl('story-audio/uno.mp3'));
    expect(response.body.is_completed).toBe(true);
    expect(someoneElse.body.is_completed).toBe(false);
  });

  it("answers 404 'Chapter not found' for an unknown id, a malformed one, or a chapter of an unpublished story", async () => {
    const token = await learner();
    const { chapters: hidden } = await createStory(t.db, { story: { isPublished: false } });

    for (const url of [
      '/api/chapters/999999/',
      '/api/chapters/abc/',
      '/api/chapters/99999999999/',
      `/api/chapters/${first(hidden).id}/`,
    ]) {
      const response = await t.get(url, { token });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'Chapter not found' });
    }
  });

  it('answers 403 with an upgrade sentence to a learner without Pro on a story not marked free', async () => {
    const { chapters: made } = await createStory(t.db, { story: { isFree: false } });

    const response = await t.get(`/api/chapters/${first(made).id}/`, { token: await learner() });

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'This story is for Pro members. Upgrade to read it.' });
  });

  it('lets a Pro learner read a story not marked free, and refuses it again once the plan lapses', async () => {
    const { chapters: made } = await createStory(t.db, { story: { isFree: false } });
    const user = await createUser(t.db);
    const token = (await signIn(t.db, user)).accessToken;
    await giveSubscription(t.db, user.id, { stripeCustomerId: `cus_read_${user.id}` });

    expect((await t.get(`/api/chapters/${first(made).id}/`, { token })).status).toBe(200);
    await t.db.update(subscriptions).set({ status: 'past_due' }).where(eq(subscriptions.userId, user.id));
    expect((await t.get(`/api/chapters/${first(made).id}/`, { token })).status).toBe(403);
  });

  it('lets an admin read a Pro story and an unpublished one', async () => {
    const token = await admin();
    const { chapters: pro } = await createStory(t.db, { story: { isFree: false } });
    const { chapters: draft } = await createStory(t.db, { story: { isPublished: false, isFree: false } });

    expect((await t.get(`/api/chapters/${first(pro).id}/`, { token })).status).toBe(200);
    expect((await t.get(`/api/chapters/${first(draft).id}/`, { token })).status).toBe(200);
  });
});

describe('POST /api/chapters/{id}/mark-read/ and mark-unread/', () => {
  it("credits the chapter's own word_count once, whatever the client says it read", async () => {
    const token = await learner();
    const { chapters: made } = await createStory(t.db, { chapters: 2, wordsPerChapter: 25 });
    const [one, two] = made as [(typeof made)[0], (typeof made)[0]];

    const firstRead = await post<ChapterProgressResult>(`/api/chapters/${one.id}/mark-read/`, token, {
      words_read: 9999,
      completion_percentage: 100,
      time_spent: 0,
    });
    const again = await markRead(one.id, token);
    const other = await markRead(two.id, token);

    expect(firstRead.status).toBe(200);
    expect(ChapterProgressResult.strict().parse(firstRead.body)).toEqual({
      chapter_id: one.id,
      is_completed: true,
      completion_percentage: 100,
      words_read: 25,
      points_earned: 25,
      points_change: 25,
      total_words_read: 25,
      total_points: 25,
    });
    expect(again.body).toMatchObject({
      is_completed: true,
      points_earned: 25,
      points_change: 0,
      total_points: 25,
    });
    expect(other.body).toMatchObject({ points_change: 25, total_words_read: 50, total_points: 50 });
    expect(await languageTotals(token, 'es')).toMatchObject({
      total_words_read: 50,
      total_points: 50,
      current_level: 'beginner',
      native_language: { code: 'en' },
    });
  });

  it('accepts a mark-read without a body', async () => {
    const token = await learner();
    const { chapters: made } = await createStory(t.db, { wordsPerChapter: 7 });

    const response = await post<ChapterProgressResult>(`/api/chapters/${first(made).id}/mark-read/`, token);

    expect(response.status).toBe(200);
    expect(response.body.points_change).toBe(7);
  });

  it('credits once when the same chapter is marked read several times at the same moment', async () => {
    const token = await learner();
    const { chapters: made } = await createStory(t.db, { wordsPerChapter: 40 });
    const id = first(made).id;

    const answers = await arriveTogether('chapter_progress', 4, () => markRead(id, token));

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => answer.body.points_change).sort((a, b) => a - b)).toEqual([0, 0, 0, 40]);
    expect(await languageTotals(token, 'es')).toMatchObject({ total_words_read: 40, total_points: 40 });
  });

  it('takes the credited points and words back once; a second mark-unread takes nothing', async () => {
    const token = await learner();
    const { chapters: made } = await createStory(t.db, { chapters: 2, wordsPerChapter: 30 });
    const [one, two] = made as [(typeof made)[0], (typeof made)[0]];
    await markRead(one.id, token);
    await markRead(two.id, token);

    const undone = await markUnread(one.id, token);
    const again = await markUnread(one.id, token);

    expect(undone.status).toBe(200);
    expect(ChapterProgressResult.strict().parse(undone.body)).toEqual({
      chapter_id: one.id,
      is_completed: false,
      completion_percentage: 0,
      words_read: 0,
      points_earned: 0,
      points_change: -30,
      total_words_read: 30,
      total_points: 30,
    });
    expect(again.body).toMatchObject({ is_completed: false, points_change: 0, total_points: 30 });
    const reread = await markRead(one.id, token);
    expect(reread.body).toMatchObject({ points_change: 30, total_points: 60 });
  });

  it('takes back what was credited, even after the chapter text changed', async () => {
    const token = await learner();
    const { chapters: made } = await createStory(t.db, { wordsPerChapter: 20 });
    const id = first(made).id;
    await markRead(id, token);
    await t.db.update(chapters).set({ wordCount: 500 }).where(eq(chapters.id, id));

    const undone = await markUnread(id, token);

    expect(undone.body).toMatchObject({ points_change: -20, total_points: 0, total_words_read: 0 });
  });

  it('keeps totals right when read and unread race', async () => {
    const token = await learner();
    const { chapters: made } = await createStory(t.db, { wordsPerChapter: 15 });
    const id = first(made).id;

    await Promise.all([
      markRead(id, token),
      markUnread(id, token),
      markRead(id, token),
      markUnread(id, token),
    ]);

    const [row] = await t.db.select().from(chapterProgress).where(eq(chapterProgress.chapterId, id));
    const totals = await languageTotals(token, 'es');
    expect(totals?.total_points).toBe(row?.pointsEarned);
    expect(totals?.total_words_read).toBe(row?.wordsRead);
  });

  it('answers a mark-unread of a chapter never read with nothing changed', async () => {
    const token = await learner();
    const { chapters: made } = await createStory(t.db);

    const response = await markUnread(first(made).id, token);

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ is_completed: false, points_change: 0, total_points: 0 });
  });

  it('refuses figures of the wrong type or out of range with a sentence', async () => {
    const token = await learner();
    const { chapters: made } = await createStory(t.db);
    const url = `/api/chapters/${first(made).id}/mark-read/`;
    const cases: [object | string, string][] = [
      [{ words_read: 'many' }, 'words_read must be a whole number from 0 to 10000000.'],
      [{ words_read: -1 }, 'words_read must be a whole number from 0 to 10000000.'],
      [{ completion_percentage: 101 }, 'completion_percentage must be a number from 0 to 100.'],
      [{ time_spent: 1.5 }, 'time_spent must be a whole number of seconds from 0 to 86400.'],
    ];
    for (const [payload, error] of cases) {
      const response = await post(url, token, payload);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error });
    }
    const notJson = await t.request({
      method: 'POST',
      url,
      token,
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual({ error: 'The request body is not valid JSON.' });
    expect(await languageTotals(token, 'es')).toBeUndefined();
  });

  it("answers 404 'Chapter not found' for unknown chapters and those of unpublished stories", async () => {
    const token = await learner();
    const { chapters: hidden } = await createStory(t.db, { story: { isPublished: false } });

    for (const id of ['999999', 'abc', '99999999999', String(first(hidden).id)]) {
      for (const response of [
        await post(`/api/chapters/${id}/mark-read/`, token, {}),
        await post(`/api/chapters/${id}/mark-unread/`, token),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ error: 'Chapter not found' });
      }
    }
  });

  it('answers 403 to a learner without Pro marking a Pro story read, and lets an admin', async () => {
    const { chapters: made } = await createStory(t.db, { story: { isFree: false }, wordsPerChapter: 5 });
    const id = first(made).id;

    const refused = await markRead(id, await learner());
    const allowed = await markRead(id, await admin());

    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'This story is for Pro members. Upgrade to read it.' });
    expect(allowed.status).toBe(200);
    expect(allowed.body.points_change).toBe(5);
  });

  it('lets a learner take back a chapter of a story that became Pro-only after they read it', async () => {
    const token = await learner();
    const { story, chapters: made } = await createStory(t.db, { wordsPerChapter: 6 });
    const id = first(made).id;
    await markRead(id, token);
    await t.db.update(stories).set({ isFree: false }).where(eq(stories.id, story.id));

    const undone = await markUnread(id, token);

    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ points_change: -6, total_points: 0 });
  });

  it('counts each story in its own language', async () => {
    const token = await learner();
    const { chapters: spanish } = await createStory(t.db, { wordsPerChapter: 3 });
    const { chapters: french } = await createStory(t.db, { languageCode: 'fr', wordsPerChapter: 4 });

    await markRead(first(spanish).id, token);
    await markRead(first(french).id, token);

    expect((await languageTotals(token, 'es'))?.total_points).toBe(3);
    expect((await languageTotals(token, 'fr'))?.total_points).toBe(4);
  });
});

describe('/api/user/language-progress/', () => {
  it('creates an entry, keeps it on a second save, and lists entries oldest first', async () => {
    const token = await learner();
    const [es, fr, en] = [await languageId('es'), await languageId('fr'), await languageId('en')];

    const created = await post<LanguageProgressEntry>('/api/user/language-progress/', token, {
      language_id: fr,
      native_language_id: en,
      current_level: 'intermediate',
    });
    const kept = await post<LanguageProgressEntry>('/api/user/language-progress/', token, {
      language_id: fr,
      native_language_id: en,
      current_level: 'beginner',
    });
    await post('/api/user/language-progress/', token, { language_id: es, native_language_id: en });
    const list = await t.get<LanguageProgressEntry[]>('/api/user/language-progress/', { token });

    expect(created.status).toBe(201);
    expect(LanguageProgressEntry.strict().parse(created.body)).toEqual({
      id: expect.any(Number),
      language: { id: fr, code: 'fr', name: 'French', native_name: 'Français' },
      native_language: { id: en, code: 'en', name: 'English', native_name: 'English' },
      total_words_read: 0,
      total_points: 0,
      current_level: 'intermediate',
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toEqual(created.body);
    expect(LanguageProgressList.parse(list.body).map((entry) => entry.language.code)).toEqual(['fr', 'es']);
    expect(list.body[1]?.current_level).toBe('beginner');
  });

  it('saves the same entry once when two saves arrive together', async () => {
    const token = await learner();
    const es = await languageId('es');
    const payload = {
      language_id: es,
      native_language_id: await languageId('en'),
      current_level: 'beginner',
    };

    const answers = await arriveTogether('user_language_progress', 2, () =>
      post('/api/user/language-progress/', token, payload),
    );

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect((await t.get<unknown[]>('/api/user/language-progress/', { token })).body).toHaveLength(1);
  });

  it('shows a learner only their own entries', async () => {
    const token = await learner();
    await post('/api/user/language-progress/', token, { language_id: await languageId('de') });

    const other = await t.get('/api/user/language-progress/', { token: await learner() });

    expect(other.body).toEqual([]);
  });

  it('refuses a malformed save with a sentence, and an unknown language', async () => {
    const token = await learner();
    const cases: [object, string][] = [
      [{}, 'language_id must be the id of a language.'],
      [{ language_id: 'es' }, 'language_id must be the id of a language.'],
      [{ language_id: -3 }, 'language_id must be the id of a language.'],
      [{ language_id: 1, native_language_id: 1.5 }, 'native_language_id must be the id of a language.'],
      [
        { language_id: 1, current_level: 'expert' },
        'current_level must be one of beginner, intermediate, advanced.',
      ],
      [{ language_id: 999_999 }, 'That language does not exist.'],
      [{ language_id: 1, native_language_id: 999_999 }, 'That native language does not exist.'],
    ];
    for (const [payload, error] of cases) {
      const response = await post('/api/user/language-progress/', token, payload);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error });
    }
  });
});

describe('/api/words/', () => {
  it("saves a word under the learner's lower-case key and counts each save", async () => {
    const token = await learner();
    const { story, chapters: made } = await createStory(t.db);
    const chapter = first(made);

    const saved = await post<SavedWord>('/api/words/save/', token, {
      word: '¡Hola!',
      language: 'es',
      story: story.id,
      chapter: chapter.id,
    });
    const again = await post<SavedWord>('/api/words/save/', token, { word: 'hola', language: 'ES' });
    const third = await post<SavedWord>('/api/words/save/', token, {
      word: ' HOLA, ',
      language: 'es',
      story: null,
      chapter: null,
    });

    expect(saved.status).toBe(201);
    expect(SavedWord.strict().parse(saved.body)).toEqual({
      id: expect.any(Number),
      word: 'hola',
      language: 'es',
      occurrences: 1,
      last_seen_at: expect.any(String),
      term: 'hola',
      status: 'learning-1',
    });
    expect(again.status).toBe(200);
    expect(third.body).toMatchObject({ id: saved.body.id, word: 'hola', occurrences: 3 });
    expect(Date.parse(third.body.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(saved.body.last_seen_at));
  });

  it('counts every one of several saves sent at once', async () => {
    const token = await learner();

    await arriveTogether('saved_words', 5, () =>
      post('/api/words/save/', token, { word: 'casa', language: 'es' }),
    );

    const list = await t.get<SavedWord[]>('/api/words/', { token });
    expect(list.body).toEqual([expect.objectContaining({ word: 'casa', occurrences: 5 })]);
  });

  it('lists the words newest first, by language when asked, and only to the learner who saved them', async () => {
    const token = await learner();
    for (const [word, language] of [
      ['perro', 'es'],
      ['chat', 'fr'],
      ['gato', 'es'],
    ]) {
      await post('/api/words/save/', token, { word, language });
    }
    await post('/api/words/save/', token, { word: 'perro', language: 'es' });

    const all = await t.get<SavedWord[]>('/api/words/', { token });
    const spanish = await t.get<SavedWord[]>('/api/words/?language=es', { token });
    const other = await t.get<SavedWord[]>('/api/words/', { token: await learner() });

    expect(SavedWordList.parse(all.body).map((word) => word.word)).toEqual(['perro', 'gato', 'chat']);
    expect(spanish.body.map((word) => [word.word, word.occurrences])).toEqual([
      ['perro', 2],
      ['gato', 1],
    ]);
    expect(other.body).toEqual([]);
  });

  it('keeps the same word apart per language and per learner', async () => {
    const [one, two] = [await learner(), await learner()];

    await post('/api/words/save/', one, { word: 'radio', language: 'es' });
    await post('/api/words/save/', one, { word: 'radio', language: 'it' });
    const theirs = await post<SavedWord>('/api/words/save/', two, { word: 'radio', language: 'es' });

    expect(theirs.body.occurrences).toBe(1);
    expect((await t.get<unknown[]>('/api/words/', { token: one })).body).toHaveLength(2);
  });

  it('refuses a malformed save with a sentence', async () => {
    const token = await learner();
    const { story } = await createStory(t.db);
    const { chapters: elsewhere } = await createStory(t.db);
    const cases: [object, string][] = [
      [{ language: 'es' }, 'word is required'],
      [{ word: ' ¿!… ', language: 'es' }, 'word is required'],
      [{ word: 'a'.repeat(101), language: 'es' }, 'word must be at most 100 characters long.'],
      [{ word: 'a'.repeat(100_000), language: 'es' }, 'word must be at most 100 characters long.'],
      [{ word: 42, language: 'es' }, 'word is required'],
      [{ word: 'ho\u0000la', language: 'es' }, 'word must not contain control characters.'],
      [{ word: 'hola' }, 'language is required'],
      [{ word: 'hola', language: 'spanish' }, 'language must be a language code such as es.'],
      [{ word: 'hola', language: 'xx' }, 'That language does not exist.'],
      [{ word: 'hola', language: 'es', story: 'first' }, 'story must be the id of a story.'],
      [{ word: 'hola', language: 'es', chapter: 0 }, 'chapter must be the id of a chapter.'],
      [{ word: 'hola', language: 'es', chapter: 2 ** 31 }, 'chapter must be the id of a chapter.'],
      [{ word: 'hola', language: 'es', story: 999_999 }, 'That story does not exist.'],
      [{ word: 'hola', language: 'es', chapter: 999_999 }, 'That chapter does not exist.'],
      [
        { word: 'hola', language: 'es', story: story.id, chapter: first(elsewhere).id },
        'That chapter is not part of that story.',
      ],
    ];
    for (const [payload, error] of cases) {
      const response = await post('/api/words/save/', token, payload);
      expect(response.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.body).toEqual({ error });
    }
    const badFilter = await t.get('/api/words/?language=123', { token });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body).toEqual({ error: 'language must be a language code such as es.' });
    expect((await t.get('/api/words/', { token })).body).toEqual([]);
  });

  it('keeps the word when the story it was seen in is deleted', async () => {
    const token = await learner();
    const { story, chapters: made } = await createStory(t.db);
    await post('/api/words/save/', token, { word: 'luna', language: 'es', chapter: first(made).id });

    await t.db.delete(stories).where(eq(stories.id, story.id));

    const list = await t.get<SavedWord[]>('/api/words/', { token });
    expect(list.body).toEqual([expect.objectContaining({ word: 'luna', occurrences: 1 })]);
  });
});

describe('deleting a chapter', () => {
  it("removes learners' progress in it but keeps their language totals", async () => {
    const token = await learner();
    const { chapters: made } = await createStory(t.db, { wordsPerChapter: 8 });
    const id = first(made).id;
    await markRead(id, token);

    await t.db.delete(chapters).where(eq(chapters.id, id));

    const rows = await t.db.select().from(chapterProgress).where(eq(chapterProgress.chapterId, id));
    expect(rows).toEqual([]);
    expect((await languageTotals(token, 'es'))?.total_points).toBe(8);
  });
});
